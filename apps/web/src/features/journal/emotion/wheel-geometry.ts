/** Radii of the three rings of the detailed selector, in CSS pixels (Part 1 §9). */
export interface RingRadii {
  outer: number;
  middle: number;
  inner: number;
}

/** Up to 480 px wide: 120/75/40; up to 768 px: 140/90/50; wider: 250/140/90 (Part 1 §9). */
export function ringRadiiFor(containerWidth: number): RingRadii {
  if (containerWidth <= 480) return { outer: 120, middle: 75, inner: 40 };
  if (containerWidth <= 768) return { outer: 140, middle: 90, inner: 50 };
  return { outer: 250, middle: 140, inner: 90 };
}

/** The band each ring occupies at a step: [inner radius, outer radius]. */
export interface RingBands {
  primary: readonly [number, number];
  secondary: readonly [number, number];
  specific: readonly [number, number];
}

/**
 * While only the primaries are shown (step 1) their ring takes the whole wheel but a small hub, so
 * the thirteen names fit on a phone; from step 2 the rings nest: primaries outside, the two
 * secondaries in the middle, the two specific feelings in the centre (decision in the report).
 */
export function ringBands(radii: RingRadii, step: number): RingBands {
  const hub = Math.round(radii.inner * 0.55);
  return {
    primary: step <= 1 ? [hub, radii.outer] : [radii.middle, radii.outer],
    secondary: [radii.inner, radii.middle],
    specific: [0, radii.inner],
  };
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** A point at `radius` and `degrees` clockwise from 12 o'clock, around (0, 0). */
export function polar(radius: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [round(radius * Math.cos(radians)), round(radius * Math.sin(radians))];
}

/**
 * SVG path of an annular sector from `startDeg` to `endDeg` (clockwise from 12 o'clock) between two
 * radii; an inner radius of 0 gives a pie slice.
 */
export function sectorPath(
  innerRadius: number,
  outerRadius: number,
  startDeg: number,
  endDeg: number,
): string {
  const sweep = Math.min(endDeg - startDeg, 359.99);
  const end = startDeg + sweep;
  const large = sweep > 180 ? 1 : 0;
  const [x1, y1] = polar(outerRadius, startDeg);
  const [x2, y2] = polar(outerRadius, end);
  if (innerRadius <= 0) {
    return `M0 0 L${x1} ${y1} A${outerRadius} ${outerRadius} 0 ${large} 1 ${x2} ${y2} Z`;
  }
  const [x3, y3] = polar(innerRadius, end);
  const [x4, y4] = polar(innerRadius, startDeg);
  return (
    `M${x1} ${y1} A${outerRadius} ${outerRadius} 0 ${large} 1 ${x2} ${y2} ` +
    `L${x3} ${y3} A${innerRadius} ${innerRadius} 0 ${large} 0 ${x4} ${y4} Z`
  );
}

/** Angles of `count` equal segments, the first starting at `offsetDeg`. */
export function segmentAngles(count: number, offsetDeg = 0): { start: number; end: number; mid: number }[] {
  const size = 360 / count;
  return Array.from({ length: count }, (_, index) => {
    const start = offsetDeg + index * size;
    return { start, end: start + size, mid: start + size / 2 };
  });
}

/**
 * Rotation (degrees) that lays a label along the radius at `midDeg` and keeps it readable from left
 * to right on both halves of the wheel.
 */
export function radialLabelRotation(midDeg: number): number {
  const normalised = ((midDeg % 360) + 360) % 360;
  return normalised <= 180 ? normalised - 90 : normalised + 90;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #RRGGBB (WCAG 2). */
export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return 0.5;
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => channel(parseInt(part ?? '0', 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

export const darkInk = '#1a1b1e';
export const lightInk = '#ffffff';

/** The text colour (near-black or white) with the higher contrast on a fill. */
export function inkOn(fill: string): string {
  const l = luminance(fill);
  const onDark = 1.05 / (l + 0.05);
  const onLight = (l + 0.05) / (luminance(darkInk) + 0.05);
  return onLight >= onDark ? darkInk : lightInk;
}

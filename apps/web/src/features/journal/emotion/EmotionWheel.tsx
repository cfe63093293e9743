import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { emotionTree, type EmotionNode } from '@mindledger/domain';
import classes from './emotion.module.css';
import {
  inkOn,
  radialLabelRotation,
  ringBands,
  sectorPath,
  segmentAngles,
  polar,
  type RingRadii,
} from './wheel-geometry';

export type WheelLevel = 0 | 1 | 2;

export interface EmotionWheelProps {
  /** Names from the primary down (0–3). */
  path: readonly string[];
  radii: RingRadii;
  onPick(level: WheelLevel, name: string, viaKeyboard: boolean): void;
}

const ringNames = ['Primary emotions', 'Secondary emotions', 'Specific feelings'] as const;
const fontStack = 'inherit';

/** The nodes each ring offers for a path: primaries, then the chosen primary's and secondary's children. */
export function ringNodes(path: readonly string[]): readonly (readonly EmotionNode[])[] {
  const primary = emotionTree.find((node) => node.name === path[0]);
  const secondary = primary?.children.find((node) => node.name === path[1]);
  const rings: (readonly EmotionNode[])[] = [emotionTree];
  if (primary) rings.push(primary.children);
  if (secondary) rings.push(secondary.children);
  return rings;
}

/**
 * The three-ring selector drawn in SVG (Part 1 §2, §4). Every segment is a focusable button
 * (Enter or Space picks it); arrow keys, Home and End move within a ring, Tab moves between rings.
 */
export function EmotionWheel({ path, radii, onPick }: EmotionWheelProps) {
  const step = Math.min(path.length + 1, 4);
  const bands = ringBands(radii, step);
  const rings = ringNodes(path);
  const segments = useRef(new Map<string, SVGGElement>());
  const focusNext = useRef<WheelLevel | null>(null);
  const size = radii.outer * 2 + 8;

  useEffect(() => {
    const level = focusNext.current;
    if (level === null) return;
    focusNext.current = null;
    const first = rings[level]?.[0];
    if (first) segments.current.get(`${level}:${first.name}`)?.focus();
  });

  const pick = (level: WheelLevel, name: string, viaKeyboard: boolean) => {
    if (viaKeyboard && level < 2) focusNext.current = (level + 1) as WheelLevel;
    onPick(level, name, viaKeyboard);
  };

  const onKeyDown = (level: WheelLevel, index: number, event: KeyboardEvent<SVGGElement>) => {
    const nodes = rings[level] ?? [];
    const node = nodes[index];
    if (!node) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(level, node.name, true);
      return;
    }
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: nodes.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = nodes[(target + nodes.length) % nodes.length];
    if (next) segments.current.get(`${level}:${next.name}`)?.focus();
  };

  const register = (key: string) => (element: SVGGElement | null) => {
    if (element) segments.current.set(key, element);
    else segments.current.delete(key);
  };

  const segmentProps = (level: WheelLevel, node: EmotionNode, index: number) => {
    const chosen = path[level];
    const selected = chosen === node.name;
    const rovingIndex = chosen ? (rings[level] ?? []).findIndex((n) => n.name === chosen) : 0;
    return {
      ref: register(`${level}:${node.name}`),
      role: 'button',
      tabIndex: index === Math.max(rovingIndex, 0) ? 0 : -1,
      'aria-label': node.name,
      'aria-pressed': selected,
      'data-dimmed': Boolean(chosen) && !selected,
      className: classes.segment,
      onClick: () => pick(level, node.name, false),
      onKeyDown: (event: KeyboardEvent<SVGGElement>) => onKeyDown(level, index, event),
    };
  };

  const [pInner, pOuter] = bands.primary;
  const primaryDepth = pOuter - pInner;
  const withNames = primaryDepth >= 70;
  const primaryAngles = segmentAngles(emotionTree.length);
  const arcAt = (radius: number) => (2 * Math.PI * radius) / emotionTree.length;
  const primaryEmoji = Math.min(withNames ? 22 : primaryDepth * 0.45, arcAt(pOuter - 14) * 0.5, 24);
  const nameSpace = primaryDepth - primaryEmoji * 1.6 - 8;
  const primaryFont = Math.max(8.5, Math.min(14, nameSpace / 7.4));

  return (
    <svg
      className={classes.wheel}
      width={size}
      height={size}
      viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`}
      role="group"
      aria-label="Emotion wheel"
      data-step={step}
    >
      <g role="group" aria-label={ringNames[0]} className={classes.ring} key={`primary-${step > 1}`}>
        {emotionTree.map((node, index) => {
          const angle = primaryAngles[index]!;
          const ink = inkOn(node.color);
          const emojiAt = polar(pOuter - primaryEmoji * 0.85, angle.mid);
          const nameCentre = pInner + 4 + nameSpace / 2;
          const nameAt = polar(nameCentre, angle.mid);
          const rotation = radialLabelRotation(angle.mid);
          return (
            <g key={node.name} {...segmentProps(0, node, index)}>
              <path
                className={classes.shape}
                d={sectorPath(pInner, pOuter, angle.start, angle.end)}
                fill={node.color}
              />
              <text
                className={classes.emoji}
                x={emojiAt[0]}
                y={emojiAt[1]}
                fontSize={primaryEmoji}
                aria-hidden="true"
              >
                {node.emoji}
              </text>
              {withNames ? (
                <text
                  className={classes.label}
                  x={nameAt[0]}
                  y={nameAt[1]}
                  fill={ink}
                  fontSize={primaryFont}
                  fontFamily={fontStack}
                  transform={`rotate(${rotation} ${nameAt[0]} ${nameAt[1]})`}
                  aria-hidden="true"
                >
                  {node.name}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      {step === 1 ? <circle className={classes.hub} r={pInner - 3} aria-hidden="true" /> : null}
      {rings[1] ? (
        <HalvesRing
          key={`secondary-${path[0]}`}
          level={1}
          nodes={rings[1]}
          band={bands.secondary}
          segmentProps={segmentProps}
        />
      ) : null}
      {step === 2 ? (
        <Centre radius={bands.specific[1] - 3} emoji={rings[1] ? primaryOf(path)?.emoji : undefined} faded />
      ) : null}
      {step === 3 && rings[2] ? (
        <HalvesRing
          key={`specific-${path[1]}`}
          level={2}
          nodes={rings[2]}
          band={bands.specific}
          segmentProps={segmentProps}
        />
      ) : null}
      {step === 4 ? (
        <Centre
          key={path[2]}
          radius={bands.specific[1] - 2}
          emoji={rings[2]?.find((node) => node.name === path[2])?.emoji}
          color={rings[2]?.find((node) => node.name === path[2])?.color}
        />
      ) : null}
    </svg>
  );
}

function primaryOf(path: readonly string[]): EmotionNode | undefined {
  return emotionTree.find((node) => node.name === path[0]);
}

interface HalvesRingProps {
  level: WheelLevel;
  nodes: readonly EmotionNode[];
  band: readonly [number, number];
  segmentProps(level: WheelLevel, node: EmotionNode, index: number): Record<string, unknown>;
}

/** A ring of two choices, one on the top half and one on the bottom half, names written level. */
function HalvesRing({ level, nodes, band, segmentProps }: HalvesRingProps) {
  const [inner, outer] = band;
  const depth = outer - inner;
  const labelRadius = inner > 0 ? (inner + outer) / 2 : outer * 0.5;
  const emoji = Math.min(inner > 0 ? depth * 0.5 : outer * 0.38, 28);
  const font = Math.max(9, Math.min(14, (inner > 0 ? depth : outer) * 0.27));
  return (
    <g role="group" aria-label={ringNames[level]} className={classes.ring}>
      {nodes.map((node, index) => {
        const start = index === 0 ? -90 : 90;
        const centreY = index === 0 ? -labelRadius : labelRadius;
        return (
          <g key={node.name} {...(segmentProps(level, node, index) as object)}>
            <path
              className={classes.shape}
              d={sectorPath(inner, outer, start, start + 180)}
              fill={node.color}
            />
            <text
              className={classes.emoji}
              x={0}
              y={centreY - font * 0.6}
              fontSize={emoji}
              aria-hidden="true"
            >
              {node.emoji}
            </text>
            <text
              className={classes.label}
              x={0}
              y={centreY + emoji * 0.5 + 1}
              fill={inkOn(node.color)}
              fontSize={font}
              aria-hidden="true"
            >
              {node.name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

interface CentreProps {
  radius: number;
  emoji?: string;
  color?: string;
  faded?: boolean;
}

function Centre({ radius, emoji, color, faded = false }: CentreProps): ReactNode {
  return (
    <g className={classes.centre} aria-hidden="true">
      <circle
        r={radius}
        className={classes.hub}
        style={
          color
            ? { fill: `color-mix(in srgb, ${color} 30%, var(--mantine-color-body))`, stroke: color }
            : undefined
        }
      />
      {emoji ? (
        <text
          className={classes.emoji}
          x={0}
          y={2}
          fontSize={radius * (faded ? 0.7 : 1.05)}
          opacity={faded ? 0.55 : 1}
        >
          {emoji}
        </text>
      ) : null}
    </g>
  );
}

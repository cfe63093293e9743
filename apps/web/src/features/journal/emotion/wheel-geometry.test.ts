import { describe, expect, it } from 'vitest';
import {
  inkOn,
  radialLabelRotation,
  ringBands,
  ringRadiiFor,
  sectorPath,
  segmentAngles,
} from './wheel-geometry';

describe('wheel geometry', () => {
  it('uses the ring radii of the spec by container width', () => {
    expect(ringRadiiFor(375)).toEqual({ outer: 120, middle: 75, inner: 40 });
    expect(ringRadiiFor(480)).toEqual({ outer: 120, middle: 75, inner: 40 });
    expect(ringRadiiFor(481)).toEqual({ outer: 140, middle: 90, inner: 50 });
    expect(ringRadiiFor(768)).toEqual({ outer: 140, middle: 90, inner: 50 });
    expect(ringRadiiFor(769)).toEqual({ outer: 250, middle: 140, inner: 90 });
  });

  it('nests the rings once a primary is chosen', () => {
    const radii = ringRadiiFor(1280);
    expect(ringBands(radii, 1).primary).toEqual([50, 250]);
    expect(ringBands(radii, 2)).toEqual({ primary: [140, 250], secondary: [90, 140], specific: [0, 90] });
  });

  it('draws sectors and slices', () => {
    expect(sectorPath(50, 100, 0, 90)).toBe('M0 -100 A100 100 0 0 1 100 0 L50 0 A50 50 0 0 0 0 -50 Z');
    expect(sectorPath(0, 40, -90, 90)).toBe('M0 0 L-40 0 A40 40 0 0 1 40 0 Z');
    expect(segmentAngles(4)).toEqual([
      { start: 0, end: 90, mid: 45 },
      { start: 90, end: 180, mid: 135 },
      { start: 180, end: 270, mid: 225 },
      { start: 270, end: 360, mid: 315 },
    ]);
  });

  it('keeps radial labels upright and readable on light and dark fills', () => {
    expect(radialLabelRotation(90)).toBe(0);
    expect(radialLabelRotation(270)).toBe(360);
    expect(radialLabelRotation(0)).toBe(-90);
    expect(inkOn('#FBEA9D')).toBe('#1a1b1e');
    expect(inkOn('#1E3A8A')).toBe('#ffffff');
  });
});

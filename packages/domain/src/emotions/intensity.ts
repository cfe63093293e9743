/** Intensity of an emotion: an integer 1–10, 5 by default (Part 1 §3, §9). */
export const defaultEmotionIntensity = 5;

/**
 * Reads an intensity the way the stored-value sanitiser does (Part 1 §5: "not a number from 1 to 10
 * becomes 5"); a fraction inside the range is rounded so callers always get an integer.
 */
export function toEmotionIntensity(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 10) {
    return defaultEmotionIntensity;
  }
  return Math.round(value);
}

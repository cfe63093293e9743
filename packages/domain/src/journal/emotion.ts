import { sanitizeText, invalidContentText } from '../sanitize/text.js';
import { stripControls, stripInvisible } from '../sanitize/characters.js';
import { emotionCategories, type EmotionCategory, type EmotionData } from './types.js';

/** Emotion limits of Part 1 §3, §5, §9. */
export const emotionLimits = {
  name: 50,
  emoji: 10,
  category: 20,
  pathElements: 5,
  /** The save rules accept a path of up to 10 strings; storage keeps 5. */
  validationPathElements: 10,
  pathElement: 50,
  intensityMin: 1,
  intensityMax: 10,
} as const;
export const defaultIntensity = 5;
export const defaultEmotionColor = '#9CA3AF';
const hexColor = /^#[0-9A-Fa-f]{6}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A name through the general sanitiser, cut to `max`; nothing left → undefined. */
function cleanName(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = sanitizeText(value, { maxLength: max });
  return clean === '' || clean === invalidContentText ? undefined : clean;
}

/** An emoji: invisible, control and markup characters dropped, at most `max` code points. */
export function cleanEmoji(value: unknown, max: number = emotionLimits.emoji): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = stripControls(stripInvisible(value))
    .replace(/[<>"'`&]/g, '')
    .trim();
  const cut = Array.from(clean).slice(0, max).join('');
  return cut === '' ? undefined : cut;
}

/** Part 1 §5: a number from 1 to 10, rounded to a whole number; anything else is 5. */
export function sanitizeIntensity(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return defaultIntensity;
  if (value < emotionLimits.intensityMin || value > emotionLimits.intensityMax) return defaultIntensity;
  return Math.round(value);
}

function sanitizeCategory(value: unknown): EmotionCategory {
  if (typeof value !== 'string') return 'unknown';
  const cut = value.trim().toLowerCase().slice(0, emotionLimits.category);
  return (emotionCategories as readonly string[]).includes(cut) ? (cut as EmotionCategory) : 'unknown';
}

function sanitizePath(value: unknown, fallback: (string | undefined)[]): string[] {
  const source = Array.isArray(value) ? value : [];
  const path = source
    .filter((v): v is string => typeof v === 'string')
    .map((v) => cleanName(v, emotionLimits.pathElement))
    .filter((v): v is string => v !== undefined)
    .slice(0, emotionLimits.pathElements);
  // A selection sent without a path still has one: its names from primary down.
  return path.length > 0 ? path : fallback.filter((v): v is string => v !== undefined);
}

function sanitizeTimestamp(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'string' && value.length > 40) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The emotion sanitiser of Part 1 §5, applied before storing emotionData and originalEmotionData:
 * names (run through the general sanitiser) cut to 50, emoji to 10, category to 20 and 'unknown'
 * unless positive/neutral/negative/unknown, path strings only, at most 5 of 50 characters (the
 * names from primary down when no path is given), intensity 1–10 rounded (else 5), colour #RRGGBB
 * (else #9CA3AF). A selection without a primary emotion is ignored: null.
 */
export function sanitizeEmotionData(raw: unknown): EmotionData | null {
  if (!isRecord(raw)) return null;
  const primaryEmotion = cleanName(raw.primaryEmotion, emotionLimits.name);
  if (!primaryEmotion) return null;
  const secondaryEmotion = cleanName(raw.secondaryEmotion, emotionLimits.name);
  const specificFeeling = cleanName(raw.specificFeeling, emotionLimits.name);
  const data: EmotionData = {
    primaryEmotion,
    intensity: sanitizeIntensity(raw.intensity),
    color: typeof raw.color === 'string' && hexColor.test(raw.color) ? raw.color : defaultEmotionColor,
    category: sanitizeCategory(raw.category),
    path: sanitizePath(raw.path, [primaryEmotion, secondaryEmotion, specificFeeling]),
  };
  if (secondaryEmotion) data.secondaryEmotion = secondaryEmotion;
  if (specificFeeling) data.specificFeeling = specificFeeling;
  const emoji = cleanEmoji(raw.emoji);
  if (emoji) data.emoji = emoji;
  const timestamp = sanitizeTimestamp(raw.timestamp);
  if (timestamp) data.timestamp = timestamp;
  return data;
}

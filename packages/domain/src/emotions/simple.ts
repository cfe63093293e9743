import type { EmotionData } from '../journal/types.js';
import { toEmotionIntensity } from './intensity.js';

/** The three buttons of Simple mode ('How are you feeling?', Part 1 §2). */
export const simpleEmotionKinds = ['positive', 'neutral', 'negative'] as const;
export type SimpleEmotionKind = (typeof simpleEmotionKinds)[number];

export interface SimpleEmotion {
  kind: SimpleEmotionKind;
  emoji: string;
  /** Theme colour, #RRGGBB. */
  color: string;
}

/** Simple-mode pseudo-emotions (Part 1 §3): each has an emoji, a theme colour and a one-element path. */
export const simpleEmotions: Readonly<Record<SimpleEmotionKind, SimpleEmotion>> = {
  positive: { kind: 'positive', emoji: '😃', color: '#22C55E' },
  neutral: { kind: 'neutral', emoji: '😐', color: '#EAB308' },
  negative: { kind: 'negative', emoji: '😔', color: '#EF4444' },
};

export function isSimpleEmotionKind(value: string): value is SimpleEmotionKind {
  return (simpleEmotionKinds as readonly string[]).includes(value);
}

/** The emotionData stored for a Simple-mode choice: the kind is the primary, the path and the category. */
export function simpleEmotionData(kind: SimpleEmotionKind, intensity: number): EmotionData {
  const { emoji, color } = simpleEmotions[kind];
  return {
    primaryEmotion: kind,
    intensity: toEmotionIntensity(intensity),
    emoji,
    color,
    category: kind,
    path: [kind],
  };
}

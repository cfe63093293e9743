import type { EmotionCategory } from '../journal/types.js';

/** The texts behind 'Learn more about this emotion' (Part 1 §2). */
export interface EmotionTexts {
  /** One plain sentence. */
  readonly definition: string;
  /** Short situations completing 'You might feel this when...' (lower-case start, no full stop). */
  readonly examples: readonly string[];
  readonly physicalSensations: readonly string[];
  /** Names of other catalogue emotions. */
  readonly relatedEmotions: readonly string[];
}

/** One emotion of the wheel, at any level. */
export interface EmotionNode extends EmotionTexts {
  readonly name: string;
  readonly emoji: string;
  /** #RRGGBB; a shade of the primary's hue. */
  readonly color: string;
}

/** A category a primary can have (the selector's Reading A groups, spec ruling 3). */
export type PrimaryCategory = Exclude<EmotionCategory, 'unknown'>;

export interface SecondaryEmotionNode extends EmotionNode {
  readonly children: readonly [EmotionNode, EmotionNode];
}

export interface PrimaryEmotionNode extends EmotionNode {
  readonly category: PrimaryCategory;
  readonly children: readonly [SecondaryEmotionNode, SecondaryEmotionNode];
}

export type EmotionLevel = 'primary' | 'secondary' | 'specific';

import type { EmotionCategory, EmotionData } from '../journal/types.js';
import { negativePrimaries } from './catalogue-negative.js';
import { neutralPrimaries } from './catalogue-neutral.js';
import { positivePrimaries } from './catalogue-positive.js';
import { toEmotionIntensity } from './intensity.js';
import { isSimpleEmotionKind, simpleEmotionData } from './simple.js';
import type {
  EmotionLevel,
  EmotionNode,
  EmotionTexts,
  PrimaryCategory,
  PrimaryEmotionNode,
  SecondaryEmotionNode,
} from './types.js';

/**
 * The emotion wheel (spec ruling 4): 13 primaries in the selector's Reading A order, each with two
 * secondary emotions of two specific feelings. Names are unique across the tree, ignoring case.
 */
export const emotionTree: readonly PrimaryEmotionNode[] = [
  ...positivePrimaries,
  ...neutralPrimaries,
  ...negativePrimaries,
];

/** The 13 primaries, grouped as the selector shows them (spec ruling 3, Reading A). */
export const primaryEmotions = [
  'Joy',
  'Love',
  'Trust',
  'Pride',
  'Anticipation',
  'Calm',
  'Surprise',
  'Indifferent',
  'Confused',
  'Fear',
  'Anger',
  'Sadness',
  'Disgust',
] as const;
export type PrimaryEmotionName = (typeof primaryEmotions)[number];

export const primaryEmotionsByCategory: Readonly<Record<PrimaryCategory, readonly PrimaryEmotionName[]>> = {
  positive: ['Joy', 'Love', 'Trust', 'Pride', 'Anticipation'],
  neutral: ['Calm', 'Surprise', 'Indifferent', 'Confused'],
  negative: ['Fear', 'Anger', 'Sadness', 'Disgust'],
};

/** Headings of the 'Learn more about this emotion' modal (Part 1 §2), worded as the spec gives them. */
export const emotionInfoLabels = {
  button: 'Learn more about this emotion',
  definition: 'Definition',
  examples: 'You might feel this when...',
  physicalSensations: 'Physical sensations',
  relatedEmotions: 'Related emotions',
} as const;

/** What the modal shows for an emotion that is not in the catalogue (Part 1 §3: "a generic text"). */
export const genericEmotionTexts: EmotionTexts = {
  definition:
    'A feeling that is part of your experience right now; every feeling is valid, and naming it is a good first step.',
  examples: [
    'something happens that matters to you',
    'a memory or a thought comes back to you',
    'your body or mind is asking for a little attention',
  ],
  physicalSensations: [
    'A change in your breathing',
    'Tension or ease somewhere in your body',
    'A shift in your energy',
  ],
  relatedEmotions: [],
};

export interface EmotionMatch {
  node: EmotionNode;
  level: EmotionLevel;
  primary: PrimaryEmotionNode;
  /** Set for secondary emotions (itself) and specific feelings (their parent). */
  secondary?: SecondaryEmotionNode;
  /** Names from the primary down to the node. */
  path: readonly string[];
}

export interface EmotionInfo extends EmotionTexts {
  name: string;
  /** False when the generic text was used. */
  known: boolean;
  emoji?: string;
  color?: string;
}

const nameKey = (name: string): string => name.trim().toLowerCase();
const named =
  (name: string) =>
  (node: EmotionNode): boolean =>
    nameKey(node.name) === nameKey(name);

function indexTree(tree: readonly PrimaryEmotionNode[]): ReadonlyMap<string, EmotionMatch> {
  const index = new Map<string, EmotionMatch>();
  for (const primary of tree) {
    index.set(nameKey(primary.name), { node: primary, level: 'primary', primary, path: [primary.name] });
    for (const secondary of primary.children) {
      const secondaryPath = [primary.name, secondary.name];
      index.set(nameKey(secondary.name), {
        node: secondary,
        level: 'secondary',
        primary,
        secondary,
        path: secondaryPath,
      });
      for (const leaf of secondary.children) {
        index.set(nameKey(leaf.name), {
          node: leaf,
          level: 'specific',
          primary,
          secondary,
          path: [...secondaryPath, leaf.name],
        });
      }
    }
  }
  return index;
}

const emotionIndex = indexTree(emotionTree);

/** Every node of the tree, depth first (Joy, Cheerful, Delighted, Playful, Excited, …). */
export function allEmotionNodes(): EmotionNode[] {
  return [...emotionIndex.values()].map((match) => match.node);
}

/** The 91 names of the tree, depth first. */
export function allEmotionNames(): string[] {
  return allEmotionNodes().map((node) => node.name);
}

/** Finds an emotion at any level, ignoring case and surrounding spaces. */
export function findEmotion(name: string): EmotionMatch | undefined {
  return emotionIndex.get(nameKey(name));
}

/** The modal texts of an emotion, or the generic text for a name the catalogue does not know. */
export function emotionInfo(name: string): EmotionInfo {
  const match = findEmotion(name);
  if (!match) return { name: name.trim(), known: false, ...genericEmotionTexts };
  const { node } = match;
  return {
    name: node.name,
    known: true,
    emoji: node.emoji,
    color: node.color,
    definition: node.definition,
    examples: node.examples,
    physicalSensations: node.physicalSensations,
    relatedEmotions: node.relatedEmotions,
  };
}

/**
 * The selector category (Reading A) of the primary an emotion belongs to; the simple-mode kinds are
 * their own category; anything else is 'unknown'.
 */
export function emotionCategoryOf(name: string): EmotionCategory {
  const key = nameKey(name);
  if (isSimpleEmotionKind(key)) return key;
  return findEmotion(key)?.primary.category ?? 'unknown';
}

/**
 * The emotionData of a detailed-mode selection. `path` names the primary, then optionally a
 * secondary of it, then optionally one of that secondary's specific feelings (any case). The emoji
 * and colour are those of the deepest node. A single simple-mode kind gives the simple-mode data.
 * Returns undefined when the path is empty, longer than three, or does not follow the tree.
 */
export function buildEmotionData(path: readonly string[], intensity: number): EmotionData | undefined {
  const simpleKind = path.length === 1 ? nameKey(path[0] ?? '') : '';
  if (isSimpleEmotionKind(simpleKind)) return simpleEmotionData(simpleKind, intensity);
  if (path.length === 0 || path.length > 3) return undefined;
  const [primaryName = '', secondaryName, specificName] = path;
  const primary = emotionTree.find(named(primaryName));
  const secondary = secondaryName === undefined ? undefined : primary?.children.find(named(secondaryName));
  const specific = specificName === undefined ? undefined : secondary?.children.find(named(specificName));
  if (!primary || (secondaryName !== undefined && !secondary) || (specificName !== undefined && !specific)) {
    return undefined;
  }
  const nodes = [primary, secondary, specific].filter((node): node is EmotionNode => node !== undefined);
  const deepest = specific ?? secondary ?? primary;
  return {
    primaryEmotion: primary.name,
    ...(secondary ? { secondaryEmotion: secondary.name } : {}),
    ...(specific ? { specificFeeling: specific.name } : {}),
    intensity: toEmotionIntensity(intensity),
    emoji: deepest.emoji,
    color: deepest.color,
    category: primary.category,
    path: nodes.map((node) => node.name),
  };
}

import {
  buildEmotionData,
  emotionInfo,
  findEmotion,
  isSimpleEmotionKind,
  type EmotionData,
  type SelectorMode,
} from '@mindledger/domain';

/** What the selector holds while the user picks: names from the primary down, and the intensity. */
export interface Selection {
  path: string[];
  intensity: number;
}

/** Intensity 1–10, 5 by default (Part 1 §9). */
export const defaultIntensity = 5;

export const emptySelection = (): Selection => ({ path: [], intensity: defaultIntensity });

export function isSimpleData(data: EmotionData): boolean {
  return data.path.length === 1 && isSimpleEmotionKind(data.path[0] ?? '');
}

/** The mode an existing selection was made in (an edited entry keeps its own mode). */
export function modeOfData(data: EmotionData | null): SelectorMode | undefined {
  if (!data) return undefined;
  return isSimpleData(data) ? 'simple' : 'detailed';
}

export function selectionOf(data: EmotionData | null): Selection {
  if (!data) return emptySelection();
  const path = data.path.length > 0 ? data.path.slice(0, 3) : [data.primaryEmotion];
  return { path, intensity: data.intensity };
}

/** A selection is complete with one simple kind (Simple mode) or three levels (Detailed mode). */
export function isComplete(selection: Selection, mode: SelectorMode): boolean {
  if (mode === 'simple') return selection.path.length === 1 && isSimpleEmotionKind(selection.path[0] ?? '');
  return selection.path.length === 3;
}

export function dataOf(selection: Selection, mode: SelectorMode): EmotionData | null {
  if (!isComplete(selection, mode)) return null;
  return buildEmotionData(selection.path, selection.intensity) ?? null;
}

export function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name.toLowerCase() === b[index]?.toLowerCase());
}

/** Whether the selection held by the selector already stands for `data`. */
export function matches(selection: Selection, data: EmotionData | null, mode: SelectorMode): boolean {
  if (!data) return !isComplete(selection, mode);
  return samePath(selection.path, data.path) && selection.intensity === data.intensity;
}

export const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The name shown for a path element: catalogue spelling, or the simple kind capitalised. */
export function displayName(name: string): string {
  if (isSimpleEmotionKind(name)) return capitalise(name);
  return findEmotion(name)?.node.name ?? name;
}

const simpleDefinitions: Record<string, string> = {
  positive: 'Overall you feel good: things seem light, warm or hopeful right now.',
  neutral: 'Overall you feel steady or in between: neither up nor down right now.',
  negative: 'Overall you feel low or uneasy: something weighs on you right now.',
};

/** The definition shown on the confirmation card for the deepest chosen emotion. */
export function definitionOf(data: EmotionData): string {
  const deepest = data.path[data.path.length - 1] ?? data.primaryEmotion;
  return simpleDefinitions[deepest.toLowerCase()] ?? emotionInfo(deepest).definition;
}

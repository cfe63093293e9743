import { describe, expect, it } from 'vitest';
import {
  allEmotionNames,
  buildEmotionData,
  emotionCategoryOf,
  emotionInfo,
  emotionInfoLabels,
  emotionTree,
  findEmotion,
  genericEmotionTexts,
  primaryEmotions,
  primaryEmotionsByCategory,
} from './catalogue.js';
import type { EmotionNode } from './types.js';

const allNodes: EmotionNode[] = emotionTree.flatMap((primary) => [
  primary,
  ...primary.children,
  ...primary.children.flatMap((secondary) => secondary.children),
]);

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function hue(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueGap = (a: number, b: number): number => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('emotion catalogue shape', () => {
  it('has 13 primaries, 26 secondary emotions and 52 specific feelings', () => {
    expect(emotionTree).toHaveLength(13);
    expect(emotionTree.flatMap((p) => p.children)).toHaveLength(26);
    expect(emotionTree.flatMap((p) => p.children.flatMap((s) => s.children))).toHaveLength(52);
    expect(allNodes).toHaveLength(91);
    expect(allEmotionNames()).toHaveLength(91);
  });

  it('lists the primaries in Reading A order with their categories', () => {
    expect(emotionTree.map((p) => p.name)).toEqual([...primaryEmotions]);
    expect(primaryEmotionsByCategory).toEqual({
      positive: ['Joy', 'Love', 'Trust', 'Pride', 'Anticipation'],
      neutral: ['Calm', 'Surprise', 'Indifferent', 'Confused'],
      negative: ['Fear', 'Anger', 'Sadness', 'Disgust'],
    });
    for (const primary of emotionTree) {
      expect(primaryEmotionsByCategory[primary.category]).toContain(primary.name);
    }
  });

  it('has names unique across the tree ignoring case', () => {
    const keys = allNodes.map((node) => node.name.toLowerCase());
    expect(new Set(keys).size).toBe(91);
    for (const node of allNodes) expect(node.name).toBe(node.name.trim());
  });

  it('has a distinct emoji for every node', () => {
    expect(new Set(allNodes.map((node) => node.emoji)).size).toBe(91);
    for (const node of allNodes) expect(node.emoji.length).toBeGreaterThan(0);
  });

  it('gives every node a distinct #RRGGBB colour, far enough from every other', () => {
    for (const node of allNodes) expect(node.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(new Set(allNodes.map((node) => node.color)).size).toBe(91);
    for (const [i, a] of allNodes.entries()) {
      for (const b of allNodes.slice(i + 1)) {
        const [ra, ga, ba] = rgb(a.color);
        const [rb, gb, bb] = rgb(b.color);
        expect(Math.hypot(ra - rb, ga - gb, ba - bb), `${a.name} vs ${b.name}`).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it('colours children in shades of their primary hue', () => {
    for (const primary of emotionTree) {
      const family = [...primary.children, ...primary.children.flatMap((s) => s.children)];
      for (const node of family) {
        expect(hueGap(hue(node.color), hue(primary.color)), node.name).toBeLessThanOrEqual(20);
      }
    }
  });

  it('gives every node a definition, 2–3 examples, 2–4 sensations and 2–4 related catalogue emotions', () => {
    const names = new Set(allNodes.map((node) => node.name));
    for (const node of allNodes) {
      expect(node.definition, node.name).toMatch(/^[A-Z].+\.$/);
      expect(node.examples.length, node.name).toBeGreaterThanOrEqual(2);
      expect(node.examples.length, node.name).toBeLessThanOrEqual(3);
      for (const example of node.examples) {
        // They complete 'You might feel this when...'.
        expect(example, node.name).toMatch(/^[a-z].*[^.]$/);
      }
      expect(node.physicalSensations.length, node.name).toBeGreaterThanOrEqual(2);
      expect(node.physicalSensations.length, node.name).toBeLessThanOrEqual(4);
      for (const sensation of node.physicalSensations) expect(sensation.trim().length).toBeGreaterThan(0);
      expect(node.relatedEmotions.length, node.name).toBeGreaterThanOrEqual(2);
      expect(node.relatedEmotions.length, node.name).toBeLessThanOrEqual(4);
      for (const related of node.relatedEmotions) {
        expect(names.has(related), `${node.name} → ${related}`).toBe(true);
        expect(related).not.toBe(node.name);
      }
      expect(new Set(node.relatedEmotions).size).toBe(node.relatedEmotions.length);
    }
  });

  it('avoids clinical wording', () => {
    const text = JSON.stringify(emotionTree).toLowerCase();
    for (const word of ['disorder', 'diagnos', 'symptom', 'patholog', 'clinical', 'depression']) {
      expect(text).not.toContain(word);
    }
  });

  it('puts wonder and confusion leaves in the Surprise family', () => {
    const surprise = emotionTree.find((p) => p.name === 'Surprise');
    expect(surprise?.children.map((s) => [s.name, s.children.map((l) => l.name)])).toEqual([
      ['Wonder', ['Amazed', 'Awed']],
      ['Confusion', ['Bewildered', 'Perplexed']],
    ]);
  });
});

describe('findEmotion', () => {
  it.each([
    ['Joy', 'primary', 'Joy', ['Joy']],
    ['joy', 'primary', 'Joy', ['Joy']],
    ['  WONDER ', 'secondary', 'Surprise', ['Surprise', 'Wonder']],
    ['perplexed', 'specific', 'Surprise', ['Surprise', 'Confusion', 'Perplexed']],
    ['Excluded', 'specific', 'Sadness', ['Sadness', 'Lonely', 'Excluded']],
  ])('finds %s as a %s of %s', (name, level, primary, path) => {
    const match = findEmotion(name);
    expect(match?.level).toBe(level);
    expect(match?.primary.name).toBe(primary);
    expect(match?.path).toEqual(path);
    expect(match?.node.name).toBe(path[path.length - 1]);
  });

  it('names the secondary of a specific feeling', () => {
    expect(findEmotion('Awed')?.secondary?.name).toBe('Wonder');
    expect(findEmotion('Joy')?.secondary).toBeUndefined();
  });

  it('knows nothing else', () => {
    expect(findEmotion('Flustered')).toBeUndefined();
    expect(findEmotion('')).toBeUndefined();
    expect(findEmotion('constructor')).toBeUndefined();
  });
});

describe('emotionInfo', () => {
  it('returns the texts of a catalogue emotion in any case', () => {
    const info = emotionInfo('amazed');
    const node = findEmotion('Amazed')?.node;
    expect(info).toEqual({
      name: 'Amazed',
      known: true,
      emoji: node?.emoji,
      color: node?.color,
      definition: node?.definition,
      examples: node?.examples,
      physicalSensations: node?.physicalSensations,
      relatedEmotions: node?.relatedEmotions,
    });
  });

  it('returns a kind generic text for an unknown emotion', () => {
    expect(emotionInfo(' Flustered ')).toEqual({ name: 'Flustered', known: false, ...genericEmotionTexts });
    expect(genericEmotionTexts.definition).toBe(
      'A feeling that is part of your experience right now; every feeling is valid, and naming it is a good first step.',
    );
    expect(genericEmotionTexts.examples).toEqual([
      'something happens that matters to you',
      'a memory or a thought comes back to you',
      'your body or mind is asking for a little attention',
    ]);
    expect(genericEmotionTexts.physicalSensations).toEqual([
      'A change in your breathing',
      'Tension or ease somewhere in your body',
      'A shift in your energy',
    ]);
    expect(genericEmotionTexts.relatedEmotions).toEqual([]);
  });

  it('labels the modal as the spec does', () => {
    expect(emotionInfoLabels).toEqual({
      button: 'Learn more about this emotion',
      definition: 'Definition',
      examples: 'You might feel this when...',
      physicalSensations: 'Physical sensations',
      relatedEmotions: 'Related emotions',
    });
  });
});

describe('emotionCategoryOf', () => {
  it.each([
    ['Joy', 'positive'],
    ['Thankful', 'positive'],
    ['Anticipation', 'positive'],
    ['Calm', 'neutral'],
    ['amazed', 'neutral'],
    ['Perplexed', 'neutral'],
    ['Ambivalent', 'neutral'],
    ['Fear', 'negative'],
    ['Jealous', 'negative'],
    ['queasy', 'negative'],
    ['positive', 'positive'],
    ['Neutral', 'neutral'],
    ['negative', 'negative'],
    ['Flustered', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s → %s', (name, category) => {
    expect(emotionCategoryOf(name)).toBe(category);
  });
});

describe('buildEmotionData', () => {
  it('takes the emoji and colour of the deepest node and canonical names', () => {
    const awed = findEmotion('Awed')?.node;
    expect(buildEmotionData(['surprise', 'wonder', 'AWED'], 7)).toEqual({
      primaryEmotion: 'Surprise',
      secondaryEmotion: 'Wonder',
      specificFeeling: 'Awed',
      intensity: 7,
      emoji: awed?.emoji,
      color: awed?.color,
      category: 'neutral',
      path: ['Surprise', 'Wonder', 'Awed'],
    });
  });

  it('builds partial selections', () => {
    const fear = findEmotion('Fear')?.node;
    expect(buildEmotionData(['Fear'], 5)).toEqual({
      primaryEmotion: 'Fear',
      intensity: 5,
      emoji: fear?.emoji,
      color: fear?.color,
      category: 'negative',
      path: ['Fear'],
    });
    const data = buildEmotionData(['Love', 'Gratitude'], 3);
    expect(data?.secondaryEmotion).toBe('Gratitude');
    expect(data?.specificFeeling).toBeUndefined();
    expect(data?.color).toBe(findEmotion('Gratitude')?.node.color);
  });

  it.each([
    [0, 5],
    [11, 5],
    [Number.NaN, 5],
    [1, 1],
    [10, 10],
    [6.6, 7],
  ])('reads intensity %s as %s', (intensity, expected) => {
    expect(buildEmotionData(['Joy'], intensity)?.intensity).toBe(expected);
  });

  it('gives simple-mode data for a single simple kind', () => {
    expect(buildEmotionData(['Positive'], 4)).toEqual({
      primaryEmotion: 'positive',
      intensity: 4,
      emoji: '😃',
      color: '#22C55E',
      category: 'positive',
      path: ['positive'],
    });
  });

  it.each([
    [[]],
    [['Flustered']],
    [['Joy', 'Wonder']],
    [['Surprise', 'Wonder', 'Bewildered']],
    [['Joy', 'Cheerful', 'Delighted', 'Extra']],
    [['positive', 'Joy']],
  ])('refuses the path %j', (path) => {
    expect(buildEmotionData(path, 5)).toBeUndefined();
  });
});

/**
 * Feeling words the local engine listens for. Each entry is the word it reflects back (an adjective
 * that reads well after "feeling") and the forms people write. Only words found in the user's own
 * text or selection are ever reflected (spec ruling 10: grounded in the user's data).
 */
export type Valence = 'positive' | 'negative' | 'mixed';

export interface Feeling {
  word: string;
  valence: Valence;
  forms: string[];
}

const f = (word: string, valence: Valence, ...forms: string[]): Feeling => ({
  word,
  valence,
  forms: [word, ...forms],
});
/** Words with everyday other meanings ("lost my keys", "sat down") count only after feel/felt. */
const felt = (word: string, valence: Valence, ...forms: string[]): Feeling => ({
  word,
  valence,
  forms: [...['feel', 'feels', 'feeling', 'felt'].map((v) => `${v} ${word}`), ...forms],
});

export const feelings: Feeling[] = [
  f('anxious', 'negative', 'anxiety', 'anxiousness'),
  f('worried', 'negative', 'worry', 'worrying', 'worries'),
  f('nervous', 'negative', 'nervousness'),
  f('stressed', 'negative', 'stress', 'stressful', 'stressed out'),
  f('overwhelmed', 'negative', 'overwhelming', 'overwhelm'),
  f('scared', 'negative', 'afraid', 'frightened', 'fear', 'fearful', 'terrified'),
  f('panicky', 'negative', 'panic', 'panicked', 'panicking'),
  f('sad', 'negative', 'sadness', 'unhappy'),
  felt('down', 'negative', 'feeling low', 'felt low', 'feel low'),
  f('depressed', 'negative'),
  f('lonely', 'negative', 'loneliness', 'isolated', 'feel alone', 'felt alone', 'feeling alone'),
  felt('hurt', 'negative', 'heartbroken', 'heartbreak'),
  f('grieving', 'negative', 'grief', 'mourning'),
  f('empty', 'negative', 'emptiness'),
  f('numb', 'negative', 'numbness'),
  f('hopeless', 'negative', 'hopelessness', 'despair'),
  f('angry', 'negative', 'anger', 'mad', 'furious', 'rage'),
  f('frustrated', 'negative', 'frustration', 'frustrating'),
  f('irritated', 'negative', 'irritable', 'annoyed'),
  f('resentful', 'negative', 'resentment', 'bitter'),
  f('guilty', 'negative', 'guilt'),
  f('ashamed', 'negative', 'shame', 'embarrassed', 'humiliated'),
  f('jealous', 'negative', 'jealousy', 'envious', 'envy'),
  f('disappointed', 'negative', 'disappointment', 'let down'),
  f('tired', 'negative', 'exhausted', 'exhaustion', 'drained', 'worn out', 'burnt out', 'burned out'),
  f('restless', 'negative', 'on edge', 'tense'),
  felt('stuck', 'negative'),
  felt('lost', 'negative'),
  f('insecure', 'negative', 'insecurity', 'inadequate', 'not good enough'),
  f('rejected', 'negative', 'rejection', 'left out'),
  f('disgusted', 'negative', 'disgust'),
  f('confused', 'mixed', 'confusion', 'bewildered', 'perplexed', 'unsure', 'uncertain'),
  f('conflicted', 'mixed', 'torn', 'ambivalent', 'mixed feelings'),
  f('surprised', 'mixed', 'shocked'),
  f('indifferent', 'mixed', 'apathetic', 'meh'),
  f('nostalgic', 'mixed', 'nostalgia'),
  f('happy', 'positive', 'happiness', 'joy', 'joyful', 'glad', 'cheerful'),
  f('excited', 'positive', 'excitement', 'thrilled', 'eager'),
  f('grateful', 'positive', 'gratitude', 'thankful', 'appreciative'),
  f('hopeful', 'positive', 'optimistic', 'optimism'),
  f('proud', 'positive', 'pride', 'accomplished'),
  f('calm', 'positive', 'peaceful', 'peace', 'serene', 'serenity', 'relaxed', 'at ease'),
  felt('content', 'positive', 'contentment', 'satisfied'),
  f('relieved', 'positive', 'relief'),
  f('loved', 'positive', 'cared for', 'supported'),
  f('confident', 'positive', 'confidence', 'capable'),
  f('motivated', 'positive', 'motivation', 'inspired', 'determined'),
  f('curious', 'positive', 'curiosity'),
  f('energized', 'positive', 'energetic', 'refreshed'),
  f('amazed', 'positive', 'awed', 'in awe'),
  felt('safe', 'positive', 'felt secure', 'feel secure', 'feeling secure'),
];

const negations = new Set([
  'not',
  'never',
  'no',
  "don't",
  "didn't",
  "isn't",
  "wasn't",
  "aren't",
  "won't",
  'hardly',
  'nor',
]);

function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    // Clause ends become "|" so a negation never reaches across them.
    .replace(/[.,;:!?()]+|\b(?:but|just|though|although|yet)\b/g, ' | ')
    .replace(/[^a-z'| ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** "not sad", "never felt calm", "don't feel anxious": a negation within three words before. */
function negatedAt(text: string, index: number): boolean {
  const clause = text.slice(0, index).split('|').pop() ?? '';
  const words = clause.trim().split(' ').slice(-3);
  return words.some((w) => negations.has(w) || w.endsWith("n't"));
}

/** Feelings a text expresses, in the order they first appear; negated mentions are skipped. */
export function feelingsIn(text: string): Feeling[] {
  const source = normalise(text);
  const found: { feeling: Feeling; at: number }[] = [];
  for (const feeling of feelings) {
    let first = -1;
    for (const form of feeling.forms) {
      let from = 0;
      for (;;) {
        const at = source.indexOf(` ${form} `, from);
        if (at < 0) break;
        from = at + 1;
        if (negatedAt(source, at + 1)) continue;
        if (first < 0 || at < first) first = at;
        break;
      }
    }
    if (first >= 0) found.push({ feeling, at: first });
  }
  return found.sort((a, b) => a.at - b.at).map((x) => x.feeling);
}

/** The lexicon entry for a selected emotion name ("Sadness" → sad), if it has one. */
export function feelingNamed(name: string): Feeling | undefined {
  const key = normalise(name).trim();
  return feelings.find((f) => f.forms.includes(key));
}

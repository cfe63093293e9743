/**
 * Extractive helpers of the clinical documents (notes summary, care-plan draft): sentences are cut
 * from the provider's own notes, never reworded, and each keeps the note it came from.
 */
import type { ClinicalNoteInput } from '../../port.js';
import { collapse, sentencesOf, shorten } from './text.js';

export interface NoteSentence {
  note: ClinicalNoteInput;
  text: string;
  score: number;
  order: number;
}

const stopwords = new Set(
  (
    'about above after again against also among because been before being below between both ' +
    'could does doing down during each from further have having here into just more most other ' +
    'over same should some such than that their them then there these they this those through ' +
    'under until very were what when where which while with would your client session today ' +
    'week weeks said says reported reports notes note discussed'
  ).split(' '),
);

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []).filter((w) => !stopwords.has(w));
}

/** A word's stem for matching a topic: its first five letters ('sleep' matches 'sleeping'). */
export const stem = (word: string) => word.toLowerCase().slice(0, 5);

/**
 * Every sentence of the notes, scored by how often its words recur across all the notes (the
 * themes that come back), longer sentences not favoured.
 */
export function scoredSentences(notes: readonly ClinicalNoteInput[]): NoteSentence[] {
  const frequency = new Map<string, number>();
  for (const note of notes) for (const w of wordsOf(note.text)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const out: NoteSentence[] = [];
  let order = 0;
  for (const note of notes) {
    for (const sentence of sentencesOf(note.text)) {
      const words = wordsOf(sentence);
      if (words.length < 2) continue;
      const score = words.reduce((s, w) => s + (frequency.get(w) ?? 0), 0) / Math.sqrt(words.length);
      out.push({ note, text: shorten(sentence, 400).text, score, order: order++ });
    }
  }
  return out;
}

/** The `count` best sentences, one per distinct text, in note order. */
export function topSentences(sentences: readonly NoteSentence[], count: number): NoteSentence[] {
  const seen = new Set<string>();
  return [...sentences]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((s) => {
      const key = collapse(s.text).toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, count)
    .sort((a, b) => a.order - b.order);
}

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Progress Note, Nov 12, 2026'. */
export function noteLabel(note: Pick<ClinicalNoteInput, 'title' | 'date'>): string {
  return `${note.title}, ${shortDay.format(new Date(`${note.date}T00:00:00Z`))}`;
}

export function noteSource(note: ClinicalNoteInput) {
  return { type: 'note' as const, id: note.id, label: noteLabel(note) };
}

/** Recommendations across the notes, first occurrence kept, with the notes that made them. */
export function recommendationsOf(notes: readonly ClinicalNoteInput[]) {
  const found = new Map<string, { text: string; notes: ClinicalNoteInput[] }>();
  for (const note of notes) {
    for (const text of note.recommendations) {
      const key = collapse(text).toLowerCase();
      const item = found.get(key) ?? { text: collapse(text), notes: [] };
      item.notes.push(note);
      found.set(key, item);
    }
  }
  return [...found.values()];
}

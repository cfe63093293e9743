/**
 * Shared text helpers of the local document builders. Quotes are always cut from the user's own
 * text (whitespace collapsed, never reworded), so a quoted phrase is a substring of the input.
 */
import { listOf as listWords } from '../phrasing.js';

/** "a, b and c"; with a serial comma when an item has its own "and" ("anxiety and worry, and sleep"). */
export function listOf(items: readonly string[]): string {
  if (items.length < 2 || !items.some((i) => / and /.test(i))) return listWords([...items]);
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The start of `text` up to `max` characters, cut at a word boundary, without a trailing comma or
 * dash; `cut` says whether anything was left out.
 */
export function shorten(text: string, max = 120): { text: string; cut: boolean } {
  const clean = collapse(text);
  if (clean.length <= max) return { text: clean.replace(/[\s,;:–-]+$/, ''), cut: false };
  const head = clean.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  const words = (space > max / 3 ? head.slice(0, space) : clean.slice(0, max)).replace(/[\s,;:–-]+$/, '');
  return { text: words, cut: true };
}

/** “the user's words…”, shortened. */
export function quote(text: string, max = 120): string {
  const { text: words, cut } = shorten(text.replace(/[“”]/g, '"'), max);
  return `“${words}${cut ? '…' : ''}”`;
}

/** Sentences of a text, in order (on . ! ? and line ends); each a substring of the collapsed text. */
export function sentencesOf(text: string): string[] {
  return (collapse(text).match(/[^.!?]+[.!?]*/g) ?? []).map((s) => s.trim()).filter((s) => s.length > 1);
}

/** The sentence of `text` around `index` (an index into the collapsed text), quoted and shortened. */
export function sentenceAt(text: string, index: number, max = 120): string {
  const clean = collapse(text);
  const before = clean.slice(0, index);
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? ')) + 1;
  const endAt = clean.slice(index).search(/[.!?](\s|$)/);
  const end = endAt < 0 ? clean.length : index + endAt + 1;
  const sentence = clean.slice(start, end).trim();
  if (sentence.length <= max || index - start < max / 2) return quote(sentence, max);
  // A long sentence with the match far in: start a little before the match, on a word boundary.
  const from = Math.max(start, clean.lastIndexOf(' ', index - 30) + 1);
  return quote(clean.slice(from, end), max).replace('“', '“…');
}

const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Mon, Jan 5' for a local day 'YYYY-MM-DD'. */
export function formatDayShort(day: string): string {
  return weekdayFormat.format(new Date(`${day}T00:00:00Z`));
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

export const upperFirst = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** The user's first name as given, or '' (never a made-up one). */
export const firstNameOf = (name: string) => (name.trim().split(/\s+/)[0] ?? '').slice(0, 60);

/** A name the user gave (an activity, a goal), quoted and kept short enough for any field. */
export const named = (name: string, max = 80) => quote(name, max);

/** Items of a list unique by a key, keeping the first. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** `text` ended with a full stop, unless it already ends a sentence (“… anxious.” or “…”). */
export const endSentence = (text: string) => (/[.!?…]”?$/.test(text) ? text : `${text}.`);

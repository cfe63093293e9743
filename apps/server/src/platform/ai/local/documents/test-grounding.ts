/**
 * Checks shared by the document tests: a document states nothing that is not in its input or in
 * the engine's own fixed wording.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const domain = join(here, '../../../../../../../packages/domain/src');

/** Every string of a document, depth first. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Every field filled: no blank string, no empty list (date chips and entry links may be empty). */
export function expectFilled(value: unknown, path = '$'): void {
  if (typeof value === 'string') expect(value.trim(), path).not.toBe('');
  else if (Array.isArray(value)) {
    if (!/\.(dates|entryIds)$/.test(path)) expect(value.length, path).toBeGreaterThan(0);
    value.forEach((v, i) => expectFilled(v, `${path}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) expectFilled(v, `${path}.${key}`);
  }
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every “quoted phrase” is a substring of the given user texts (an elision mark aside). */
export function expectQuotesFrom(document: unknown, sources: readonly string[]): string[] {
  const haystack = sources.map(collapse).join('\n');
  const quotes = stringsOf(document).flatMap((s) => [...s.matchAll(/“([^”]*)”/g)].map((m) => m[1]!));
  for (const q of quotes) {
    const words = q.replace(/^…/, '').replace(/…$/, '');
    expect(haystack, `quote “${q}”`).toContain(words);
  }
  return quotes;
}

/** Capitalised words the engine may write without them being in the input: its own templates. */
function templateWords(): Set<string> {
  const files = [
    ...readdirSync(here)
      .filter((f) => f.endsWith('.ts') && !f.includes('test'))
      .map((f) => join(here, f)),
    join(here, '../../journey-topics.ts'),
    join(here, '../phrasing.ts'),
    join(here, '../lexicon.ts'),
    join(domain, 'ai-documents/messages.ts'),
    join(domain, 'safety/resources.ts'),
  ];
  const words = new Set<string>();
  for (const file of files) {
    // Any case: a label written in lower case may start an item ("Work and career").
    for (const w of readFileSync(file, 'utf8').match(/\b[A-Za-z]+\b/g) ?? []) words.add(w.toLowerCase());
  }
  // Intl's month and weekday names (dates are formatted, not written in the templates).
  for (const w of 'jan feb mar apr may jun jul aug sep oct nov dec mon tue wed thu fri sat sun'.split(' '))
    words.add(w);
  return words;
}
const allowed = templateWords();

/** No capitalised word (a name, a place, a brand) that is neither in the input nor in a template. */
export function expectNoInventedNames(document: unknown, sources: readonly string[]): void {
  const input = new Set(sources.join(' ').match(/\b[A-Z][A-Za-z]+\b/g) ?? []);
  for (const text of stringsOf(document)) {
    for (const word of text.match(/\b[A-Z][A-Za-z]+\b/g) ?? []) {
      const known = allowed.has(word.toLowerCase()) || allowed.has(word.toLowerCase().replace(/s$/, ''));
      if (!known && !input.has(word)) expect.fail(`"${word}" is not in the input: ${text}`);
    }
  }
}

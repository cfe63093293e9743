import { icd10FCodes } from './icd10-f-codes.js';

/**
 * An ICD-10-CM code as written: a letter (A–T or V–Z; ICD-10-CM does not use U), a digit, a digit
 * or letter (C4A, D3A, F32.A), then optionally a dot and 1–4 digits or letters (the 7th-character
 * extensions and their X placeholders: T74.11XA). Uppercase; `normalizeIcd10Code` gets it there.
 */
export const icd10Pattern = /^[A-TV-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?$/;

export const icd10Messages = {
  invalid: 'Enter a valid ICD-10-CM code (for example F41.1)',
} as const;

/** The longest input worth reading: 'F32.A' is 5 characters, the longest codes 8. */
const maxInputLength = 32;

/**
 * The code a person typed, written the ICD-10-CM way: trimmed, uppercased, with the dot after the
 * 3rd character when it was left out ('f329' → 'F32.9', ' F41.1 ' → 'F41.1'); null when that is
 * not a code ('F4', 'F32.', 'U07.1').
 */
export function normalizeIcd10Code(value: string): string | null {
  if (typeof value !== 'string' || value.length > maxInputLength) return null;
  let code = value.trim().toUpperCase();
  if (code.length > 3 && !code.includes('.')) code = `${code.slice(0, 3)}.${code.slice(3)}`;
  return icd10Pattern.test(code) ? code : null;
}

/** Whether `value` is an ICD-10-CM code in any form `normalizeIcd10Code` accepts. */
export function isIcd10Code(value: string): boolean {
  return normalizeIcd10Code(value) !== null;
}

const descriptions: ReadonlyMap<string, string> = new Map(icd10FCodes);

/** The official title of a code of the list, by exact code ('F41.1'); undefined for any other. */
export function icd10Description(code: string): string | undefined {
  return descriptions.get(code);
}

export type Icd10Match = { code: string; description: string };

export const icd10SearchLimit = { default: 20, max: 50 } as const;

/** The words of a text, lowercased: 'Post-traumatic stress disorder (PTSD)' → post, traumatic, … */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

type Indexed = { code: string; description: string; compact: string; words: string[] };

let index: readonly Indexed[] | undefined;

function indexed(): readonly Indexed[] {
  index ??= icd10FCodes.map(([code, description]) => ({
    code,
    description,
    compact: code.replace('.', ''),
    words: words(description),
  }));
  return index;
}

/**
 * The start of a code typed with or without its dot ('f32', 'F32.', 'f329', 'F41.1'), as the code
 * without its dot ('F32', 'F32', 'F329', 'F411'); null when the query cannot start a code.
 */
function codePrefix(query: string): string | null {
  const upper = query.toUpperCase();
  const dot = upper.indexOf('.');
  if (dot !== -1 && (dot !== 3 || upper.indexOf('.', dot + 1) !== -1)) return null;
  const compact = upper.replace('.', '');
  return /^[A-TV-Z][0-9A-Z]{0,6}$/.test(compact) ? compact : null;
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return icd10SearchLimit.default;
  return Math.min(icd10SearchLimit.max, Math.max(1, Math.trunc(limit)));
}

/**
 * The codes a query finds, for a picker: first the codes the query starts ('f32', 'F32.', 'f329'),
 * then the codes whose title has, for every word of the query, a word starting with it
 * ('generalized anx' → F41.1), each group in list order; case does not matter. An empty query
 * lists the first codes. At most `limit` (1–50, default 20) matches.
 */
export function searchIcd10(query: string, limit: number = icd10SearchLimit.default): Icd10Match[] {
  const max = clampLimit(limit);
  const text = typeof query === 'string' ? query.trim() : '';
  const entries = indexed();
  if (text === '') return entries.slice(0, max).map(({ code, description }) => ({ code, description }));

  const matches: Icd10Match[] = [];
  const found = new Set<string>();
  const prefix = codePrefix(text);
  if (prefix !== null) {
    for (const entry of entries) {
      if (matches.length === max) return matches;
      if (entry.compact.startsWith(prefix)) {
        matches.push({ code: entry.code, description: entry.description });
        found.add(entry.code);
      }
    }
  }

  const queryWords = words(text);
  if (queryWords.length === 0) return matches;
  for (const entry of entries) {
    if (matches.length === max) break;
    if (found.has(entry.code)) continue;
    if (queryWords.every((q) => entry.words.some((word) => word.startsWith(q)))) {
      matches.push({ code: entry.code, description: entry.description });
    }
  }
  return matches;
}

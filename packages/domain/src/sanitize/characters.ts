/**
 * Character-level clean-up shared by the sanitisers and the threat scanner (Part 1 §5 'General
 * sanitising'): invisible characters, control characters, look-alike letters, quotes and dashes.
 */

/** Zero-width characters, bidi controls, soft hyphen, BOM, word joiner and friends (not ZWJ). */
const invisible =
  /\u034F|\u1160|\u17B4|\u17B5|[\u00AD\u061C\u115F\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]/g;
/** A zero-width joiner survives only inside an emoji sequence (👩‍💻), where it is meaningful. */
const strayJoiner = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
/** C0 and C1 controls except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Characters an emoji never contains: markup, quotes and C0 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const markupOrControl = /[<>"'`&\u0000-\u001F]/;

export function stripInvisible(text: string): string {
  return text.replace(invisible, '').replace(strayJoiner, '');
}

export function stripControls(text: string): string {
  return text.replace(controls, '');
}

/** Cyrillic and Greek letters that look like Latin ones. */
const homoglyphs: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ї: 'I',
  Ј: 'J',
  Һ: 'H',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const lookAlike = new RegExp(`[${Object.keys(homoglyphs).join('')}]`, 'gu');
const latin = /[A-Za-z]/;
const word = /[\p{L}\p{M}]+/gu;

/**
 * Maps look-alike letters to ASCII. NFKC folds full-width forms (ｓｃｒｉｐｔ) and ligatures;
 * Cyrillic and Greek look-alikes are mapped only inside a word that also has Latin letters (the
 * spoofing case, 'ѕcript'), so a journal written in Russian or Greek is left as it is.
 */
export function mapLookAlikes(text: string): string {
  return text
    .normalize('NFKC')
    .replace(word, (w) => (latin.test(w) ? w.replace(lookAlike, (c) => homoglyphs[c] ?? c) : w));
}

/** Typographic quotes and dashes to their ASCII forms. */
export function normalizePunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u02BC\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-');
}

const namedEntities: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
};

/** Decodes character references (twice, for double encoding) so encoded markup is seen as markup. */
export function decodeEntities(text: string): string {
  let out = text;
  for (let pass = 0; pass < 2; pass++) {
    out = out.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, ref: string) => {
      const lower = ref.toLowerCase();
      if (lower.startsWith('#')) {
        const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return Object.hasOwn(namedEntities, lower) ? (namedEntities[lower] ?? whole) : whole;
    });
  }
  return out;
}

/** Cuts to `max` UTF-16 units (the unit `string.length` and the validators count) without splitting a pair. */
export function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

import {
  cutTo,
  decodeEntities,
  mapLookAlikes,
  normalizePunctuation,
  stripControls,
  stripInvisible,
} from './characters.js';

/** What a text becomes when sanitising removed everything in it (Part 1 §5). */
export const invalidContentText = '[Invalid content removed]';

/** The basic formatting tags kept when `keepFormatting` is on (always without attributes). */
export const formattingTags = ['b', 'i', 'em', 'strong', 'u', 'br', 'p', 'ul', 'ol', 'li'] as const;
const keptTags = new Set<string>(formattingTags);

export interface SanitizeTextOptions {
  /** Keep b, i, em, strong, u, br, p, ul, ol, li (attributes removed). Default false. */
  keepFormatting?: boolean;
  /** Cut the result to this many characters. */
  maxLength?: number;
  /** Collapse runs of whitespace to one space and trim. Default true; when false whitespace is untouched. */
  normalizeWhitespace?: boolean;
}

/** Elements whose content is never text (removed with everything inside them). */
const dangerousBlocks =
  /<\s*(script|style|iframe|object|embed|template|noscript|textarea|xmp|svg|math)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi;
const comments = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<\?[\s\S]*?(?:\?>|$)/g;
/** A tag as a browser reads one: '<' directly followed by a name ('a < b' is prose). */
const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>/g;
/** An opening tag cut off at the end of the text ('<img src=x onerror=…' with no '>'). */
const unfinishedTag = /<\/?[a-zA-Z][^<>]*$/;

/** Event handler attributes, by name (a bare 'on\w+=' would eat prose such as 'one = two'). */
export const eventHandler =
  /\bon(?:abort|afterprint|animation\w*|auxclick|before\w+|blur|cancel|canplay\w*|change|click|close|contextmenu|copy|cuechange|cut|dblclick|drag\w*|drop|durationchange|emptied|end|ended|error|focus\w*|formdata|hashchange|input|invalid|key(?:down|press|up)|load\w*|message\w*|mouse\w+|offline|online|page\w+|paste|pause|play\w*|pointer\w+|popstate|progress|ratechange|reset|resize|scroll\w*|search|seek\w*|select\w*|show|stalled|storage|submit|suspend|timeupdate|toggle|touch\w+|transition\w+|unload|volumechange|waiting|wheel|begin|repeat)\s*=/gi;
/**
 * A script URL scheme. Prose such as 'learning javascript: it is hard' (a space, then no call) is
 * not one; 'javascript:alert(1)' and 'javascript: alert(1)' are.
 */
export const scriptScheme = /(?:java|vb|live)\s*script\s*:(?=\S|\s*[\w.$]+\s*\()/i;
const scriptSchemes =
  /(?:java|vb|live)\s*script\s*:(?=\S|\s*[\w.$]+\s*\()|\bdata\s*:\s*(?:text\/html|application\/(?:x-)?javascript|image\/svg\+xml)[^,\s]*,?/gi;
const cssExpression = /\bexpression\s*\(|-moz-binding\s*:|\bbehavior\s*:\s*url/gi;

function stripHtml(text: string, keepFormatting: boolean): string {
  return text
    .replace(dangerousBlocks, '')
    .replace(comments, '')
    .replace(tag, (_whole, slash: string, name: string) => {
      const lower = name.toLowerCase();
      if (!keepFormatting || !keptTags.has(lower)) return lower === 'br' || lower === 'p' ? ' ' : '';
      if (lower === 'br') return '<br>';
      return `<${slash}${lower}>`;
    })
    .replace(unfinishedTag, '');
}

/** Removes script-carrying fragments left in text (schemes, handlers, CSS expressions). */
export function stripInjection(text: string): string {
  let out = text;
  // Repeat: removing one fragment can join the halves of another ('javajavascript:script:').
  for (let pass = 0; pass < 3; pass++) {
    const next = out.replace(scriptSchemes, '').replace(eventHandler, '').replace(cssExpression, '');
    if (next === out) break;
    out = next;
  }
  return out;
}

/**
 * The general sanitiser of Part 1 §5, in this order: decode character references, drop invisible
 * and control characters, map look-alikes to ASCII, normalise quotes and dashes, remove HTML
 * (basic formatting optionally kept, attributes never), remove script-like fragments, collapse
 * whitespace, cut to `maxLength`. A blank input stays '' ; an input that had content but nothing
 * survives becomes '[Invalid content removed]'. SQL-like words are not removed: journal prose may
 * contain them and storage is parameterised (scanThreats reports them instead).
 */
export function sanitizeText(input: unknown, options: SanitizeTextOptions = {}): string {
  const { keepFormatting = false, maxLength, normalizeWhitespace = true } = options;
  if (input === null || input === undefined) return '';
  const raw = typeof input === 'string' ? input : String(input);
  if (raw.trim() === '') return '';
  let out = decodeEntities(raw);
  out = stripControls(stripInvisible(out));
  out = normalizePunctuation(mapLookAlikes(out));
  out = stripInjection(stripHtml(out, keepFormatting));
  if (normalizeWhitespace) out = out.replace(/\s+/g, ' ').trim();
  if (maxLength !== undefined) {
    out = cutTo(out, maxLength);
    if (keepFormatting) out = out.replace(/<[^>]*$/, '');
    if (normalizeWhitespace) out = out.trimEnd();
  }
  const visible = (keepFormatting ? out.replace(/<[^>]*>/g, '') : out).trim();
  return visible === '' ? invalidContentText : out;
}

/**
 * Names (Part 1 §5): word characters (letters of any script, digits, _), spaces, @, . and -;
 * everything else, apostrophes included, is dropped; at most 100 characters.
 */
export function sanitizeName(input: unknown): string {
  if (typeof input !== 'string') return '';
  const cleaned = normalizePunctuation(mapLookAlikes(stripControls(stripInvisible(input))))
    .replace(/[^\p{L}\p{M}\p{N}_ @.-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cutTo(cleaned, 100).trim();
}

import { decodeEntities, mapLookAlikes, stripControls, stripInvisible } from '../sanitize/characters.js';
import { eventHandler, sanitizeText } from '../sanitize/text.js';

/** Journal entry notes: 1–10,000 characters (spec ruling 5). */
export const notesMaxLength = 10_000;

const scriptTag = /<\s*\/?\s*script\b/i;
/** A javascript: URL; prose such as 'learning javascript: it is hard' is not one. */
const javascriptScheme = /java\s*script\s*:(?=\S|\s*[\w.$]+\s*\()/i;
const inlineHandler = new RegExp(eventHandler.source, 'i');

/**
 * 'Notes contain invalid content' (Part 1 §5): a script tag, a javascript: URL or an inline event
 * handler (onerror= …), also when disguised by character references, invisible characters or
 * look-alike letters.
 */
export function hasInvalidNotesContent(text: unknown): boolean {
  if (typeof text !== 'string' || text === '') return false;
  const seen = mapLookAlikes(stripControls(stripInvisible(decodeEntities(text))));
  return scriptTag.test(seen) || javascriptScheme.test(seen) || inlineHandler.test(seen);
}

/**
 * Notes as stored (Part 1 §5): the general sanitiser keeping basic formatting, whitespace left as
 * written (line breaks matter in a journal), then cut to `max`.
 */
export function sanitizeNotes(text: unknown, max: number = notesMaxLength): string {
  return sanitizeText(text, { keepFormatting: true, normalizeWhitespace: false, maxLength: max });
}

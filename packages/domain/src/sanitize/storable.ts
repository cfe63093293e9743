/**
 * Text PostgreSQL can store. It refuses NUL in text and jsonb, and a UTF-16 surrogate without its
 * pair in jsonb (the '\ud800' escape JSON.stringify writes); in a text column the UTF-8 encoder
 * would silently turn it into U+FFFD. No keyboard types either: NUL is dropped (the sanitisers
 * drop control characters too), a lone surrogate (a pair cut in two) becomes U+FFFD, as the encoder
 * would have made it.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(text: string): string {
  return text.replace(unstorable, (found) => (found === '\u0000' ? '' : '\uFFFD'));
}

/** Whether `text` is already storable (no NUL, every surrogate paired). */
export function isStorableText(text: string): boolean {
  return storableText(text) === text;
}

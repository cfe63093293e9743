/**
 * CSV cells of every CSV the product writes (promo codes, backup templates): RFC 4180 quoting, and
 * a text cell a spreadsheet would read as a formula prefixed with a quote mark (OWASP CSV
 * injection), so opening an export never runs anything.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell a spreadsheet would read as a formula is prefixed with a quote mark (OWASP CSV injection).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of cells (RFC 4180: joined with commas; the caller ends lines with CRLF). */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string =>
  cells.map(csvCell).join(',');

/** Whether a cell read from a CSV would run as a formula in a spreadsheet (an imported text is cleaned of it). */
export const isFormulaCell = (text: string): boolean => /^[=+\-@\t\r]/.test(text);

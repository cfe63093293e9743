/** A user's search text as a LIKE/ILIKE pattern fragment: `\`, `%` and `_` match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

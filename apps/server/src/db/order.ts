import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column desc nulls last`: the order of an index declared with drizzle's `.desc()`. Drizzle's
 * `desc()` in an ORDER BY means `desc nulls first`, which PostgreSQL does not match to such an
 * index (even on NOT NULL columns), so it would read and sort instead of walking the index.
 */
export function descIndexed(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}

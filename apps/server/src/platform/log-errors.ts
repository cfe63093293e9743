import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * Errors as the log may carry them: by structure, never by their text (decision 048). A database
 * error's message and detail quote what was written ('Failing row contains (…)', 'Key (email)=(…)',
 * drizzle's 'params: …'), so from a database error only names are kept: the SQL text (its values
 * are placeholders), the SQLSTATE and the schema objects involved. Stacks keep their frames only
 * (the first line of a stack repeats the message).
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  /** For a database error, a description made of names only. */
  message: string;
  code?: string;
  query?: string;
  sqlState?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  stack: string;
}

/** A SQLSTATE: five digits or capitals. pg and PGlite errors carry it with severity and routine. */
const sqlStatePattern = /^[0-9A-Z]{5}$/;

const name = (value: unknown, max = 120): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : undefined;

function databaseFields(error: unknown): Partial<LoggedError> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as Record<string, unknown>;
  const code = name(e.code, 5);
  if (!code || !sqlStatePattern.test(code) || !('severity' in e || 'routine' in e)) return undefined;
  const fields: Partial<LoggedError> = { sqlState: code };
  for (const key of ['table', 'column', 'constraint', 'routine'] as const) {
    const value = name(e[key]);
    if (value) fields[key] = value;
  }
  return fields;
}

function framesOf(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join('\n');
}

export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const stack = framesOf(error.stack);
  const db = databaseFields(error) ?? databaseFields(error.cause);
  if (error instanceof DrizzleQueryError || db) {
    const query = error instanceof DrizzleQueryError ? error.query.slice(0, 2000) : undefined;
    const where = [db?.table, db?.constraint, db?.column].filter(Boolean).join(' ');
    const message = `database error ${db?.sqlState ?? 'unknown'}${where ? ` on ${where}` : ''}`;
    return { type: error.name, message, ...(query ? { query } : {}), ...db, stack };
  }
  const code = name((error as { code?: unknown }).code, 60);
  // Errors of our own code and of the platform say what went wrong, not what was written.
  return { type: error.name, message: error.message.slice(0, 300), ...(code ? { code } : {}), stack };
}

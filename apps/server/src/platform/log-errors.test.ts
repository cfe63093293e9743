import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-errors.js';

const secret = 'Private words';

/** A PostgreSQL error as pg and PGlite raise it: the row is quoted in message and detail. */
function pgError() {
  return Object.assign(new Error(`new row for relation "goals" violates check constraint: ${secret}`), {
    code: '23514',
    severity: 'ERROR',
    routine: 'ExecConstraints',
    table: 'goals',
    constraint: 'goals_text_check',
    detail: `Failing row contains (${secret}).`,
  });
}

describe('serializeError', () => {
  it('keeps the SQL and the names of a failed query, never its parameters or the row', () => {
    const error = new DrizzleQueryError(
      'insert into "goals" ("text") values ($1)',
      [`a\n${secret}`],
      pgError(),
    );
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(logged).toMatchObject({
      type: 'Error',
      query: 'insert into "goals" ("text") values ($1)',
      sqlState: '23514',
      table: 'goals',
      constraint: 'goals_text_check',
      routine: 'ExecConstraints',
      message: 'database error 23514 on goals goals_text_check',
    });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('keeps only names of a database error thrown without drizzle', () => {
    expect(JSON.stringify(serializeError(pgError()))).not.toContain(secret);
  });

  it('keeps the message of other errors, and their frames without the first line', () => {
    const logged = serializeError(new TypeError('Cannot read properties of undefined'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'Cannot read properties of undefined' });
    expect(logged.stack.split('\n').every((line) => /^\s+at /.test(line))).toBe(true);
    expect(serializeError('thrown text')).toEqual({ type: 'string', message: 'non-error thrown', stack: '' });
  });
});

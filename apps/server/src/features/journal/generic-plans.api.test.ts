import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntries } from '../../../test/entries.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { JournalRepo } from './repo.js';
import { encodeRangeCursor } from './range-cursor.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const quote = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

/**
 * PostgreSQL may run a prepared statement with a generic plan (one plan for every parameter value,
 * chosen after five runs on a connection). Such a plan cannot use a partial index whose condition
 * depends on a parameter; the journal's indexes are partial (`where not deleted`). With sequential
 * scans priced out, a read whose generic plan still scans journal_entries cannot use an index at all.
 */
describe('the prepared journal reads, with a generic plan', () => {
  it('each reads journal_entries through an index, never by scanning the table', async () => {
    const { user } = await server.signIn();
    await insertEntries(server, user.id, 50, (i) => ({ searchText: `walked by the lake ${i}` }));
    const queries = new JournalRepo(server.database.db);
    const today = server.today();
    const range = { from: '2026-01-01', to: today };
    const after = { day: '2026-01-01', at: '2026-01-01T00:00:00.000Z', id: randomUUID() };
    for (const includePrivate of [true, false]) {
      const scope = { patientId: user.id, includePrivate };
      await queries.page(scope, 1, 10);
      await queries.page(scope, 1, 10, 'lake');
      await queries.page(scope, 1, 10, 'walked lake');
      await queries.latest(scope);
      await queries.one(scope, randomUUID());
      await queries.rangePage(scope, range, 10);
      await queries.rangePage(scope, range, 10, after);
      await queries.rangePage(scope, range, 10, undefined, true);
      await queries.rangePage(scope, range, 10, after, true);
      await queries.daySummary(scope, range.from, range.to);
      await queries.recentDays(scope, 400);
      await queries.aggregate(scope, range.from, range.to);
    }
    const values: Record<string, unknown> = {
      patientId: user.id,
      id: randomUUID(),
      from: range.from,
      to: range.to,
      limit: 10,
      offset: 0,
      w0: 'walked',
      p0: '%walked%',
      w1: 'lake',
      p1: '%lake%',
      afterDay: after.day,
      afterAt: after.at,
      afterId: after.id,
    };
    expect(encodeRangeCursor(after)).toBeTruthy();
    const texts = [...queries.preparedTexts()];
    expect(texts.length).toBeGreaterThanOrEqual(20);

    const scans: string[] = [];
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [i, [name, statement]] of texts.entries()) {
        const args = statement.params.map((p) =>
          quote(p && typeof p === 'object' && 'name' in p ? values[String(p.name)] : p),
        );
        await tx.execute(sql.raw(`prepare generic_${i} as ${statement.sql}`));
        const plan = rowsOf<{ 'QUERY PLAN': string }>(
          await tx.execute(sql.raw(`explain execute generic_${i}(${args.join(', ')})`)),
        )
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        if (/Seq Scan on journal_entries/.test(plan)) scans.push(`${name}:\n${plan}`);
        await tx.execute(sql.raw(`deallocate generic_${i}`));
      }
    });
    expect(scans).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { login, measure, table, type Row } from './lib.js';
import type { RunningServer } from './server.js';

/**
 * The ledger's first page (`GET get-all-mood?page=1&limit=10`, with its total) for clients with 500,
 * 5,000 and 50,000 entries written just before the run, interleaved in time (so each client's rows
 * lie scattered over the table) and with autovacuum off for the table: no VACUUM has made the pages
 * all-visible, the state in which a count of the rows visits the heap (issue 19).
 */
export const LEDGER_SIZES = (process.env.BENCH_LEDGER_SIZES ?? '500,5000,50000').split(',').map(Number);
const emailOf = (n: number) => `ledger-${n}@bench.local`;

/** Medplum's "latest 10 Observations" in the run on this machine (not run here). */
export const MEDPLUM_LATEST_10 = { reqPerSec: '311–447', p99Ms: '181–257' };

export async function seedLedger(options: { databaseUrl?: string | undefined; dataDir: string }) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    const [patient] = await db.select().from(users).where(eq(users.email, 'patient@demo.local'));
    if (!patient) throw new Error('demo patient missing');
    await db.execute(sql`alter table journal_entries set (autovacuum_enabled = false)`);
    const total = LEDGER_SIZES.reduce((a, b) => a + b, 0);
    for (const n of LEDGER_SIZES) {
      await db.execute(sql`
        insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
        values (${emailOf(n)}, 'Ledger', ${String(n)}, 'patient', true, true, ${patient.passwordHash}, 'UTC')`);
    }
    // Entry k of a client with n entries sits at k/n of the last 90 days: every client writes all
    // the time, so the three histories are interleaved row by row, in chunks of 20,000 statements.
    const now = new Date().toISOString();
    const sizes = JSON.stringify(LEDGER_SIZES.map((n) => ({ email: emailOf(n), n })));
    await db.execute(sql`create temporary table ledger_slots as
      select u.id, k, ${now}::timestamptz - (k::float8 / s.n) * interval '90 days' as at,
             row_number() over (order by (k::float8 / s.n) desc, u.id)::int as r
      from jsonb_to_recordset(${sizes}::jsonb) as s(email text, n int)
      join users u on u.email = s.email
      cross join lateral generate_series(0, s.n - 1) as k`);
    for (let from = 1; from <= total; from += 20_000) {
      await db.execute(sql`
        insert into journal_entries (patient_id, mood, emoji, notes, journal_type, emotion, core_emotion,
          sentiment, entry_at, local_day, user_timezone, search_text, created_at, updated_at)
        select id, 'Fine', '🙂',
          'Walked to work and noticed the light on the river. The meeting went better than I feared, ' ||
          'and in the evening I cooked and called my sister. Entry ' || k,
          'prompt', '{"core":"Calm","nuanced":"Fine","intensity":5}'::jsonb, 'Calm', 'positive',
          at, (at at time zone 'UTC')::date, 'UTC', 'fine walked to work entry ' || k, at, at
        from ledger_slots where r between ${from} and ${from + 19_999} order by r`);
    }
  } finally {
    await database.close();
  }
}

export async function benchLedger(database: string, server: RunningServer): Promise<Row[]> {
  const rows: Row[] = [];
  for (const n of LEDGER_SIZES) {
    const { token } = await login(server.url, emailOf(n));
    rows.push(
      await measure(database, `get-all-mood page 1, ${n.toLocaleString('en')} entries`, {
        url: `${server.url}/api/v1/get-all-mood?page=1&limit=10`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
  }
  return rows;
}

export function ledgerReport(results: Record<string, Row[]>): string[] {
  const all = Object.values(results).flat();
  return [
    '### Ledger first page by history size (`-- ledger`)',
    '',
    ...table(all),
    '',
    `Medplum's latest 10 Observations in the issue's run: ${MEDPLUM_LATEST_10.reqPerSec} req/s, p99 ${MEDPLUM_LATEST_10.p99Ms} ms.`,
  ];
}

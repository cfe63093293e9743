import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/features/index.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { login, measure, table, type Row } from './lib.js';
import type { RunningServer } from './server.js';

/** Subscriptions due on the same day for the renewal run (issue 12: 100,000). */
export const RENEWALS = Number(process.env.BENCH_RENEWALS ?? 100_000);

type Options = { databaseUrl?: string | undefined; dataDir: string };

/**
 * RENEWALS clients on Standard Monthly with the local provider, every period ending an hour ago
 * (the same day): the renewal work finds them all due at once.
 */
export async function seedRenewals(options: Options) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const dueAt = new Date(Date.now() - 3600_000).toISOString();
    for (let from = 1; from <= RENEWALS; from += 20_000) {
      const to = Math.min(RENEWALS, from + 19_999);
      await database.db.execute(sql`
        insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
        select 'renew-' || n || '@bench.local', 'Renew', n::text, 'patient', true, true, 'x', 'UTC'
        from generate_series(${from}::int, ${to}::int) as n`);
    }
    await database.db.execute(sql`
      insert into subscriptions (user_id, provider, plan_type, status, amount, current_period_start,
        current_period_end, card_last4, last_event_at, created_at, updated_at)
      select id, 'local', 'standard-monthly', 'active', 1299, ${dueAt}::timestamptz - interval '1 month',
        ${dueAt}::timestamptz, '4242', ${dueAt}::timestamptz - interval '1 month',
        ${dueAt}::timestamptz - interval '1 month', ${dueAt}::timestamptz - interval '1 month'
      from users where email like 'renew-%@bench.local'`);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await database.db.execute(query));
  return Number(row?.n ?? 0);
}

/**
 * The renewal work of two workers at once (two contexts, each with its own connections on
 * PostgreSQL; on PGlite they share the one connection): time and rows/s, then every subscription's
 * invoices are counted: one renewal invoice each, none twice.
 */
export async function benchRenewals(label: string, options: Options) {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const log = pino({ level: 'warn' });
  const first = await openDatabase({ ...options, ...(options.databaseUrl ? { poolSize: 4 } : {}) });
  const second = options.databaseUrl ? await openDatabase({ ...options, poolSize: 4 }) : first;
  const workers = [first, second].map((database) => {
    const ctx = createContext(config, { database, log, runJobs: false });
    return { ctx, services: createServices(ctx) };
  });
  try {
    const started = performance.now();
    const renewed = await Promise.all(workers.map((w) => w.services.billing.renewDue()));
    const seconds = (performance.now() - started) / 1000;
    const invoices = await count(
      first,
      sql`select count(*) as n from invoices where reason = 'subscription_cycle'`,
    );
    const twice = await count(
      first,
      sql`select count(*) as n from (select subscription_id from invoices where reason = 'subscription_cycle' group by 1 having count(*) > 1) d`,
    );
    const stillDue = await count(
      first,
      sql`select count(*) as n from subscriptions where provider = 'local' and status = 'active' and current_period_end <= now()`,
    );
    console.info(`[billing] ${label} renewals: ${renewed.join(' + ')} in ${seconds.toFixed(1)} s`);
    return {
      label,
      subscriptions: RENEWALS,
      perWorker: renewed,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(RENEWALS / seconds),
      invoices,
      twice,
      stillDue,
    };
  } finally {
    for (const w of workers) {
      await w.ctx.sessionRegistry.close();
      await w.ctx.store.close();
    }
    await first.close();
    if (second !== first) await second.close();
  }
}

/** check-feature (in front of every paid feature) against GET me, at the bench's connections. */
export async function benchCheckFeature(label: string, server: RunningServer): Promise<Row[]> {
  const { token } = await login(server.url, 'patient@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  return [
    await measure(label, 'GET /api/v1/me', { url: `${server.url}/api/v1/me`, headers }),
    await measure(label, 'GET /api/v1/patient/check-feature/weekly-insights', {
      url: `${server.url}/api/v1/patient/check-feature/weekly-insights`,
      headers,
    }),
  ];
}

export function billingReport(
  results: Record<string, { renewals: Awaited<ReturnType<typeof benchRenewals>>; rows: Row[] }>,
): string[] {
  const lines = [
    `### Renewals: ${RENEWALS.toLocaleString('en-US')} subscriptions due on the same day, two workers at once`,
    '',
    '| database | renewed (worker 1 + 2) | time (s) | rows/s | renewal invoices | renewed twice | still due |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { renewals: r } of Object.values(results))
    lines.push(
      `| ${r.label} | ${r.perWorker.map((n) => n.toLocaleString('en-US')).join(' + ')} | ${r.seconds} | ${r.rowsPerSecond.toLocaleString('en-US')} | ${r.invoices.toLocaleString('en-US')} | ${r.twice} | ${r.stillDue} |`,
    );
  lines.push('', '### check-feature against GET me (20 connections)', '');
  lines.push(...table(Object.values(results).flatMap((r) => r.rows)));
  return lines;
}

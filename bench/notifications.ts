import { request as httpRequest, type ClientRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext, type AppContext } from '../apps/server/src/context.js';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.js';
import { createServices, features, type Services } from '../apps/server/src/features/index.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { login, measure, table, type Row } from './lib.js';
import type { RunningServer } from './server.js';

/** Patients an important update fans out to (issue 13: 100,000). */
export const FANOUT_USERS = Number(process.env.BENCH_FANOUT_USERS ?? 100_000);
/** Every OPT_OUT_EVERY-th of them has team updates (`impUpdates`) off: 2 %. */
const OPT_OUT_EVERY = 50;
/** Journal reminders due in the same minute (issue 13: 10,000). */
export const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
/** Notifications of the user whose unread count is measured (half of them read). */
export const HEAVY_NOTIFICATIONS = 5_000;
/** Live streams: users × tabs (issue 13: 1,000 open streams on one instance). */
export const STREAM_USERS = Number(process.env.BENCH_STREAM_USERS ?? 250);
export const STREAM_TABS = Number(process.env.BENCH_STREAM_TABS ?? 4);
/** Tabs of the one user with many. */
export const ONE_USER_TABS = Number(process.env.BENCH_ONE_USER_TABS ?? 100);
/** Seconds a job run may take before the bench gives up on it. */
const JOB_TIMEOUT_SECONDS = Number(process.env.BENCH_NOTIFY_TIMEOUT_SECONDS ?? 900);

const HEAVY_EMAIL = 'notify-heavy@bench.local';
const TABS_EMAIL = 'notify-tabs@bench.local';
const liveEmail = (n: number) => `notify-live-${n}@bench.local`;

type Options = { databaseUrl?: string | undefined; dataDir: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;
const fmt = (n: number) => n.toLocaleString('en-US');

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await database.db.execute(query));
  return Number(row?.n ?? 0);
}

/** Opens, migrates and seeds the demo accounts, runs `seed`, analyses, closes. */
async function seeded(options: Options, seed: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    await seed(database);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

/** `total` activated patients `<prefix>-<n>@bench.local` (n from 1), with the demo password. */
async function insertPatients(database: Database, prefix: string, total: number): Promise<void> {
  for (let from = 1; from <= total; from += 20_000) {
    const to = Math.min(total, from + 19_999);
    await database.db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select ${prefix} || '-' || n || '@bench.local', 'Notify', n::text, 'patient', true, true,
        (select password_hash from users where email = 'patient@demo.local'), 'UTC'
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  // Every seeded patient has a settings row, as after the `notification-defaults` tick: the bench
  // measures the fan-out and the reminders, not a first-run backfill of 100,000 defaults.
  await database.db.execute(sql`
    insert into notification_settings (user_id, settings)
    select id, '{}'::jsonb from users where email like ${`${prefix}-%@bench.local`}`);
}

// 1. Fan-out of one important update

/**
 * FANOUT_USERS activated patients, every 50th with `impUpdates` false (2 %), each with a settings
 * row (defaults otherwise).
 */
export async function seedFanout(options: Options): Promise<void> {
  await seeded(options, async (database) => {
    await insertPatients(database, 'fanout', FANOUT_USERS);
    await database.db.execute(sql`
      update notification_settings s set settings = '{"impUpdates": false}'::jsonb
      from users u
      where u.id = s.user_id and u.email like 'fanout-%@bench.local'
        and split_part(split_part(u.email, '@', 1), '-', 2)::int % ${OPT_OUT_EVERY} = 0`);
  });
}

interface Worker {
  database: Database;
  ctx: AppContext;
  services: Services;
}

/**
 * Job workers as `npm run worker` builds them (worker.ts): a context that runs the jobs, every
 * feature's jobs and schedules, the notifications bus. Two on PostgreSQL, each with its own pool
 * and pg-boss; one on PGlite (its one connection belongs to one process).
 */
async function openWorkers(options: Options): Promise<Worker[]> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const log = pino({ level: 'warn' });
  const workers: Worker[] = [];
  for (let i = 0; i < (options.databaseUrl ? 2 : 1); i += 1) {
    const database = await openDatabase(options);
    const ctx = createContext(config, { database, log, runJobs: true });
    const services = createServices(ctx);
    for (const feature of features) feature.jobs?.(ctx, services);
    workers.push({ database, ctx, services });
  }
  return workers;
}

async function startWorkers(workers: Worker[]): Promise<void> {
  // One after the other: two pg-boss instances creating their queues at the same instant deadlock
  // in pgboss.create_queue (seen on the first run of this bench).
  for (const w of workers) {
    await w.ctx.jobs.start();
    await w.services.notifications.start();
  }
}

async function closeWorkers(workers: Worker[]): Promise<void> {
  for (const w of workers) {
    // JobRunner.stop() first waits for the outbox relay's loop, which only returns once fewer than
    // 50 rows wait: behind a backlog of deliveries it does not return for minutes. The bench stops
    // the queue itself after 10 s instead (the part's database is dropped anyway).
    const stopped = await Promise.race([w.ctx.jobs.stop().then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) {
      const boss = (w.ctx.jobs as unknown as { boss?: { stop(o: object): Promise<void> } }).boss;
      await boss?.stop({ graceful: false, wait: true, timeout: 5000 });
      console.info('[notifications] job runner still relaying a backlog after 10 s: queue stopped');
    }
    await w.services.notifications.close();
    await w.ctx.sessionRegistry.close();
    await w.ctx.store.close();
    // the relay's loop may still be running its statements: the database closes under it
    await Promise.race([w.database.close(), sleep(5000)]);
  }
}

/**
 * Polls `probe` every `everyMs` until it says done: the seconds since `started`, and whether it was
 * done (false: JOB_TIMEOUT_SECONDS passed first, and the report shows how far it got).
 */
async function until(
  started: number,
  everyMs: number,
  probe: () => Promise<boolean>,
): Promise<{ seconds: number; done: boolean }> {
  for (;;) {
    const done = await probe();
    const seconds = (performance.now() - started) / 1000;
    if (done || seconds > JOB_TIMEOUT_SECONDS) return { seconds, done };
    await sleep(everyMs);
  }
}

/**
 * Publishes one update to every patient through `ImportantUpdates.create` (what
 * `POST admin/important-updates` calls) with the workers running its fan-out job; times the last
 * notification row, then checks: none twice, none for an opted-out user, none missing.
 */
export async function benchFanout(label: string, options: Options) {
  const workers = await openWorkers(options);
  const [first] = workers;
  if (!first) throw new Error('no worker');
  try {
    const { database } = first;
    const expected = await count(
      database,
      sql`select count(*) as n from users u left join notification_settings s on s.user_id = u.id
          where u.role = 'patient' and u.activated and coalesce(s.settings->>'impUpdates', '') <> 'false'`,
    );
    const optedOut = await count(
      database,
      sql`select count(*) as n from notification_settings where settings->>'impUpdates' = 'false'`,
    );
    const [admin] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from users where email = 'admin@demo.local'`),
    );
    if (!admin) throw new Error('no admin');
    await startWorkers(workers);
    await sleep(2000);
    const started = performance.now();
    const update = await first.services.importantUpdates.create(admin.id, {
      title: 'Scheduled maintenance on Sunday',
      message: 'MindLedger will be unavailable on Sunday from 02:00 to 03:00 UTC.',
      link: '/user/home',
      audience: 'patients',
    });
    let firstRowSeconds: number | null = null;
    const rowsOfUpdate = () =>
      count(database, sql`select count(*) as n from notifications where update_id = ${update.id}`);
    const { seconds, done } = await until(started, options.databaseUrl ? 200 : 500, async () => {
      const n = await rowsOfUpdate();
      if (n > 0 && firstRowSeconds === null) firstRowSeconds = (performance.now() - started) / 1000;
      return n >= expected;
    });
    const mailsAtEnd = await count(database, sql`select count(*) as n from mail_outbox`);
    // The deliveries (stream wake, one email each: team updates are mailed by default) go on.
    await sleep(20_000);
    const mailsLater = await count(database, sql`select count(*) as n from mail_outbox`);
    const [status] = rowsOf<{ status: string }>(
      await database.db.execute(sql`select status from important_updates where id = ${update.id}`),
    );
    const rows = await rowsOfUpdate();
    const distinct = await count(
      database,
      sql`select count(distinct user_id) as n from notifications where update_id = ${update.id}`,
    );
    const toOptedOut = await count(
      database,
      sql`select count(*) as n from notifications n join notification_settings s on s.user_id = n.user_id
          where n.update_id = ${update.id} and s.settings->>'impUpdates' = 'false'`,
    );
    console.info(`[notifications] ${label} fan-out: ${rows} rows in ${seconds.toFixed(1)} s`);
    return {
      label,
      workers: workers.length,
      done,
      expected,
      optedOut,
      rows,
      firstRowSeconds: round1(firstRowSeconds ?? seconds),
      seconds: round1(seconds),
      rowsPerSecond: Math.round(rows / seconds),
      duplicates: rows - distinct,
      toOptedOut,
      missing: expected - distinct,
      status: status?.status ?? '?',
      mailsAtEnd,
      mailsPerSecondAfter: Math.round((mailsLater - mailsAtEnd) / 20),
    };
  } finally {
    await closeWorkers(workers);
  }
}

// 2. Journal reminders due in the same minute

/**
 * REMINDERS patients, each with a `journal-reminder` schedule due now (daily, this hour, UTC), as
 * `schedules.set` leaves it at its next slot.
 */
export async function seedReminders(options: Options): Promise<void> {
  await seeded(options, async (database) => {
    await insertPatients(database, 'remind', REMINDERS);
    await database.db.execute(sql`
      insert into user_schedules (user_id, kind, time_zone, local_time, weekdays, data, next_slot, due_at)
      select id, 'journal-reminder', 'UTC', to_char(now() at time zone 'UTC', 'HH24:00'),
        '[1,2,3,4,5,6,7]'::jsonb, '{}'::jsonb, to_char(now() at time zone 'UTC', 'YYYY-MM-DD'), now()
      from users where email like 'remind-%@bench.local'`);
  });
}

/**
 * Starts the workers with REMINDERS journal reminders due: their tick claims them (200 a
 * transaction, SKIP LOCKED), the deliveries notify. Times the tick's claim and the last row.
 */
export async function benchReminders(label: string, options: Options) {
  const workers = await openWorkers(options);
  const [first] = workers;
  if (!first) throw new Error('no worker');
  try {
    const { database } = first;
    // The only journal reminders due (the demo patient's default is at 19:00 UTC, never in this run's
    // minute unless the bench starts then): a cheap count the poll can repeat.
    const reminders = sql`select count(*) as n from notifications where type = 'journal_reminder'`;
    const started = performance.now();
    await startWorkers(workers);
    const startedSeconds = (performance.now() - started) / 1000;
    let claimedSeconds: number | null = null;
    const { seconds, done } = await until(started, options.databaseUrl ? 200 : 500, async () => {
      if (claimedSeconds === null) {
        const due = await count(
          database,
          sql`select count(*) as n from user_schedules where kind = 'journal-reminder' and due_at <= now()`,
        );
        if (due === 0) claimedSeconds = (performance.now() - started) / 1000;
      }
      return (await count(database, reminders)) >= REMINDERS;
    });
    const rows = await count(database, reminders);
    const distinct = await count(
      database,
      sql`select count(distinct user_id) as n from notifications where type = 'journal_reminder'`,
    );
    const mails = await count(database, sql`select count(*) as n from mail_outbox`);
    console.info(`[notifications] ${label} reminders: ${rows} in ${seconds.toFixed(1)} s`);
    return {
      label,
      workers: workers.length,
      done,
      reminders: REMINDERS,
      startSeconds: round1(startedSeconds),
      claimedSeconds: claimedSeconds === null ? null : round1(claimedSeconds),
      seconds: round1(seconds),
      perSecond: Math.round(rows / seconds),
      rows,
      duplicates: rows - distinct,
      mails,
    };
  } finally {
    await closeWorkers(workers);
  }
}

// 3 and 4. The built server: unread count, live streams

/**
 * The heavy user with HEAVY_NOTIFICATIONS notifications (every other one read), STREAM_USERS
 * patients for the streams and one patient for many tabs, all with the demo password.
 */
export async function seedLive(options: Options): Promise<void> {
  await seeded(options, async (database) => {
    await insertPatients(database, 'notify-live', STREAM_USERS);
    await database.db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select e, 'Notify', 'Bench', 'patient', true, true, u.password_hash, 'UTC'
      from unnest(array[${HEAVY_EMAIL}, ${TABS_EMAIL}]) as e, users u where u.email = 'patient@demo.local'`);
    await database.db.execute(sql`
      insert into notification_settings (user_id, settings)
      select id, '{}'::jsonb from users where email in (${HEAVY_EMAIL}, ${TABS_EMAIL})`);
    await database.db.execute(sql`
      insert into notifications (user_id, type, priority, title, message, data, read_at, created_at)
      select u.id, 'wellness_tip', 'low', 'Tip ' || n, 'A small step counts.', '{}'::jsonb,
        case when n % 2 = 0 then now() - (n || ' minutes')::interval end,
        now() - (${HEAVY_NOTIFICATIONS} - n || ' minutes')::interval
      from users u, generate_series(1, ${HEAVY_NOTIFICATIONS}::int) as n
      where u.email = ${HEAVY_EMAIL}`);
  });
}

interface Stream {
  request: ClientRequest;
  /** When the first `unread` event came (the stream is open and pumped once). */
  opened: Promise<void>;
  /** Resolves with performance.now() at the first `notification` event whose title is `title`. */
  waitFor(title: string): Promise<number>;
  notifications: Map<string, number>;
  close(): void;
}

/** One browser tab's live stream, read with node:http (one socket each, as tabs have). */
function openStream(baseUrl: string, token: string): Stream {
  const waiting = new Map<string, (at: number) => void>();
  const notifications = new Map<string, number>();
  let resolveOpened: () => void = () => {};
  let rejectOpened: (error: Error) => void = () => {};
  const opened = new Promise<void>((resolve, reject) => {
    resolveOpened = resolve;
    rejectOpened = reject;
  });
  const request = httpRequest(`${baseUrl}/api/v1/notifications/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    agent: false,
  });
  request.on('response', (response) => {
    if (response.statusCode !== 200) {
      rejectOpened(new Error(`stream answered ${response.statusCode}`));
      response.resume();
      return;
    }
    response.setEncoding('utf8');
    let buffer = '';
    response.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = '';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (event === 'unread') resolveOpened();
        if (event === 'notification') {
          const { title } = JSON.parse(data) as { title: string };
          notifications.set(title, (notifications.get(title) ?? 0) + 1);
          waiting.get(title)?.(at);
          waiting.delete(title);
        }
      }
    });
  });
  request.on('error', (error) => rejectOpened(error));
  request.end();
  return {
    request,
    opened,
    notifications,
    waitFor: (title) => new Promise<number>((resolve) => waiting.set(title, resolve)),
    close: () => request.destroy(),
  };
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

async function publish(baseUrl: string, adminToken: string, title: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/admin/important-updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ title, message: 'Something you should know.', audience: 'patients' }),
  });
  if (response.status !== 201) throw new Error(`publish answered ${response.status}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Opens `tokens.length` streams (`concurrency` at a time), each until its first `unread` event. */
async function openStreams(
  baseUrl: string,
  tokens: string[],
): Promise<{ streams: Stream[]; seconds: number }> {
  const started = performance.now();
  const streams = await pool(tokens, 50, async (token) => {
    const stream = openStream(baseUrl, token);
    await stream.opened;
    return stream;
  });
  return { streams, seconds: (performance.now() - started) / 1000 };
}

/** Publishes an update to all patients; ms from the call to each stream's `notification` event. */
async function notifyAll(baseUrl: string, adminToken: string, streams: Stream[], title: string) {
  const arrivals = streams.map((s) => s.waitFor(title));
  const started = performance.now();
  await publish(baseUrl, adminToken, title);
  const answeredMs = performance.now() - started;
  const timeout = sleep(60_000).then(() => -1);
  const delays = (await Promise.all(arrivals.map((a) => Promise.race([a, timeout]))))
    .map((at) => (at < 0 ? Number.POSITIVE_INFINITY : at - started))
    .sort((a, b) => a - b);
  const received = delays.filter(Number.isFinite).length;
  await sleep(1000); // a second event for the same update would come now
  const twice = streams.filter((s) => (s.notifications.get(title) ?? 0) > 1).length;
  return {
    answeredMs: Math.round(answeredMs),
    firstMs: Math.round(delays[0] ?? 0),
    medianMs: Math.round(percentile(delays, 50)),
    lastMs: Math.round(delays[delays.length - 1] ?? 0),
    received,
    twice,
  };
}

/**
 * On the built server: `GET notifications/unread-count` against `GET me` for the heavy user; then
 * STREAM_USERS × STREAM_TABS live streams (RSS before and after, the delay from an admin's
 * important update to the last stream), then one user with ONE_USER_TABS tabs.
 */
export async function benchLive(label: string, server: RunningServer) {
  const heavy = await login(server.url, HEAVY_EMAIL);
  const headers = { authorization: `Bearer ${heavy.token}` };
  const unread = (await (
    await fetch(`${server.url}/api/v1/notifications/unread-count`, { headers })
  ).json()) as { data: { unreadCount: number } };
  const rows: Row[] = [
    await measure(label, 'GET /api/v1/me', { url: `${server.url}/api/v1/me`, headers }),
    await measure(label, `GET /api/v1/notifications/unread-count (${fmt(HEAVY_NOTIFICATIONS)}, half read)`, {
      url: `${server.url}/api/v1/notifications/unread-count`,
      headers,
    }),
  ];

  const admin = await login(server.url, 'admin@demo.local');
  const userTokens = await pool(
    Array.from({ length: STREAM_USERS }, (_, i) => liveEmail(i + 1)),
    4,
    async (email) => (await login(server.url, email)).token,
  );
  await sleep(2000);
  const rssBefore = server.rssMb();
  const { streams, seconds: openSeconds } = await openStreams(
    server.url,
    userTokens.flatMap((token) => Array.from({ length: STREAM_TABS }, () => token)),
  );
  await sleep(2000);
  const rssAfter = server.rssMb();
  const all = await notifyAll(server.url, admin.token, streams, 'Bench update to every stream');
  const rssPeak = Math.max(rssAfter, server.rssMb());
  for (const stream of streams) stream.close();
  await sleep(1000);

  const tabsToken = (await login(server.url, TABS_EMAIL)).token;
  const tabs = await openStreams(
    server.url,
    Array.from({ length: ONE_USER_TABS }, () => tabsToken),
  );
  const one = await notifyAll(server.url, admin.token, tabs.streams, 'Bench update to one user, many tabs');
  for (const stream of tabs.streams) stream.close();
  console.info(
    `[notifications] ${label} streams: ${streams.length} open in ${openSeconds.toFixed(1)} s, RSS ${rssBefore} → ${rssAfter} MB, last ${all.lastMs} ms`,
  );
  return {
    rows,
    unreadCount: unread.data.unreadCount,
    streams: {
      label,
      count: streams.length,
      openSeconds: round1(openSeconds),
      rssBefore,
      rssAfter,
      rssPeak,
      all,
      one,
    },
  };
}

export type FanoutResult = Awaited<ReturnType<typeof benchFanout>>;
export type RemindersResult = Awaited<ReturnType<typeof benchReminders>>;
export type LiveResult = Awaited<ReturnType<typeof benchLive>>;

export function notificationsReport(
  results: Record<string, { fanout: FanoutResult; reminders: RemindersResult; live: LiveResult }>,
): string[] {
  const all = Object.values(results);
  const lines = [
    `### Fan-out: one important update to ${fmt(FANOUT_USERS)} patients (2 % opted out)`,
    '',
    '| database | workers | to notify (opted out) | first row (s) | last row (s) | rows/s | rows | twice | to opted-out | missing | status | emails by then | emails/s after |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    ...all.map(
      ({ fanout: f }) =>
        `| ${f.label} | ${f.workers} | ${fmt(f.expected)} (${fmt(f.optedOut)}) | ${f.firstRowSeconds} | ${f.done ? f.seconds : `not done at ${f.seconds}`} | ${fmt(f.rowsPerSecond)} | ${fmt(f.rows)} | ${f.duplicates} | ${f.toOptedOut} | ${f.missing} | ${f.status} | ${fmt(f.mailsAtEnd)} | ${fmt(f.mailsPerSecondAfter)} |`,
    ),
    '',
    `### Journal reminders: ${fmt(REMINDERS)} due in the same minute`,
    '',
    '| database | workers | runners started (s) | all claimed (s) | last notification (s) | per s | notifications | twice | emails by then |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...all.map(
      ({ reminders: r }) =>
        `| ${r.label} | ${r.workers} | ${r.startSeconds} | ${r.claimedSeconds ?? '–'} | ${r.done ? r.seconds : `not done at ${r.seconds}`} | ${fmt(r.perSecond)} | ${fmt(r.rows)} | ${r.duplicates} | ${fmt(r.mails)} |`,
    ),
    '',
    `### Unread count against GET me (the user has ${fmt(HEAVY_NOTIFICATIONS)} notifications, half read)`,
    '',
    ...table(all.flatMap((r) => r.live.rows)),
    '',
    `### Live streams: ${fmt(STREAM_USERS * STREAM_TABS)} on one instance (${STREAM_USERS} users × ${STREAM_TABS} tabs), then one user × ${ONE_USER_TABS} tabs`,
    '',
    '| database | streams | opened in (s) | RSS before (MB) | RSS open (MB) | KB per stream | update → first / median / last stream (ms) | received | twice | one user: → last of its tabs (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    ...all.map(({ live: { streams: s } }) => {
      const kb = Math.round(((s.rssAfter - s.rssBefore) * 1024) / s.count);
      return `| ${s.label} | ${fmt(s.count)} | ${s.openSeconds} | ${s.rssBefore} | ${s.rssAfter} | ${kb} | ${s.all.firstMs} / ${s.all.medianMs} / ${s.all.lastMs} | ${fmt(s.all.received)} | ${s.all.twice} | ${s.one.lastMs} (${s.one.received}/${ONE_USER_TABS}) |`;
    }),
  ];
  return lines;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { bodies, emotionCombos, openers } from './journal.js';
import { DURATION, login, measure, type Row } from './lib.js';

/** Standard clients of the automation night (issue 14: 10,000), each with a week of entries. */
export const WEEKLY_CLIENTS = Number(process.env.BENCH_WEEKLY_CLIENTS ?? 10_000);
/** Worker processes (`npm run worker`) working the night. */
const WORKERS = 2;
/** Seconds the night may take before the bench gives up on it. */
const NIGHT_TIMEOUT_SECONDS = Number(process.env.BENCH_WEEKLY_TIMEOUT_SECONDS ?? 900);
/** The zones the clients live in (each due at its own local midnight, all before the run starts). */
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Kolkata',
];
const FIRST_NAMES = ['Alex', 'Sam', 'Jordan', 'Maria', 'Priya', 'Tom', 'Lena', 'Chen', 'Amara', 'Noah'];
const ACTIVITIES = ['Walking', 'Reading', 'Cooking', 'Friends', 'Work', 'Meditation', 'Exercise', 'Music'];
/** The two clients of part 2: the same week, 500 and 5,000 entries of history. */
export const LIGHT = { email: 'weekly-light@bench.local', entries: 500 };
export const HEAVY = { email: 'weekly-heavy@bench.local', entries: 5000 };
/** Entries both have in the seven days ending yesterday. */
const WEEK_ENTRIES = 10;
const SUMMARY_ROUTE = '/api/ai/generate-sevenday-summary';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;
const fmt = (n: number) => n.toLocaleString('en-US');
const log = (message: string) =>
  console.info(`[weekly-insights] ${new Date().toISOString().slice(11, 19)} ${message}`);
/** A text[] literal built in SQL from one JSON parameter. */
const textArray = (values: string[]) =>
  sql`(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;

// The server and the worker, bundled from the current sources (as apps/server/build.mjs does)

const outdir = fileURLToPath(new URL('./dist/weekly', import.meta.url));

/** Bundles apps/server/src/{main,worker}.ts into bench/dist/weekly (apps/server/dist is left alone). */
async function buildBundles(): Promise<{ main: string; worker: string }> {
  const { build } = await import('esbuild');
  const server = new URL('../apps/server/', import.meta.url);
  const pkg = JSON.parse(readFileSync(new URL('package.json', server), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: ['main', 'worker'].map((n) => fileURLToPath(new URL(`src/${n}.ts`, server))),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mindledger/')),
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  if (!existsSync(`${outdir}/drizzle`))
    symlinkSync(fileURLToPath(new URL('drizzle', server)), `${outdir}/drizzle`);
  return { main: `${outdir}/main.js`, worker: `${outdir}/worker.js` };
}

interface Proc {
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts a bundled entry with its output in a log file; stop() = SIGTERM, SIGKILL after 15 s. */
function spawnEntry(script: string, env: Record<string, string>, logFile: string): Proc {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', out, out],
  });
  return {
    child,
    logFile,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Error-level lines (pino level ≥ 50) a process wrote. */
function errorLines(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => /"level":(5|6)0/.test(l) || /^Error|Unhandled/.test(l));
}

// Seeding

/**
 * WEEKLY_CLIENTS Standard clients (`weekly-<n>@bench.local`, the demo password), spread over
 * ZONES, each with 5–10 entries over the 7 local days before today in their zone (every path of
 * the emotion wheel, 400 notes, chat entries, activities, sleep, ~3 % private), every 5th with a
 * goal; their automation settings (on, today's weekday) and their `weekly-insights` schedule due at
 * today's local midnight — already past in every zone when the run starts. Then the two clients of
 * part 2. Set-based inserts; then ANALYZE.
 */
async function seed(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    await db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select 'weekly-' || n || '@bench.local', ${textArray(FIRST_NAMES)}[1 + n % ${FIRST_NAMES.length}],
        'Bench', 'patient', true, true, (select password_hash from users where email = 'patient@demo.local'),
        ${textArray(ZONES)}[1 + n % ${ZONES.length}]
      from generate_series(1, ${WEEKLY_CLIENTS}::int) as n`);
    await db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select e, 'Robin', 'Bench', 'patient', true, true, u.password_hash, 'America/New_York'
      from unnest(array[${LIGHT.email}, ${HEAVY.email}]) as e, users u where u.email = 'patient@demo.local'`);
    await db.execute(sql`
      create table bench_clients as
      select u.id, u.timezone as tz, coalesce(split_part(split_part(u.email, '@', 1), '-', 2), '0') as tag,
        (now() at time zone u.timezone)::date as today
      from users u where u.email like 'weekly-%@bench.local'`);
    await db.execute(sql`
      insert into subscriptions (user_id, provider, plan_type, status, amount, current_period_start,
        current_period_end, card_last4, last_event_at, created_at, updated_at)
      select id, 'local', 'standard-monthly', 'active', 1299, now() - interval '10 days',
        now() + interval '20 days', '4242', now() - interval '10 days', now() - interval '10 days',
        now() - interval '10 days'
      from bench_clients`);
    // as after the notification defaults tick: the night measures the reports, not that backfill
    await db.execute(
      sql`insert into notification_settings (user_id, settings) select id, '{}'::jsonb from bench_clients`,
    );
    // automation on, today's weekday (0 = Sunday), the schedule due at today's local midnight
    await db.execute(sql`
      insert into weekly_automation_settings (patient_id, automatic_generation, automation_day, timezone, updated_at)
      select id, true, extract(dow from today)::int, tz, now() - interval '10 days'
      from bench_clients where tag ~ '^[0-9]+$'`);
    await db.execute(sql`
      insert into user_schedules (user_id, kind, time_zone, local_time, weekdays, data, next_slot, due_at)
      select id, 'weekly-insights', tz, '00:00', jsonb_build_array(extract(isodow from today)::int), '{}'::jsonb,
        to_char(today, 'YYYY-MM-DD'), today::timestamp at time zone tz
      from bench_clients where tag ~ '^[0-9]+$'`);
    const combos = emotionCombos();
    await db.execute(sql`create table bench_combo (i int primary key, mood text, emoji text,
      emotion_data jsonb, emotion jsonb, core text, primary_emotion text, intensity int, sentiment text, names text)`);
    await db.execute(sql`
      insert into bench_combo
      select i - 1, c->>'mood', c->>'emoji', c->'emotionData', c->'emotion', c->>'core', c->>'primary',
             (c->>'intensity')::int, c->>'sentiment', c->>'names'
      from jsonb_array_elements(${JSON.stringify(combos)}::jsonb) with ordinality as x(c, i)`);
    await db.execute(sql`create table bench_note (i int primary key, text text)`);
    await db.execute(sql`
      insert into bench_note
      select (a.i - 1) * ${bodies.length} + (b.i - 1), a.t || ' ' || b.t
      from jsonb_array_elements_text(${JSON.stringify(openers)}::jsonb) with ordinality as a(t, i),
           jsonb_array_elements_text(${JSON.stringify(bodies)}::jsonb) with ordinality as b(t, i)`);
    // Every entry's local day and time: the week's 5–10 (1–7 days before today), then part 2's history.
    // part 2: both have WEEK_ENTRIES in the week and the same 490 over the 245 days before it; the
    // heavy client has 4,500 more over the ~6 years before that.
    await db.execute(sql`
      create table bench_slots as
      select c.id, c.tz, w.k, c.today - (1 + (w.k * 3 + c.tag::int) % 7) as day,
        make_time(7 + (w.k * 5 + c.tag::int) % 15, (c.tag::int * 7 + w.k * 13) % 60, 0) as t
      from bench_clients c
      cross join lateral generate_series(0, 4 + c.tag::int % 6) as w(k)
      where c.tag ~ '^[0-9]+$'
      union all
      select c.id, c.tz, k, c.today - case
          when k < ${WEEK_ENTRIES}::int then 1 + k % 7
          when k < ${LIGHT.entries}::int then 8 + (k - ${WEEK_ENTRIES}::int) / 2
          else 253 + (k - ${LIGHT.entries}::int) / 2 end,
        make_time(8 + k % 13, (k * 17) % 60, 0)
      from bench_clients c
      cross join lateral generate_series(0, case when c.tag = 'heavy' then ${HEAVY.entries}::int else ${LIGHT.entries}::int end - 1) as k
      where c.tag in ('light', 'heavy')`);
    const chat = [
      { role: 'user', text: 'I keep thinking about the argument with my sister.' },
      { role: 'assistant', text: 'It sounds like it is still with you. What part keeps coming back?' },
      { role: 'user', text: 'That I did not really listen before answering.' },
    ];
    const chatText = chat.map((m) => m.text).join('\n');
    // oldest first, all clients interleaved, as years of use would leave them
    await db.execute(sql`
      insert into journal_entries (patient_id, mood, emoji, notes, journal_type, journal_mode,
        chat_messages, is_ai_generated, emotion_data, original_emotion_data, emotion, core_emotion,
        primary_emotion, intensity, sentiment, activities, day_details, is_private, entry_at, local_day,
        user_timezone, search_text, created_at, updated_at)
      select s.id, c.mood, c.emoji, case when x.kind = 'chat' then '' else n.text end, x.kind, x.kind,
        case when x.kind = 'prompt' then '[]'::jsonb else ${JSON.stringify(chat)}::jsonb end,
        x.kind <> 'prompt', c.emotion_data, c.emotion_data, c.emotion, c.core, c.primary_emotion,
        c.intensity, c.sentiment,
        case when h % 10 < 6 then ${textArray(ACTIVITIES)}[1 + h % 8 : 1 + h % 8 + h % 3] else '{}'::text[] end,
        case when h % 3 = 1 then jsonb_build_object('sleepRoutine',
               jsonb_build_object('hours', 5 + (h % 7) * 0.5, 'quality', 1 + h % 5))
             else '{}'::jsonb end,
        h % 31 = 7 and s.k > 1, x.at, s.day, s.tz,
        lower(c.mood || E'\n' || case when x.kind = 'chat' then '' else n.text end || E'\n' || c.names
              || case when x.kind = 'prompt' then '' else E'\n' || ${chatText} end),
        x.at, x.at
      from bench_slots s
      cross join lateral (select abs(hashtext(s.id::text || s.k))::int as h) as hh
      cross join lateral (
        select case h % 10 when 3 then 'chat' when 6 then 'voice' else 'prompt' end as kind,
               (s.day + s.t) at time zone s.tz as at) as x
      join bench_combo c on c.i = h % ${combos.length}
      join bench_note n on n.i = (h / 7) % ${bodies.length * openers.length}
      order by x.at`);
    await db.execute(sql`
      insert into goals (patient_id, created_by, type, text, text_key, priority, categories, created_at, updated_at)
      select id, id, 'personal', 'Walk 20 minutes every day', 'walk 20 minutes every day', 3, array['health'],
        now() - interval '60 days', now() - interval '60 days'
      from bench_clients where tag in ('light', 'heavy') or (tag ~ '^[0-9]+$' and tag::int % 5 = 0)`);
    await db.execute(sql`drop table bench_slots, bench_combo, bench_note`);
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

// Part 1: the automation night

async function one(client: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(text, values);
  return Number(rows[0]?.n ?? 0);
}

const REPORTS = `select count(*) as n from ai_documents where kind = 'weeklyReport' and source = 'automation'`;
/** Reports stored (one row per client-week by the unique index; the group-by checks it anyway). */
async function reportState(client: pg.Client) {
  const { rows } = await client.query<{ n: string; ids: string; latest: string | null }>(`
    select count(*) as n, md5(coalesce(string_agg(id::text || generated_at::text, ',' order by id), '')) as ids,
      max(generated_at)::text as latest
    from ai_documents where kind = 'weeklyReport'`);
  return { count: Number(rows[0]?.n ?? 0), fingerprint: rows[0]?.ids ?? '', latest: rows[0]?.latest ?? null };
}

async function jobStates(client: pg.Client) {
  const { rows } = await client.query<{ name: string; state: string; n: string; retries: string }>(`
    select name, state, count(*) as n, sum(retry_count) as retries from pgboss.job
    where name in ('weekly-report-automation', 'user-schedule:weekly-insights') group by 1, 2 order by 1, 2`);
  return rows.map((r) => ({ name: r.name, state: r.state, n: Number(r.n), retries: Number(r.retries) }));
}

export async function benchNight(databaseUrl: string, workerJs: string, dataDir: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const workers: Proc[] = [];
  try {
    // the client-weeks expected: every scheduled client with ≥ 2 non-private entries in their period
    const expected = await one(
      client,
      `select count(*) as n from (
         select s.user_id from user_schedules s
         join journal_entries e on e.patient_id = s.user_id and not e.deleted and not e.is_private
           and e.local_day between s.next_slot::date - 7 and s.next_slot::date - 1
         where s.kind = 'weekly-insights' group by s.user_id having count(*) >= 2) x`,
    );
    const due = await one(
      client,
      `select count(*) as n from user_schedules where kind = 'weekly-insights' and due_at <= now()`,
    );
    const entries = await one(
      client,
      `select count(*) as n from journal_entries e join user_schedules s on s.user_id = e.patient_id
       where s.kind = 'weekly-insights'`,
    );
    await client.query(`create table bench_night as
      select user_id, next_slot, due_at from user_schedules where kind = 'weekly-insights'`);
    log(`night: ${fmt(due)} schedules due, ${fmt(entries)} entries, ${fmt(expected)} client-weeks expected`);
    const started = performance.now();
    const startedAt = new Date();
    for (let i = 0; i < WORKERS; i += 1)
      workers.push(
        spawnEntry(
          workerJs,
          { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
          join(dataDir, `worker-${i + 1}.log`),
        ),
      );
    let firstSeconds: number | null = null;
    let seconds = 0;
    let done = false;
    for (;;) {
      const n = await one(client, REPORTS);
      seconds = (performance.now() - started) / 1000;
      if (n > 0 && firstSeconds === null) firstSeconds = seconds;
      if (n >= expected) {
        done = true;
        break;
      }
      if (seconds > NIGHT_TIMEOUT_SECONDS || workers.some((w) => w.child.exitCode !== null)) break;
      await sleep(250);
    }
    // the last row's own commit time (created_at) rather than the poll's
    const { rows: span } = await client.query<{ first: string; last: string }>(
      `
      select extract(epoch from min(created_at) - $1::timestamptz) as first,
             extract(epoch from max(created_at) - $1::timestamptz) as last
      from ai_documents where kind = 'weeklyReport' and source = 'automation'`,
      [startedAt.toISOString()],
    );
    const lastSeconds = Number(span[0]?.last ?? seconds);
    const firstRowSeconds = Number(span[0]?.first ?? firstSeconds ?? 0);
    await sleep(3000);
    const cpu = workers.map((w) => round1(cpuSeconds(w.child.pid)));
    const first = await reportState(client);
    const reports = await one(client, REPORTS);
    const twice = await one(
      client,
      `select count(*) as n from (select patient_id, period_start from ai_documents where kind = 'weeklyReport'
       group by 1, 2 having count(*) > 1) x`,
    );
    const clients = await one(
      client,
      `select count(distinct patient_id) as n from ai_documents where kind = 'weeklyReport' and source = 'automation'`,
    );
    // each report's period is its client's seven days before the slot
    const wrongPeriod = await one(
      client,
      `select count(*) as n from ai_documents d join bench_night b on b.user_id = d.patient_id
       where d.kind = 'weeklyReport' and (d.period_start <> b.next_slot::date - 7 or d.period_end <> b.next_slot::date - 1)`,
    );
    const told = await one(
      client,
      `select count(*) as n from notifications where type = 'weekly_summary_generated'`,
    );
    const stillDue = await one(
      client,
      `select count(*) as n from user_schedules where kind = 'weekly-insights' and due_at <= now()`,
    );
    const jobs = await jobStates(client);
    const failedJobs = jobs.filter((j) => j.state === 'failed').reduce((a, j) => a + j.n, 0);
    const retries = jobs.reduce((a, j) => a + j.retries, 0);
    log(
      `night: ${fmt(reports)} reports, last at ${lastSeconds.toFixed(1)} s, ${twice} client-weeks twice, ${failedJobs} failed jobs`,
    );

    // The same night again: every schedule put back on the slot it was delivered for, due again.
    const automationJobsBefore = jobs
      .filter((j) => j.name === 'weekly-report-automation')
      .reduce((a, j) => a + j.n, 0);
    await client.query(`update user_schedules s set next_slot = b.next_slot, due_at = b.due_at
      from bench_night b where s.kind = 'weekly-insights' and s.user_id = b.user_id`);
    const again = performance.now();
    // the tick runs every 10 s: wait for every row to be claimed again, then for what it could cause
    for (;;) {
      const left = await one(
        client,
        `select count(*) as n from user_schedules where kind = 'weekly-insights' and due_at <= now()`,
      );
      if (left === 0 || (performance.now() - again) / 1000 > 120) break;
      await sleep(500);
    }
    const reclaimedSeconds = (performance.now() - again) / 1000;
    await sleep(20_000);
    const jobsAgain = await jobStates(client);
    const second = await reportState(client);
    const toldAgain = await one(
      client,
      `select count(*) as n from notifications where type = 'weekly_summary_generated'`,
    );
    const automationJobsAfter = jobsAgain
      .filter((j) => j.name === 'weekly-report-automation')
      .reduce((a, j) => a + j.n, 0);
    const errors = workers.flatMap((w) => errorLines(w.logFile));
    return {
      workers: WORKERS,
      clients: due,
      entries,
      expected,
      done,
      reports,
      distinctClients: clients,
      clientWeeksTwice: twice,
      wrongPeriod,
      notifications: told,
      stillDue,
      firstReportSeconds: round1(firstRowSeconds),
      lastReportSeconds: round1(lastSeconds),
      reportsPerSecond: Math.round(reports / lastSeconds),
      reportsPerSecondGenerating: Math.round(reports / Math.max(0.1, lastSeconds - firstRowSeconds)),
      workerCpuSeconds: cpu,
      jobs,
      failedJobs,
      retries,
      errorLines: errors.length,
      firstError: errors[0]?.slice(0, 300) ?? null,
      rerun: {
        reclaimedSeconds: round1(reclaimedSeconds),
        reports: second.count,
        sameRows: second.fingerprint === first.fingerprint,
        latestGeneratedAt: second.latest,
        newAutomationJobs: automationJobsAfter - automationJobsBefore,
        newBatchJobs:
          jobsAgain.filter((j) => j.name.startsWith('user-schedule')).reduce((a, j) => a + j.n, 0) -
          jobs.filter((j) => j.name.startsWith('user-schedule')).reduce((a, j) => a + j.n, 0),
        newNotifications: toldAgain - told,
      },
    };
  } finally {
    for (const w of workers) await w.stop();
    await client.end();
  }
}

// Part 2: one report's generation, 500 against 5,000 entries of history

async function waitForHealth(url: string, proc: Proc): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`server exited with ${proc.child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error('server did not start');
}

/** EXPLAIN ANALYZE of the report's input reads (input.ts `weeklyInput`), for one client. */
async function explainInput(client: pg.Client, email: string) {
  const { rows } = await client.query<{ id: string; today: string }>(
    `select id, to_char((now() at time zone timezone)::date, 'YYYY-MM-DD') as today from users where email = $1`,
    [email],
  );
  const user = rows[0];
  if (!user) throw new Error(`no ${email}`);
  const plan = async (text: string, values: unknown[]) => {
    const { rows: lines } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off, summary on) ${text}`,
      values,
    );
    return lines.map((l) => l['QUERY PLAN']);
  };
  const entries = await plan(
    `select e.id, e.local_day, e.entry_at, e.notes, e.chat_messages, e.emotion_data, e.activities, e.day_details,
       (select array_agg(g.goal_id::text) from goal_entry_links g where g.entry_id = e.id)
     from journal_entries e
     where e.patient_id = $1 and not e.deleted and not e.is_private
       and e.local_day between ($2::date - 7) and ($2::date - 1)
     order by e.entry_at, e.id`,
    [user.id, user.today],
  );
  const streak = await plan(
    `select distinct local_day from journal_entries
     where patient_id = $1 and not deleted and not is_private
       and local_day >= ($2::date - 400) and local_day <= $2::date`,
    [user.id, user.today],
  );
  const streakRows = await one(
    client,
    `select count(*) as n from journal_entries where patient_id = $1 and not deleted and not is_private
       and local_day >= ($2::date - 400) and local_day <= $2::date`,
    [user.id, user.today],
  );
  return { entries, streak, streakRows };
}

export async function benchOneReport(databaseUrl: string, mainJs: string, dataDir: string, port: number) {
  const server = spawnEntry(
    mainJs,
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // only the request path: the night's workers are gone, nothing else is queued
      JOBS_IN_PROCESS: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_SECOND: '100000000',
      RATE_LIMIT_AUTH_PER_10_MINUTES: '100000000',
      AI_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    join(dataDir, 'server.log'),
  );
  const url = `http://127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await waitForHealth(url, server);
    const rows: Row[] = [];
    const runs: { history: number; connections: number; row: Row }[] = [];
    const sessions: Record<string, string> = {};
    for (const who of [LIGHT, HEAVY]) {
      const { token } = await login(url, who.email);
      sessions[who.email] = token;
      // warm-up, and a check that the answer is a report of WEEK_ENTRIES entries
      for (let i = 0; i < 20; i += 1) {
        const response = await fetch(`${url}${SUMMARY_ROUTE}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        if (!response.ok) throw new Error(`${SUMMARY_ROUTE}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    }
    for (const connections of [1, 10]) {
      for (const who of [LIGHT, HEAVY]) {
        const label = `${who.entries.toLocaleString('en')} entries, ${connections} conn.`;
        const row = await measure(label, `POST ${SUMMARY_ROUTE}`, {
          url: `${url}${SUMMARY_ROUTE}`,
          method: 'POST',
          headers: { authorization: `Bearer ${sessions[who.email]}` },
          connections,
          duration: DURATION,
        });
        runs.push({ history: who.entries, connections, row });
        rows.push(row);
        log(`${label}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`);
      }
    }
    const ratio = (connections: number) => {
      const light = runs.find((r) => r.connections === connections && r.history === LIGHT.entries)?.row;
      const heavy = runs.find((r) => r.connections === connections && r.history === HEAVY.entries)?.row;
      return light && heavy ? Math.round((heavy.p99Ms / light.p99Ms) * 100) / 100 : null;
    };
    const stored = await one(
      client,
      `select count(*) as n from ai_documents d join users u on u.id = d.patient_id
       where u.email in ($1, $2) and d.kind = 'weeklyReport'`,
      [LIGHT.email, HEAVY.email],
    );
    const explain = {
      light: await explainInput(client, LIGHT.email),
      heavy: await explainInput(client, HEAVY.email),
    };
    return {
      rows,
      ratio1: ratio(1),
      ratio10: ratio(10),
      stored,
      explain,
      errorLines: errorLines(server.logFile).length,
      firstError: errorLines(server.logFile)[0]?.slice(0, 300) ?? null,
    };
  } finally {
    await client.end();
    await server.stop();
  }
}

// The whole scenario (PostgreSQL only: the worker processes need DATABASE_URL)

export async function benchWeeklyInsights(databaseUrl: string, port: number) {
  const bundles = await buildBundles();
  log(`built ${bundles.worker}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-weekly-'));
  try {
    const seeding = performance.now();
    await seed(databaseUrl, dataDir);
    const seedSeconds = round1((performance.now() - seeding) / 1000);
    log(`seeded in ${seedSeconds} s`);
    const night = await benchNight(databaseUrl, bundles.worker, dataDir);
    const single = await benchOneReport(databaseUrl, bundles.main, dataDir, port);
    return { seedSeconds, night, single };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function weeklyInsightsReport(result: Awaited<ReturnType<typeof benchWeeklyInsights>>): string[] {
  const { night, single: o } = result;
  const explainLines = (name: string, e: Awaited<ReturnType<typeof explainInput>>) => [
    `${name}: the week's entries`,
    ...e.entries,
    `${name}: the streak's days (${fmt(e.streakRows)} rows in the 400 days)`,
    ...e.streak,
  ];
  return [
    '### Weekly insights (issue 14)',
    '',
    `Seeded in ${result.seedSeconds} s. Automation night: ${fmt(night.clients)} Standard clients due, ${fmt(night.entries)} entries in their weeks, ${night.workers} worker processes, local engine.`,
    '',
    '| client-weeks | reports | first (s) | last (s) | reports/s (start → last) | reports/s (first → last) | twice | failed jobs | retries | error lines |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${fmt(night.expected)} | ${fmt(night.reports)} | ${night.firstReportSeconds} | ${night.lastReportSeconds} | ${night.reportsPerSecond} | ${night.reportsPerSecondGenerating} | ${night.clientWeeksTwice} | ${night.failedJobs} | ${night.retries} | ${night.errorLines} |`,
    '',
    `Distinct clients ${fmt(night.distinctClients)}, wrong periods ${night.wrongPeriod}, notifications ${fmt(night.notifications)}, schedules still due ${night.stillDue}, worker CPU s ${night.workerCpuSeconds.join(' / ')}.`,
    `${night.firstError ? `First worker error: ${night.firstError}\n` : ''}Jobs: ${night.jobs.map((j) => `${j.name} ${j.state} ${fmt(j.n)}`).join('; ')}.`,
    `Night again (schedules put back on the same slot, claimed again in ${night.rerun.reclaimedSeconds} s, then 20 s): reports ${fmt(night.rerun.reports)}, same rows and generated_at ${night.rerun.sameRows}, new automation jobs ${night.rerun.newAutomationJobs}, new batch jobs ${night.rerun.newBatchJobs}, new notifications ${night.rerun.newNotifications}.`,
    '',
    '| history | route | req/s | p50 (ms) | p99 (ms) | errors | non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...o.rows.map(
      (r) =>
        `| ${r.database} | ${r.route} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} |`,
    ),
    '',
    `p99 5,000 / 500: ${o.ratio1} (1 connection), ${o.ratio10} (10 connections). Reports stored for the two: ${o.stored}; server error lines ${o.errorLines}${o.firstError ? ` (first: ${o.firstError})` : ''}.`,
    '',
    '```',
    ...explainLines('500 entries', o.explain.light),
    ...explainLines('5,000 entries', o.explain.heavy),
    '```',
  ];
}

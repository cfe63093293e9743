import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionNotes as sessionNoteRules } from '@mindledger/domain';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { NotesRepo } from '../apps/server/src/features/clinical-notes/repo.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { CONNECTIONS, DURATION, login, measure, type Row } from './lib.js';
import { startServer } from './server.js';
import { checkQueries } from './sqlcheck.js';

/**
 * Provider notes (issue 15), PostgreSQL only: the dashboard's session-notes list and one client's
 * notes page on a practice-sized table. The demo provider has NOTES_CLIENTS connected clients
 * (accepted, active) and NOTES_FORMER former ones (connection inactive, their notes kept, decision
 * 088); NOTES_PROVIDERS − 1 other providers have the same; every client has NOTES_PER_CLIENT notes
 * over the last NOTES_MONTHS months.
 */
export const NOTES_PROVIDERS = Number(process.env.BENCH_NOTES_PROVIDERS ?? 20);
export const NOTES_CLIENTS = Number(process.env.BENCH_NOTES_CLIENTS ?? 200);
export const NOTES_FORMER = Number(process.env.BENCH_NOTES_FORMER ?? 10);
export const NOTES_PER_CLIENT = Number(process.env.BENCH_NOTES_PER_CLIENT ?? 100);
export const NOTES_MONTHS = 18;
/** Share of notes signed (the rest are drafts). */
const SIGNED_SHARE = 0.4;
/** Rows per INSERT … SELECT FROM unnest(…) batch. */
const BATCH = 2000;
const DAY_MS = 86_400_000;

const log = (message: string) =>
  console.info(`[provider-notes] ${new Date().toISOString().slice(11, 19)} ${message}`);
const fmt = (n: number) => n.toLocaleString('en-US');
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A small deterministic PRNG (mulberry32): the same data on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The notes' text: sentences of a therapist's progress notes, put together to 300–2,000 characters.

const subjective = [
  'Client reported sleeping around six hours a night since the last session, up from four.',
  'Client described a difficult week at work with two deadlines moved forward without warning.',
  'Client stated that the panic episodes were less frequent, two this week against five before.',
  'Client shared that the conversation with their partner about chores went better than expected.',
  'Client said they skipped the breathing exercise most days because mornings felt too rushed.',
  'Client reported low mood on most days, worse in the evenings, with little interest in hobbies.',
  'Client described ruminating about a comment made by a colleague in a team meeting.',
  'Client noted that walking after lunch helped them feel less restless in the afternoons.',
  'Client reported one argument with a sibling that left them tearful for most of the evening.',
  'Client mentioned cravings on two evenings and used the urge-surfing script on both occasions.',
  'Client said the new medication causes mild nausea in the morning but no other side effects.',
  'Client reported completing the thought record three times and brought it to the session.',
];
const objective = [
  'Appeared well groomed and on time; affect congruent with reported mood, speech normal in rate.',
  'Presented as tired, with reduced eye contact early in the session that improved over the hour.',
  'PHQ-9 score 14 today, down from 17 four weeks ago; GAD-7 score 11, unchanged.',
  'Engaged throughout, asked relevant questions and was able to summarise the homework accurately.',
  'Tearful when discussing the family situation; able to regulate with grounding within minutes.',
  'Thought process linear and goal-directed; no evidence of perceptual disturbance.',
  'Denied suicidal ideation, intent or plan; safety plan reviewed and still considered current.',
  'Fidgeting and restless at the start; settled after the breathing exercise at the ten-minute mark.',
];
const assessment = [
  'Progress toward the sleep goal is steady; avoidance at work remains the main maintaining factor.',
  'Symptoms consistent with moderate depression, improving slowly with behavioural activation.',
  'Anxiety is driven largely by catastrophic predictions about performance reviews.',
  'The client is building insight into the link between skipped meals and afternoon irritability.',
  'Risk remains low; protective factors include supportive friends and a stable living situation.',
  'Interpersonal conflict with the sibling appears to reactivate older patterns of self-blame.',
  'Motivation for change is good, though follow-through on homework is still inconsistent.',
];
const plan = [
  'Continue weekly sessions; next session to focus on cognitive restructuring of work predictions.',
  'Homework: thought record on two anxious moments, and a fifteen-minute walk on five days.',
  'Introduce a graded exposure hierarchy for crowded meetings, starting with the smallest step.',
  'Coordinate with the prescribing physician about the nausea before the next medication review.',
  'Review the safety plan again in two weeks, or sooner if mood drops.',
  'Practise the assertive request script for the next conversation with the manager.',
  'Reduce to fortnightly sessions if the improvement in sleep holds for another month.',
  'Share the sleep hygiene handout and agree a fixed wake-up time, including weekends.',
];
const sections = [subjective, objective, assessment, plan];
const additional = [
  'Late cancellation policy discussed.',
  'Client asked for a letter for their employer; to be prepared before the next session.',
  'Session held by video because of travel; connection was stable.',
  'Parent joined for the last ten minutes with the client’s consent.',
  'Insurance pre-authorisation renews next month.',
];
const recommendations = [
  'Daily fifteen-minute walk',
  'Thought record twice a week',
  'Fixed wake-up time',
  'Limit caffeine after noon',
  'Box breathing when anxious',
  'Schedule one pleasant activity a day',
];
/** Category mix: mostly session notes. null = no category. */
const categories: (string | null)[] = [
  ...Array<string>(11).fill('session'),
  'assessment',
  'assessment',
  'treatment',
  'treatment',
  'treatment',
  'general',
  'general',
  'emergency',
  null,
];
const titles: Record<string, string[]> = {
  session: ['Progress Note', 'Session Note', 'Weekly Session', 'CBT Session'],
  assessment: ['Intake Assessment', 'Quarterly Assessment', 'PHQ-9 / GAD-7 Review'],
  treatment: ['Treatment Plan Review', 'Medication Coordination'],
  general: ['Check-in', 'Phone Call'],
  emergency: ['Crisis Call', 'Safety Check'],
  none: ['Progress Note'],
};
const priorities = ['normal', 'normal', 'normal', 'normal', 'low', 'high', 'urgent'];
const services = ['in-person', 'in-person', 'telehealth', 'telehealth', 'phone'];
const durations = [30, 45, 50, 50, 60, 60, 60, 90];
const frequencies = ['Weekly', 'Every 2 Weeks', 'Monthly', 'Every 4 Months', 'As Needed'];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

/** A note's text of 300–2,000 characters: SOAP sections, the length drawn evenly in that range. */
function noteText(r: () => number): string {
  const target = 300 + Math.floor(r() * 1701);
  let text = '';
  let section = 0;
  while (text.length < target) {
    const sentence = pick(r, sections[section % 4]!);
    text += (text ? ' ' : '') + sentence;
    section += r() < 0.5 ? 1 : 0;
  }
  if (text.length > 2000) text = `${text.slice(0, 1996).replace(/\s+\S*$/, '')}…`;
  return text;
}

interface Slot {
  provider: string;
  patient: string;
  sessionDate: string;
  timeMinutes: number;
  duration: number;
  createdAt: number;
  seed: number;
}

/**
 * Before the server starts: migrate, the demo accounts, then NOTES_PROVIDERS providers (the demo
 * provider and `notes-provider-NN@bench.local`), each with NOTES_CLIENTS connected and NOTES_FORMER
 * former clients, and every client's NOTES_PER_CLIENT notes, written oldest first across all
 * providers (as months of use leave the table) in multi-row INSERT … SELECT FROM unnest batches of
 * BATCH rows. Then 1 % of signed notes get an addendum, and VACUUM ANALYZE (this machine's
 * PostgreSQL runs without autovacuum).
 */
export async function seedProviderNotes(databaseUrl: string, dataDir: string) {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: demo } = await client.query<{ id: string; hash: string }>(
      `select id, password_hash as hash from users where email = 'provider@demo.local'`,
    );
    const provider = demo[0];
    if (!provider) throw new Error('demo provider missing');
    await client.query(
      `insert into users (email, first_name, last_name, role, activated, approved, password_hash)
       select 'notes-provider-' || lpad(n::text, 2, '0') || '@bench.local', 'Provider' || n, 'Bench',
         'provider', true, true, $1
       from generate_series(2, $2::int) as n`,
      [provider.hash, NOTES_PROVIDERS],
    );
    const { rows: providerRows } = await client.query<{ id: string }>(
      `select id from users where email = 'provider@demo.local' or email like 'notes-provider-%@bench.local'
       order by email <> 'provider@demo.local', email`,
    );
    const firstNames = ['Alex', 'Sam', 'Jordan', 'Maria', 'Priya', 'Tom', 'Lena', 'Chen', 'Amara', 'Noah'];
    const perProvider = NOTES_CLIENTS + NOTES_FORMER;
    // clients: p<provider>-c<n>; n < NOTES_CLIENTS connected, the others former
    await client.query(
      `insert into users (email, first_name, last_name, role, activated, approved, password_hash)
       select 'notes-p' || p || '-c' || lpad(n::text, 3, '0') || '@bench.local',
         (array(select jsonb_array_elements_text($1::jsonb)))[1 + (p * 7 + n) % 10], 'Client' || n,
         'patient', true, true, $2
       from generate_series(1, $3::int) as p, generate_series(0, $4::int - 1) as n`,
      [JSON.stringify(firstNames), provider.hash, providerRows.length, perProvider],
    );
    const providerIds = providerRows.map((r) => r.id);
    await client.query(
      `insert into connections (provider_id, patient_id, status, connection_status, invited_by, accepted_at,
         inactive_reason, status_changed_at)
       select ($1::uuid[])[split_part(split_part(u.email, '-c', 1), 'notes-p', 2)::int], u.id, 'accepted',
         case when c.n < $2::int then 'active' else 'inactive' end, 'provider',
         now() - interval '19 months',
         case when c.n < $2::int then null else 'Treatment ended' end,
         case when c.n < $2::int then null else now() - interval '3 days' end
       from users u
       cross join lateral (select split_part(split_part(u.email, '-c', 2), '@', 1)::int as n) c
       where u.email like 'notes-p%-c%@bench.local'`,
      [providerIds, NOTES_CLIENTS],
    );
    const { rows: clientRows } = await client.query<{ id: string; email: string }>(
      `select id, email from users where email like 'notes-p%-c%@bench.local' order by email`,
    );
    // every note's slot: the client's sessions spread over the months, a few days apart, jittered
    const now = Date.now();
    const spanDays = Math.round((NOTES_MONTHS * 365) / 12);
    const today = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate(),
    );
    const slots: Slot[] = [];
    for (const [i, c] of clientRows.entries()) {
      const p = Number(/notes-p(\d+)-c/.exec(c.email)?.[1] ?? 1);
      const r = prng(1000 + i);
      const step = spanDays / NOTES_PER_CLIENT;
      const offset = r() * step;
      for (let k = 0; k < NOTES_PER_CLIENT; k += 1) {
        const daysAgo = Math.min(spanDays - 1, Math.floor(offset + k * step + (r() - 0.5) * step * 0.6));
        const day = today - Math.max(0, daysAgo) * DAY_MS;
        const timeMinutes = 8 * 60 + 15 * Math.floor(r() * 44);
        const duration = pick(r, durations);
        const createdAt = Math.min(
          now - 60_000,
          day + (timeMinutes + duration + Math.floor(r() * 120)) * 60_000,
        );
        slots.push({
          provider: providerIds[p - 1]!,
          patient: c.id,
          sessionDate: new Date(day).toISOString().slice(0, 10),
          timeMinutes,
          duration,
          createdAt,
          seed: i * NOTES_PER_CLIENT + k,
        });
      }
    }
    slots.sort((a, b) => a.createdAt - b.createdAt);
    log(
      `${fmt(providerIds.length)} providers, ${fmt(clientRows.length)} clients, ${fmt(slots.length)} notes to write`,
    );
    const insert = `insert into provider_notes (provider_id, patient_id, title, notes, additional_notes, category,
        priority, session_date, time_minutes, duration, service, ai_summary, recommendations, frequency,
        is_signed, signed_at, signed_by, created_at, updated_at)
      select provider_id, patient_id, title, notes, additional_notes, category, priority, session_date,
        time_minutes, duration, service, ai_summary, recommendations::jsonb, frequency, is_signed, signed_at,
        case when is_signed then provider_id end, created_at, coalesce(signed_at, created_at)
      from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
        $8::date[], $9::int[], $10::int[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bool[],
        $16::timestamptz[], $17::timestamptz[])
        as t(provider_id, patient_id, title, notes, additional_notes, category, priority, session_date,
          time_minutes, duration, service, ai_summary, recommendations, frequency, is_signed, signed_at,
          created_at)`;
    let textChars = 0;
    for (let start = 0; start < slots.length; start += BATCH) {
      const batch = slots.slice(start, start + BATCH);
      const cols: unknown[][] = Array.from({ length: 17 }, () => []);
      for (const s of batch) {
        const r = prng(s.seed * 2654435761);
        const category = pick(r, categories);
        const notes = noteText(r);
        textChars += notes.length;
        const signed = r() < SIGNED_SHARE;
        const signedAt = signed
          ? Math.min(now - 30_000, s.createdAt + Math.floor(r() * 72 * 3_600_000))
          : null;
        const summary = r() < 0.3 ? `${pick(r, subjective)} ${pick(r, assessment)} ${pick(r, plan)}` : null;
        const recs = Array.from({ length: Math.floor(r() * 4) }, () => pick(r, recommendations));
        const values = [
          s.provider,
          s.patient,
          pick(r, titles[category ?? 'none']!),
          notes,
          r() < 0.25 ? pick(r, additional) : null,
          category,
          pick(r, priorities),
          s.sessionDate,
          s.timeMinutes,
          s.duration,
          pick(r, services),
          summary,
          JSON.stringify(recs),
          pick(r, frequencies),
          signed,
          signedAt === null ? null : new Date(signedAt).toISOString(),
          new Date(s.createdAt).toISOString(),
        ];
        values.forEach((v, j) => cols[j]!.push(v));
      }
      await client.query(insert, cols);
      if ((start / BATCH) % 50 === 49) log(`${fmt(start + batch.length)} notes`);
    }
    await client.query(`
      insert into note_addenda (note_id, author_id, author_name, text, created_at)
      select id, provider_id, 'Daniel Reyes', 'Correction: the session lasted ' || duration || ' minutes; '
        || 'the homework agreed was the thought record, not the sleep diary.', signed_at + interval '1 day'
      from provider_notes where is_signed and abs(hashtext(id::text)) % 100 = 0`);
    const seededSeconds = (performance.now() - started) / 1000;
    log(`notes written in ${round1(seededSeconds)} s; vacuum analyze`);
    await client.query('vacuum analyze');
    const stats = await client.query<Record<string, string>>(
      `select (select count(*) from provider_notes) as notes,
         (select count(*) from provider_notes where provider_id = $1) as provider_notes,
         (select count(*) from provider_notes where provider_id = $1 and is_signed) as provider_signed,
         (select count(*) from provider_notes where provider_id = $1 and is_signed
            and signed_at >= now() - interval '30 days') as signed_30,
         (select count(*) from note_addenda) as addenda,
         (select min(session_date)::text from provider_notes) as first_day,
         (select max(session_date)::text from provider_notes) as last_day,
         (select min(length(notes)) from provider_notes) as min_len,
         (select max(length(notes)) from provider_notes) as max_len,
         (select round(avg(length(notes))) from provider_notes) as avg_len,
         (select string_agg(coalesce(category, 'none') || ' ' || n, ', ' order by n desc)
            from (select category, count(*) as n from provider_notes group by 1) x) as categories,
         pg_size_pretty(pg_total_relation_size('provider_notes')) as table_size,
         pg_size_pretty(pg_relation_size('provider_notes_client_idx')) as client_idx,
         pg_size_pretty(pg_relation_size('provider_notes_provider_idx')) as provider_idx,
         pg_size_pretty(pg_relation_size('provider_notes_signed_idx')) as signed_idx`,
      [provider.id],
    );
    const s = stats.rows[0]!;
    // the page measured: a connected client of the demo provider, in the middle of the list
    const { rows: patient } = await client.query<{ id: string; n: string }>(
      `select n.patient_id as id, count(*) as n from provider_notes n join users u on u.id = n.patient_id
       where n.provider_id = $1 and u.email like '%-c100@bench.local' group by 1`,
      [provider.id],
    );
    const { rows: clients } = await client.query<{ id: string }>(
      `select c.patient_id as id from connections c join users u on u.id = c.patient_id
       where c.provider_id = $1 and c.status = 'accepted' and c.connection_status = 'active'
         and u.email like 'notes-p%' order by u.email`,
      [provider.id],
    );
    return {
      seconds: round1(seededSeconds),
      totalSeconds: round1((performance.now() - started) / 1000),
      providers: providerIds.length,
      clients: clientRows.length,
      avgTextChars: Math.round(textChars / slots.length),
      stats: s,
      providerId: provider.id,
      patientId: patient[0]!.id,
      patientNotes: Number(patient[0]!.n),
      connectedClients: clients.map((c) => c.id),
    };
  } finally {
    await client.end();
  }
}

type Seed = Awaited<ReturnType<typeof seedProviderNotes>>;
interface Plan {
  name: string;
  sql: string;
  plan: string[];
}

/**
 * The three statements of the two routes exactly as the server's NotesRepo sends them (caught on
 * the pg client), then EXPLAIN (ANALYZE, BUFFERS) of each with its parameters (after the statements
 * have run once: the caches as a working server has them).
 */
export async function explainNotes(databaseUrl: string, seed: Seed) {
  const seen: { text: string; params: unknown[] }[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    // drizzle sends a string, or a query config ({ text, rowMode: 'array' }) for selects with joins
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text) seen.push({ text, params: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] });
    return original.apply(this, args);
  };
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  const captured: Record<string, { text: string; params: unknown[] }> = {};
  try {
    const repo = new NotesRepo(database.db);
    const catchOne = async (name: string, run: () => Promise<unknown>) => {
      seen.length = 0;
      await run();
      const statement = seen.find((q) => /provider_notes/.test(q.text));
      if (!statement) throw new Error(`${name}: no statement seen`);
      captured[name] = statement;
    };
    const since = new Date(Date.now() - sessionNoteRules.signedWindowDays * DAY_MS);
    await catchOne('session list', async () => repo.sessionNotes(seed.providerId, sessionNoteRules.limit));
    await catchOne('30-day signed count', () => repo.signedSince(seed.providerId, since));
    await catchOne('client page', () =>
      repo.ofClient(seed.providerId, seed.patientId, { offset: 0, limit: 20 }),
    );
  } finally {
    proto.query = original;
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plans: Plan[] = [];
    for (const [name, q] of Object.entries(captured)) {
      await client.query(q.text, q.params);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${q.text}`,
        q.params,
      );
      plans.push({ name, sql: q.text, plan: rows.map((r) => r['QUERY PLAN']) });
    }
    return plans;
  } finally {
    await client.end();
  }
}

/** A port nobody listens on (other benches may run on this machine at the same time). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The indexes as decision 088's ORDER BY reads them: plain `desc` is `desc nulls first`, while
 * drizzle's `.desc()` in an index builds `DESC NULLS LAST`, an order the planner cannot read for it.
 * Built only when the migrated indexes leave a Sort in the session list's plan (so after a fix this
 * part does not run).
 */
const PROPOSED_INDEXES = [
  'drop index provider_notes_provider_idx',
  `create index provider_notes_provider_idx on provider_notes
     (provider_id, session_date desc, time_minutes desc, created_at desc)`,
  'drop index provider_notes_client_idx',
  `create index provider_notes_client_idx on provider_notes
     (provider_id, patient_id, session_date desc, time_minutes desc, created_at desc)`,
  'analyze provider_notes',
];

/** Whether a plan sorts (the index did not give the order). */
const sorts = (plan: string[]) => plan.some((l) => /\bSort\s+\(cost/.test(l));

export async function benchProviderNotes(databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-notes-'));
  try {
    log(
      `seeding ${NOTES_PROVIDERS} providers × (${NOTES_CLIENTS} + ${NOTES_FORMER} former) clients × ${NOTES_PER_CLIENT} notes`,
    );
    const seed = await seedProviderNotes(databaseUrl, dataDir);
    log(`seeded in ${seed.totalSeconds} s (with vacuum analyze); ${seed.stats.table_size}`);
    const queries = await checkQueries({ databaseUrl, dataDir }, [
      {
        label: 'GET get-all-session-notes?limit=50',
        method: 'GET',
        url: '/api/v1/get-all-session-notes?limit=50',
        as: 'provider@demo.local',
      },
      {
        label: 'GET get-all-notes/{patientId}',
        method: 'GET',
        url: `/api/v1/get-all-notes/${seed.patientId}`,
        as: 'provider@demo.local',
      },
    ]);
    const phases: { label: string; plans: Plan[]; rows: Row[]; cpuMs: number[]; load?: string }[] = [
      { label: 'indexes as migrated', plans: await explainNotes(databaseUrl, seed), rows: [], cpuMs: [] },
    ];
    const server = await startServer(
      await freePort(),
      { DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: 'false' },
      dataDir,
      { keepDataDir: true },
    );
    const checks: string[] = [];
    try {
      const { token } = await login(server.url, 'provider@demo.local');
      const headers = { authorization: `Bearer ${token}` };
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`, { headers });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as Record<string, unknown>;
      };
      const connected = new Set(seed.connectedClients);
      const answers = async () => {
        const list = await get('/api/v1/get-all-session-notes?limit=50');
        const listed = list.data as { patientDetails: { _id: string }; date: string }[];
        const page = await get(`/api/v1/get-all-notes/${seed.patientId}`);
        const notes = page.data as unknown[];
        return [
          `session list: ${listed.length} notes, ${listed.filter((n) => !connected.has(n.patientDetails._id)).length} of clients not connected, sessions ${listed.at(-1)?.date} … ${listed[0]?.date}, signedLast30Days ${String(list.signedLast30Days)}, ${Math.round(JSON.stringify(list).length / 1024)} KB`,
          `client page: ${notes.length} notes of total ${String(page.total)}, hasNext ${String(page.hasNext)}, ${Math.round(JSON.stringify(page).length / 1024)} KB`,
        ];
      };
      const route = (path: string) => ({ url: `${server.url}${path}`, headers });
      const run = async (phase: (typeof phases)[number]) => {
        const rows = phase.rows;
        const loadBefore = loadavg()[0] ?? 0;
        // warm-up
        for (let i = 0; i < 30; i += 1) {
          await get('/api/v1/get-all-session-notes?limit=50');
          await get(`/api/v1/get-all-notes/${seed.patientId}`);
        }
        // each route's server CPU per request too (/proc: user + system of the server process)
        const timed = async (database: string, label: string, options: Parameters<typeof measure>[2]) => {
          const before = cpuSeconds(server.pid);
          const row = await measure(database, label, options);
          const requests = row.reqPerSec * DURATION;
          phase.cpuMs.push(requests ? round2(((cpuSeconds(server.pid) - before) * 1000) / requests) : 0);
          rows.push(row);
        };
        await timed('control', 'GET /api/v1/me', route('/api/v1/me'));
        await timed(
          `${fmt(Number(seed.stats.provider_notes))} notes of the provider`,
          'GET /api/v1/get-all-session-notes?limit=50',
          route('/api/v1/get-all-session-notes?limit=50'),
        );
        await timed(
          `one client, ${seed.patientNotes} notes`,
          'GET /api/v1/get-all-notes/{patientId} (page 1 of 20)',
          route(`/api/v1/get-all-notes/${seed.patientId}`),
        );
        // every request another of the provider's connected clients
        let next = 0;
        await timed(
          `${seed.connectedClients.length} clients in turn`,
          'GET /api/v1/get-all-notes/{patientId} (page 1 of 20)',
          {
            url: server.url,
            headers,
            requests: [
              {
                setupRequest: (request) => {
                  const id = seed.connectedClients[next++ % seed.connectedClients.length];
                  return { ...request, path: `/api/v1/get-all-notes/${id}` };
                },
              },
            ],
          },
        );
        // autocannon stops with requests still in the server: let them finish
        await new Promise((resolve) => setTimeout(resolve, 1000));
        phase.load = `${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`;
        for (const [i, row] of rows.entries())
          log(
            `${row.route} (${row.database}): ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, server CPU ${phase.cpuMs[i]} ms/req`,
          );
      };
      checks.push(...(await answers()));
      await run(phases[0]!);
      const sessionPlan = phases[0]!.plans.find((p) => p.name === 'session list')?.plan ?? [];
      if (sorts(sessionPlan)) {
        log('the session list sorts: the same on the proposed indexes');
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          for (const statement of PROPOSED_INDEXES) await client.query(statement);
        } finally {
          await client.end();
        }
        const proposed: (typeof phases)[number] = {
          label: 'proposed indexes',
          plans: await explainNotes(databaseUrl, seed),
          rows: [],
          cpuMs: [],
        };
        phases.push(proposed);
        checks.push(...(await answers()).map((c) => `proposed indexes, ${c}`));
        await run(proposed);
      }
    } finally {
      await server.stop();
    }
    return { seed, queries, phases, checks };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One line per plan: its nodes (scans with their rows), the top buffers and the execution time. */
function planSummary(lines: string[]): string {
  const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  const nodes = lines
    .filter((l) => /\(cost=/.test(l))
    .map((l) => {
      const name = l
        .trim()
        .replace(/^->\s*/, '')
        .replace(/\s*\(cost=.*$/, '');
      const actual = /actual time=\S+ rows=(\d+) loops=(\d+)/.exec(l);
      if (!actual || !/Scan/.test(name)) return name;
      const loops = Number(actual[2]);
      const rows = Number(actual[1]) * loops;
      return `${name} (${fmt(rows)} rows${loops > 1 ? ` in ${loops} loops` : ''})`;
    });
  const buffers = /Buffers: (.*)/.exec(lines.find((l) => /Buffers/.test(l)) ?? '')?.[1] ?? '';
  return `${nodes.join(' → ')}; buffers ${buffers}; ${time}`;
}

export function providerNotesReport(result: Awaited<ReturnType<typeof benchProviderNotes>>): string[] {
  const { seed, phases, queries, checks } = result;
  const s = seed.stats;
  return [
    '### Provider notes (issue 15)',
    '',
    `Seed: ${seed.providers} providers × (${NOTES_CLIENTS} connected + ${NOTES_FORMER} former clients) × ${NOTES_PER_CLIENT} notes = ${fmt(Number(s.notes))} notes (sessions ${s.first_day} … ${s.last_day}); text ${s.min_len}–${s.max_len} characters, mean ${s.avg_len}; categories ${s.categories}; ${fmt(Number(s.addenda))} addenda. The demo provider: ${fmt(Number(s.provider_notes))} notes, ${fmt(Number(s.provider_signed))} signed, ${s.signed_30} signed in the last 30 days. Written in ${seed.seconds} s (${seed.totalSeconds} s with VACUUM ANALYZE); provider_notes ${s.table_size} with indexes, client_idx ${s.client_idx}, provider_idx ${s.provider_idx}, signed_idx ${s.signed_idx}.`,
    '',
    ...checks.map((c) => `- ${c}`),
    '',
    `autocannon ${CONNECTIONS} connections × ${DURATION} s per route:`,
    '',
    '| indexes | data | route | req/s | p50 (ms) | p99 (ms) | server CPU (ms/req) | errors | non-2xx |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...phases.flatMap((phase) =>
      phase.rows.map(
        (r, i) =>
          `| ${phase.label} | ${r.database} | ${r.route} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${phase.cpuMs[i] ?? ''} | ${r.errors} | ${r.non2xx} |`,
      ),
    ),
    '',
    `Load average (1 min) over the runs, ${phases.map((p) => `${p.label}: ${p.load ?? '?'}`).join('; ')} (2 cores; other work on the machine counts too).`,
    '',
    '| request (indexes as migrated) | SQL statements | statements and scans (EXPLAIN ANALYZE rows) |',
    '| --- | ---: | --- |',
    // (the in-process app's outbox relay may run during a request: not the request's statement)
    ...queries
      .map((q) => ({ ...q, statements: q.statements.filter((x) => x.table !== 'job_outbox') }))
      .map(
        (q) =>
          `| ${q.label} | ${q.statements.length} | ${q.statements.map((x) => `${x.verb} ${x.table}: ${x.scans.length ? x.scans.join(', ') : '(write)'}${x.ms !== undefined ? ` ${x.ms.toFixed(2)} ms` : ''}`).join('<br>')} |`,
      ),
    '',
    ...phases.flatMap((phase) =>
      phase.plans.map((p) => `- ${phase.label}, ${p.name}: ${planSummary(p.plan)}`),
    ),
    '',
    '```',
    ...phases.flatMap((phase) =>
      phase.plans.flatMap((p) => [`-- ${phase.label}: ${p.name}`, p.sql, '', ...p.plan, '']),
    ),
    ...(phases.length > 1
      ? ['-- proposed indexes', ...PROPOSED_INDEXES.map((x) => `${x.replace(/\s+/g, ' ')};`)]
      : []),
    '```',
  ];
}

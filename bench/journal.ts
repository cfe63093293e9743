import { eq, sql } from 'drizzle-orm';
import {
  emotionTree,
  entrySentiment,
  localDay,
  addDays,
  mapEmotionData,
  simpleEmotionData,
  type EmotionData,
} from '@mindledger/domain';
import { openDatabase } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { login, measure, type Row } from './lib.js';
import type { RunningServer } from './server.js';
import { checkQueries, type SqlCheck, type SqlCheckResult } from './sqlcheck.js';

/** Journal entries in all (heavy + light + the other users'). */
export const ENTRIES = Number(process.env.BENCH_JOURNAL_ENTRIES ?? 1_000_000);
/** Patients in all, the heavy and the light user included. */
export const PATIENTS = Number(process.env.BENCH_JOURNAL_PATIENTS ?? 1000);
export const HEAVY = { email: 'journal-heavy@bench.local', entries: 5000 };
export const LIGHT = { email: 'journal-light@bench.local', entries: 500 };
/** Heavy and light share the same recent pattern: RECENT entries over the last RECENT_DAYS days. */
const RECENT = 360;
const RECENT_DAYS = 180;
/** The search word: in exactly one of the 20 note bodies, so in ~5 % of entries with notes. */
export const SEARCH_WORD = 'garden';
export const TIME_ZONES = [
  'America/Denver',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Sydney',
  'UTC',
];
export const BENCH_TZ = 'America/New_York';

export const openers = [
  'Woke up early today.',
  'Slow start this morning.',
  'Busy day at work.',
  'Quiet evening at home.',
  'Had a long talk with a friend.',
  'Therapy session this afternoon.',
  'Skipped the gym again.',
  'Went for a run before breakfast.',
  'Rain all day.',
  'Sunny and warm outside.',
  'Could not focus on anything.',
  'Spent the morning cleaning.',
  'Visited my parents.',
  'Stayed up too late last night.',
  'Meetings back to back.',
  'Cooked a proper dinner.',
  'Took the afternoon off.',
  'The commute was awful.',
  'Read for an hour after lunch.',
  'Finally slept eight hours.',
];
export const bodies = [
  'I noticed my shoulders were tense most of the time and tried the breathing exercise.',
  'My thoughts kept circling back to the deadline next week.',
  `Planted tomatoes in the ${SEARCH_WORD} and felt calmer with my hands in the soil.`,
  'I wrote down three things that went well, which was harder than it sounds.',
  'The conversation with my manager went better than I feared.',
  'I felt a wave of sadness out of nowhere and let myself sit with it.',
  'Laughed a lot at dinner; it reminded me how much I miss seeing people.',
  'I caught myself assuming the worst again and questioned the thought.',
  'My sister called and we talked about our childhood for a while.',
  'I was irritable all afternoon and not sure why.',
  'Made progress on the course and felt proud of it.',
  'Scrolled my phone for two hours and felt worse afterwards.',
  'A neighbour helped me carry the shopping, a small kindness that stayed with me.',
  'I said no to an extra task without apologising, which felt new.',
  'Headache most of the day, so I kept things simple.',
  'I noticed I was comparing myself to others and stopped for a moment.',
  'Walked the dog twice and the fresh air helped.',
  'Felt restless at night and listened to a sleep story.',
  'I practised the grounding exercise when the panic started.',
  'Ordinary day, nothing stood out, and that is fine.',
];
const activityNames = ['Walking', 'Reading', 'Cooking', 'Friends', 'Work', 'Meditation', 'Exercise', 'Music'];
const goalTexts = ['Walk 20 minutes every day', 'Keep a regular sleep schedule', 'Call a friend every week'];
const moodsBySentiment: Record<string, [string, string][]> = {
  positive: [
    ['Awesome', '😀'],
    ['Fine', '🙂'],
  ],
  neutral: [['Fine', '🙂']],
  negative: [
    ['Not fine', '🙁'],
    ['Very bad', '😣'],
  ],
};

/** Every emotion path of the wheel (and the three Simple choices) with the moods that fit it. */
export function emotionCombos() {
  const now = new Date();
  const choices: EmotionData[] = [];
  let i = 0;
  for (const primary of emotionTree)
    for (const secondary of primary.children)
      for (const specific of secondary.children) {
        const data = {
          primaryEmotion: primary.name,
          secondaryEmotion: secondary.name,
          specificFeeling: specific.name,
          intensity: 2 + ((i * 3) % 8),
          emoji: specific.emoji,
          color: specific.color,
          category: primary.category,
          path: [primary.name, secondary.name, specific.name],
        } as EmotionData;
        choices.push(data);
        i += 1;
      }
  for (const kind of ['positive', 'neutral', 'negative'] as const)
    choices.push(simpleEmotionData(kind, 4 + i++));
  return choices.flatMap((emotionData) =>
    (moodsBySentiment[emotionData.category] ?? moodsBySentiment.neutral ?? []).map(([mood, emoji]) => {
      const emotion = mapEmotionData(emotionData, mood, emoji, now);
      const sentiment = entrySentiment({ emotionData, emotion, mood });
      const names = [emotionData.primaryEmotion, emotionData.secondaryEmotion, emotionData.specificFeeling]
        .filter(Boolean)
        .join('\n');
      return {
        mood,
        emoji,
        emotionData,
        emotion,
        core: emotion.core,
        primary: emotionData.primaryEmotion,
        intensity: emotionData.intensity,
        sentiment,
        names,
      };
    }),
  );
}

/** How the other users' histories are spread: 700–1,300 entries each, or a few long and many short. */
export type HistorySpread = 'even' | 'skewed';

/**
 * Entry counts: heavy, light, then the other users adding up to `entries`. `even`: 700–1,300 each
 * (scaled). `skewed` (the soak's): weight 30 + 5,000·u⁶ for u spread evenly over [0, 1), scaled — at
 * 300,000 entries per 1,000 users the median user has ~40 entries and the top few ~2,000.
 */
function plan(entries: number, patients: number, spread: HistorySpread) {
  const others = patients - 2;
  const rest = entries - HEAVY.entries - LIGHT.entries;
  const raw = Array.from({ length: others }, (_, i) =>
    spread === 'even' ? 700 + ((i * 389) % 601) : 30 + 5000 * (((i * 389) % 997) / 997) ** 6,
  );
  const scale = rest / raw.reduce((a, b) => a + b, 0);
  const counts = raw.map((n) => Math.max(1, Math.round(n * scale)));
  const drift = rest - counts.reduce((a, b) => a + b, 0);
  counts[others - 1] = (counts[others - 1] ?? 0) + drift;
  return [
    // heavy: the recent pattern, then 4,640 older entries over the ~6 years before it (~2 a day)
    { email: HEAVY.email, n: HEAVY.entries, recent: RECENT, recentDays: RECENT_DAYS, oldDays: 2300 },
    // light: the same recent pattern, then 140 older entries over the year before it
    { email: LIGHT.email, n: LIGHT.entries, recent: RECENT, recentDays: RECENT_DAYS, oldDays: 365 },
    // everyone else: evenly over ~3 years (1.1 days per entry), the newest a few hours old
    ...counts.map((n, i) => ({
      email: `journal-${String(i + 1).padStart(4, '0')}@bench.local`,
      n,
      recent: 0,
      recentDays: 0,
      oldDays: Math.round(n * 1.1),
    })),
  ];
}

/** A text[] literal built in SQL from one JSON parameter (both drivers take a string). */
const textArray = (values: string[]) =>
  sql`(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;

const log = (message: string) =>
  console.info(`[journal] ${new Date().toISOString().slice(11, 19)} ${message}`);

/**
 * Before the server starts: migrate, seed the demo accounts, then PATIENTS patients and ENTRIES
 * journal entries in SQL (INSERT … SELECT over generate_series, 50,000 rows a statement, oldest
 * first, so each user's entries lie scattered among everyone else's as after years of use). The
 * heavy user has 5,000 entries, the light user 500; both wrote the same 360 entries over the last
 * 180 days (2 a day), so the week and the 90-day analytics read the same rows for both and any
 * difference between them is the cost of history. The others have 700–1,300 entries over ~3 years.
 * Contents cycle through every path of the emotion wheel (with fitting moods, the domain's core
 * mapping and sentiment), 400 distinct notes (20 openers × 20 bodies, one body mentions
 * SEARCH_WORD), chat and voice entries, activities and sleep blocks, a few private entries;
 * local_day is entry_at's day in the user's time zone. The first 100 users (heavy and light among
 * them) have 3 goals each, linked from ~8 % of their entries with a mention each. Then VACUUM
 * ANALYZE.
 */
export async function seedJournal(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Entries in all (default ENTRIES). */
  entries?: number;
  /** Patients in all, heavy and light included (default PATIENTS). */
  patients?: number;
  spread?: HistorySpread;
  /** The first this many users get 3 goals each (default 100). */
  goalUsers?: number;
}) {
  const started = Date.now();
  const entries = options.entries ?? ENTRIES;
  const goalUsers = options.goalUsers ?? 100;
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    const [patient] = await db.select().from(users).where(eq(users.email, 'patient@demo.local'));
    if (!patient) throw new Error('demo patient missing');
    const people = plan(entries, options.patients ?? PATIENTS, options.spread ?? 'even');
    const emails = people.map((p) => p.email);
    await db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select e.email, 'Journal' || e.n, 'Bench', 'patient', true, true, ${patient.passwordHash},
             case when e.n <= 2 then ${BENCH_TZ}
                  else ${textArray(TIME_ZONES)}[1 + e.n % ${TIME_ZONES.length}] end
      from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) with ordinality as e(email, n)`);
    await db.execute(sql`create table bench_people (id uuid, seq int, tz text, n int, recent int,
      recent_days int, old_days int)`);
    await db.execute(sql`
      insert into bench_people
      select u.id, p.seq, u.timezone, p.n, p.recent, p."recentDays", p."oldDays"
      from jsonb_to_recordset(${JSON.stringify(people.map((p, i) => ({ ...p, seq: i + 1 })))}::jsonb)
           as p(email text, n int, recent int, "recentDays" int, "oldDays" int, seq int)
      join users u on u.email = p.email`);
    const combos = emotionCombos();
    await db.execute(sql`create table bench_combo (i int primary key, mood text, emoji text,
      emotion_data jsonb, emotion jsonb, core text, primary_emotion text, intensity int, sentiment text,
      names text)`);
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
    const chat = [
      { role: 'user', text: 'I keep thinking about the argument with my sister.' },
      { role: 'assistant', text: 'It sounds like it is still with you. What part keeps coming back?' },
      { role: 'user', text: 'That I did not really listen before answering.' },
    ];
    const chatJson = JSON.stringify(chat);
    const chatText = chat.map((m) => m.text).join('\n');
    // Every entry's moment first (narrow rows), numbered oldest first: the entries are then written
    // in that order, so one user's entries lie scattered over the table among everyone else's, as
    // they would after years of use, and not side by side as a per-user bulk load would put them.
    const now = new Date().toISOString();
    await db.execute(sql`
      create table bench_slots as
      select p.seq, k, x.at, row_number() over (order by x.at, p.seq)::int as r
      from bench_people p
      cross join lateral generate_series(0, p.n - 1) as k
      cross join lateral (
        select ${now}::timestamptz - (case
                 when k < p.recent then k * p.recent_days::float8 / p.recent
                 else p.recent_days + (k - p.recent + 0.5) * p.old_days::float8 / greatest(p.n - p.recent, 1)
               end + (k % 5) * 0.01 + (p.seq % 7) * 0.003) * interval '1 day' as at) as x`);
    await db.execute(sql`create index on bench_slots (r)`);
    log('slots');
    const chunk = Number(process.env.BENCH_JOURNAL_CHUNK ?? 50_000);
    for (let from = 1; from <= entries; from += chunk) {
      await db.execute(sql`
        insert into journal_entries (patient_id, mood, emoji, notes, journal_type, journal_mode,
          chat_messages, is_ai_generated, emotion_data, original_emotion_data, emotion, core_emotion,
          primary_emotion, intensity, sentiment, activities, day_details, is_private, entry_at, local_day,
          user_timezone, search_text, created_at, updated_at)
        select p.id, c.mood, c.emoji,
          case when x.kind = 'chat' then '' else n.text end,
          x.kind, x.kind,
          case when x.kind = 'prompt' then '[]'::jsonb else ${chatJson}::jsonb end,
          x.kind <> 'prompt', c.emotion_data, c.emotion_data, c.emotion, c.core, c.primary_emotion,
          c.intensity, c.sentiment,
          case when s.k % 10 < 3 then ${textArray(activityNames)}[1 + s.k % 8 : 1 + s.k % 8 + s.k % 3]
               else '{}'::text[] end,
          case when s.k % 4 = 1 then jsonb_build_object('sleepRoutine',
                 jsonb_build_object('hours', 5 + (s.k % 7) * 0.5, 'quality', 1 + s.k % 5))
               else '{}'::jsonb end,
          s.k % 31 = 7,
          s.at, (s.at at time zone p.tz)::date, p.tz,
          lower(c.mood || E'\n' || case when x.kind = 'chat' then '' else n.text end || E'\n' || c.names
                || case when x.kind = 'prompt' then '' else E'\n' || ${chatText} end),
          s.at, s.at
        from bench_slots s
        join bench_people p on p.seq = s.seq
        cross join lateral (
          select case s.k % 10 when 3 then 'chat' when 6 then 'voice' else 'prompt' end as kind) as x
        join bench_combo c on c.i = (s.k * 7 + p.seq * 13) % ${combos.length}
        join bench_note n on n.i = (s.k * 11 + p.seq) % ${bodies.length}
                                   + ${bodies.length} * ((s.k * 3 + p.seq * 5) % ${openers.length})
        where s.r between ${from} and ${from + chunk - 1}
        order by s.r`);
      if ((from - 1) % (chunk * 4) === 0)
        log(`entries ${from.toLocaleString('en')}… of ${entries.toLocaleString('en')}`);
    }
    // Goals for the first 100 users, linked from ~8 % of their entries (one mention each).
    await db.execute(sql`
      insert into goals (patient_id, created_by, type, text, text_key, priority, categories, created_at,
                         updated_at)
      select p.id, p.id, 'personal', g.t, lower(g.t), 3, array['health'], now() - interval '3 years',
             now() - interval '3 years'
      from bench_people p, jsonb_array_elements_text(${JSON.stringify(goalTexts)}::jsonb) as g(t)
      where p.seq <= ${goalUsers}`);
    await db.execute(sql`
      insert into goal_entry_links (goal_id, entry_id, patient_id, created_at)
      select g.id, e.id, e.patient_id, e.entry_at
      from bench_people p
      join journal_entries e on e.patient_id = p.id
      join (select id, patient_id, row_number() over (partition by patient_id order by text) - 1 as r
            from goals) g
        on g.patient_id = p.id and g.r = get_byte(uuid_send(e.id), 1) % 3
      where p.seq <= ${goalUsers} and get_byte(uuid_send(e.id), 0) % 12 = 5`);
    await db.execute(sql`
      insert into goal_mentions (goal_id, patient_id, entry_id, mood_type, created_at)
      select l.goal_id, l.patient_id, l.entry_id, e.sentiment, l.created_at
      from goal_entry_links l join journal_entries e on e.id = l.entry_id`);
    await db.execute(sql`
      update goals set mention_count = m.n, last_mention_date = m.last
      from (select goal_id, count(*)::int as n, max(created_at) as last from goal_mentions group by goal_id) m
      where m.goal_id = goals.id`);
    await db.execute(sql`drop table bench_people`);
    await db.execute(sql`drop table bench_combo`);
    await db.execute(sql`drop table bench_note`);
    await db.execute(sql`drop table bench_slots`);
    log('analyze');
    // VACUUM too: a freshly loaded table has no visibility map, which no real, long-lived table lacks.
    await db.execute(sql`vacuum analyze`);
    const [counts] = (
      (await db.execute(sql`
        select (select count(*) from journal_entries)::int as entries,
               (select count(*) from users where email like 'journal-%')::int as patients,
               (select count(*) from goal_entry_links)::int as links,
               (select count(*) from journal_entries e join users u on u.id = e.patient_id
                 where u.email = ${HEAVY.email} and e.search_text like ${`%${SEARCH_WORD}%`})::int as heavy_hits,
               (select count(*) from journal_entries e join users u on u.id = e.patient_id
                 where u.email = ${LIGHT.email} and e.search_text like ${`%${SEARCH_WORD}%`})::int as light_hits,
               pg_size_pretty(pg_total_relation_size('journal_entries')) as size`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`seeded in ${seconds} s: ${JSON.stringify(counts)}`);
    return { seconds, counts: counts ?? {} };
  } finally {
    await database.close();
  }
}

/** A day of last week in the bench users' time zone: its week has 14 entries for heavy and light. */
function recentDay() {
  return addDays(localDay(new Date(), BENCH_TZ), -7);
}

let noteCounter = 0;
function createBody() {
  noteCounter += 1;
  const opener = openers[noteCounter % openers.length] ?? '';
  const body = bodies[(noteCounter * 7) % bodies.length] ?? '';
  return {
    mood: 'Fine',
    emoji: '🙂',
    notes: `${opener} ${body} (${noteCounter})`,
    journalType: 'prompt',
    journalMode: 'prompt',
    emotionData: simpleEmotionData('neutral', 5),
    userTimezone: BENCH_TZ,
  };
}

function routes() {
  return [
    { key: 'create', label: 'POST create-mood', method: 'POST' as const, path: '/api/v1/create-mood' },
    {
      key: 'page',
      label: 'GET get-all-mood page 1',
      method: 'GET' as const,
      path: '/api/v1/get-all-mood?page=1&limit=10',
    },
    {
      key: 'search',
      label: `GET get-all-mood search '${SEARCH_WORD}'`,
      method: 'GET' as const,
      path: `/api/v1/get-all-mood?page=1&limit=10&search=${SEARCH_WORD}`,
    },
    {
      key: 'week',
      label: 'GET get-mood-by-week',
      method: 'GET' as const,
      path: `/api/v1/get-mood-by-week/${recentDay()}`,
    },
    {
      key: 'analytics',
      label: 'GET get-mood-analytics 90 Days',
      method: 'GET' as const,
      path: '/api/v1/get-mood-analytics/?timerange=90%20Days',
    },
  ];
}

const who = [
  { key: 'heavy', label: `heavy (${HEAVY.entries.toLocaleString('en')})`, email: HEAVY.email },
  { key: 'light', label: `light (${LIGHT.entries})`, email: LIGHT.email },
] as const;

export async function checkJournalQueries(options: { databaseUrl?: string | undefined; dataDir: string }) {
  const checks: SqlCheck[] = who.flatMap((user) =>
    routes().map((route) => ({
      label: `${route.label} — ${user.key}`,
      method: route.method,
      url: route.path,
      as: user.email,
      ...(route.method === 'POST' ? { payload: createBody() } : {}),
    })),
  );
  return checkQueries(options, checks);
}

export interface JournalRow extends Row {
  user: string;
  routeKey: string;
}

/**
 * Every read for heavy and light first, then create-mood (each POST adds an entry for today, which
 * the reads would otherwise see).
 */
export async function benchJournal(database: string, server: RunningServer): Promise<JournalRow[]> {
  const tokens = {
    heavy: (await login(server.url, HEAVY.email)).token,
    light: (await login(server.url, LIGHT.email)).token,
  };
  const rows: JournalRow[] = [];
  const all = routes();
  const ordered = [...all.filter((r) => r.key !== 'create'), ...all.filter((r) => r.key === 'create')];
  for (const route of ordered) {
    for (const user of who) {
      const headers = { authorization: `Bearer ${tokens[user.key]}`, 'content-type': 'application/json' };
      const options =
        route.method === 'GET'
          ? { url: `${server.url}${route.path}`, headers: { authorization: headers.authorization } }
          : {
              url: `${server.url}${route.path}`,
              method: 'POST' as const,
              headers,
              requests: [
                {
                  method: 'POST' as const,
                  path: route.path,
                  headers,
                  setupRequest: (request: object) => ({ ...request, body: JSON.stringify(createBody()) }),
                },
              ],
            };
      // a short warm-up (JIT, caches), not measured
      await measureQuietly(options);
      const row = await measure(database, route.label, options);
      log(
        `${database} ${route.label} ${user.key}: ${row.reqPerSec} req/s, p50 ${row.p50Ms}, p99 ${row.p99Ms}`,
      );
      rows.push({ ...row, user: user.label, routeKey: route.key });
      // autocannon stops with requests still queued in the server: let them finish
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return rows;
}

async function measureQuietly(options: Parameters<typeof measure>[2]) {
  const { default: autocannon } = await import('autocannon');
  await autocannon({ ...options, duration: 2, connections: 5 });
  await new Promise((resolve) => setTimeout(resolve, 500));
}

export function journalReport(
  results: Record<
    string,
    {
      rows: JournalRow[];
      queries: SqlCheckResult[];
      label: string;
      seed: { seconds: number; counts: object };
    }
  >,
): string[] {
  const lines = [
    `### Journal: ${PATIENTS} patients, ${ENTRIES.toLocaleString('en')} entries (heavy ${HEAVY.entries}, light ${LIGHT.entries})`,
    '',
    ...Object.values(results).map(
      (r) => `- ${r.label}: seeded in ${r.seed.seconds} s, ${JSON.stringify(r.seed.counts)}`,
    ),
    '',
    '| database | route | user | req/s | p50 (ms) | p99 (ms) | errors | non-2xx |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...Object.values(results).flatMap((r) =>
      r.rows.map(
        (x) =>
          `| ${x.database} | ${x.route} | ${x.user} | ${x.reqPerSec} | ${x.p50Ms} | ${x.p99Ms} | ${x.errors} | ${x.non2xx} |`,
      ),
    ),
    '',
    '| database | route | p99 heavy / light | p50 heavy / light |',
    '| --- | --- | ---: | ---: |',
  ];
  for (const r of Object.values(results)) {
    for (const route of routes()) {
      const heavy = r.rows.find((x) => x.routeKey === route.key && x.user.startsWith('heavy'));
      const light = r.rows.find((x) => x.routeKey === route.key && x.user.startsWith('light'));
      if (!heavy || !light) continue;
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');
      lines.push(
        `| ${r.label} | ${route.label} | ${ratio(heavy.p99Ms, light.p99Ms)} | ${ratio(heavy.p50Ms, light.p50Ms)} |`,
      );
    }
  }
  lines.push(
    '',
    '| database | request | SQL statements | statements, scans (EXPLAIN ANALYZE rows) and time |',
    '| --- | --- | ---: | --- |',
  );
  for (const r of Object.values(results)) {
    for (const q of r.queries) {
      const parts = q.statements.map(
        (s) =>
          `${s.verb} ${s.table}${s.scans.length ? `: ${s.scans.join(', ')}` : ''}${s.ms !== undefined ? ` — ${s.ms.toFixed(2)} ms` : ''}`,
      );
      lines.push(`| ${r.label} | ${q.label} | ${q.statements.length} | ${parts.join('<br>')} |`);
    }
  }
  return lines;
}

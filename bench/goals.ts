import { eq, sql } from 'drizzle-orm';
import { goalTextKey } from '@mindledger/domain';
import { openDatabase } from '../apps/server/src/db/client.js';
import { goals, users } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { login, measure, type Row } from './lib.js';
import type { RunningServer } from './server.js';
import { checkQueries } from './sqlcheck.js';

export const MENTIONS = Number(process.env.BENCH_MENTIONS ?? 5000);
/** Other clients with goals and mentions of their own, so that the indexes have something to skip. */
export const OTHER_CLIENTS = Number(process.env.BENCH_GOAL_CLIENTS ?? 200);
const WEEKS = 8;

const personal = [
  ['Walk 20 minutes every day', '🚶', 4, 'health'],
  ['Read before bed instead of scrolling', '📚', 3, 'personal'],
  ['Call my sister once a week', '📞', 3, 'relationships'],
  ['Finish the online course', '🎓', 2, 'education'],
  ['Cook dinner at home on weekdays', '🍲', 3, 'health'],
] as const;
const therapist = [
  ['Practise box breathing when anxious', '🌬️', 5, 'health'],
  ['Write down three good things each evening', '📝', 4, 'personal'],
  ['Notice and name the feeling before reacting', '🧭', 4, 'personal'],
  ['Keep a regular sleep schedule', '😴', 5, 'health'],
  ['Set one boundary at work this week', '🛑', 3, 'career'],
] as const;

/**
 * Before the server starts: migrate, seed the demo accounts, then give the demo client 10 active
 * goals (5 personal, 5 therapist set by the connected demo provider) and MENTIONS mentions spread
 * over 8 weeks, unevenly across the goals, with mentionCount and lastMentionDate recomputed from
 * the history. OTHER_CLIENTS other clients, also connected to the demo provider, get 6 goals and 20
 * mentions per goal each. Bulk inserts are single INSERT … SELECT generate_series statements.
 */
export async function seedGoals(options: { databaseUrl?: string | undefined; dataDir: string }) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const byEmail = async (email: string) => {
      const [row] = await database.db.select().from(users).where(eq(users.email, email));
      if (!row) throw new Error(`${email} missing`);
      return row;
    };
    const patient = await byEmail('patient@demo.local');
    const provider = await byEmail('provider@demo.local');
    const db = database.db;

    await db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash)
      select 'goal-client-' || lpad(n::text, 4, '0') || '@bench.local', 'Client' || n, 'Bench', 'patient',
             true, true, ${patient.passwordHash}
      from generate_series(1, ${OTHER_CLIENTS}::int) as n`);
    // the demo provider's practice: these clients are connected to it as well
    await db.execute(sql`
      insert into connections (provider_id, patient_id, status, connection_status, invited_by)
      select ${provider.id}, u.id, 'accepted', 'active', 'provider'
      from users u where u.email like 'goal-client-%'`);
    await db.execute(sql`
      insert into goals (patient_id, created_by, type, text, text_key, priority, categories, created_at,
                         updated_at)
      select u.id, u.id, 'personal', 'Goal number ' || g, 'goal number ' || g, 1 + g % 5, array['health'],
             now() - interval '60 days', now() - interval '60 days'
      from users u cross join generate_series(1, 6) as g
      where u.email like 'goal-client-%'`);
    await db.execute(sql`
      insert into goal_mentions (goal_id, patient_id, mood_type, created_at)
      select g.id, g.patient_id, (array['positive', 'negative', 'neutral'])[1 + n % 3],
             now() - (n * interval '67 hours')
      from goals g cross join generate_series(0, 19) as n
      where g.patient_id <> ${patient.id}`);

    const start = Date.now() - (WEEKS * 7 + 4) * 86_400_000;
    await db.insert(goals).values(
      [
        ...personal.map((p) => ({ p, type: 'personal' as const, createdBy: patient.id })),
        ...therapist.map((p) => ({ p, type: 'therapist' as const, createdBy: provider.id })),
      ].map(({ p: [text, emoji, priority, category], type, createdBy }, i) => ({
        patientId: patient.id,
        createdBy,
        type,
        text,
        textKey: goalTextKey(text),
        emoji,
        priority,
        categories: [category],
        homePageVisible: i % 3 === 0,
        createdAt: new Date(start + i * 3_600_000),
        updatedAt: new Date(start + i * 3_600_000),
      })),
    );
    // Mention n goes to goal floor(10 · frac(n·φ)^1.6) — a few goals mentioned far more than others —
    // at a time spread evenly over the last 8 weeks (frac(n·0.7549) is a low-discrepancy sequence).
    await db.execute(sql`
      insert into goal_mentions (goal_id, patient_id, mood_type, created_at)
      select g.id, g.patient_id, (array['positive', 'neutral', 'positive', 'negative'])[1 + n % 4],
             now() - ((n * 0.7548776662) - floor(n * 0.7548776662)) * interval '${sql.raw(String(WEEKS * 7))} days'
      from generate_series(0, ${MENTIONS - 1}::int) as n
      join (select id, patient_id, row_number() over (order by created_at) - 1 as i
            from goals where patient_id = ${patient.id}) as g
        on g.i = floor(10 * power((n * 0.6180339887) - floor(n * 0.6180339887), 1.6))::int`);
    await db.execute(sql`
      update goals set mention_count = m.n, last_mention_date = m.last
      from (select goal_id, count(*)::int as n, max(created_at) as last from goal_mentions group by goal_id) as m
      where m.goal_id = goals.id`);
    await db.execute(sql`analyze`);
    return { patientId: patient.id };
  } finally {
    await database.close();
  }
}

/**
 * Counts the SQL each route sends, in-process, on the seeded database (before the real server
 * starts), and EXPLAINs each read with its parameters (see sqlcheck.ts).
 */
export async function checkGoalQueries(
  options: { databaseUrl?: string | undefined; dataDir: string },
  patientId: string,
) {
  const results = await checkQueries(options, [
    { label: 'GET /goals/ (client)', method: 'GET', url: '/api/v1/goals/', as: 'patient@demo.local' },
    {
      label: 'GET /goals/stats (client)',
      method: 'GET',
      url: '/api/v1/goals/stats',
      as: 'patient@demo.local',
    },
    {
      label: 'GET /goals/?patientId (provider)',
      method: 'GET',
      url: `/api/v1/goals/?patientId=${patientId}`,
      as: 'provider@demo.local',
    },
  ]);
  return results.map((r) => {
    const plans = r.statements.map(
      (q) => `${q.verb} ${q.table}: ${q.scans.length ? q.scans.join(', ') : '(write)'}`,
    );
    return `| ${r.label} | ${r.statements.length} | ${plans.join('<br>')} |`;
  });
}

export async function benchGoals(database: string, server: RunningServer, patientId: string) {
  const { token } = await login(server.url, 'patient@demo.local');
  const provider = await login(server.url, 'provider@demo.local');
  const get = (path: string, bearer: string) => ({
    url: `${server.url}${path}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
  const rows: Row[] = [];
  rows.push(await measure(database, 'GET /api/v1/goals/', get('/api/v1/goals/', token)));
  rows.push(await measure(database, 'GET /api/v1/goals/stats', get('/api/v1/goals/stats', token)));
  rows.push(
    await measure(
      database,
      'GET /api/v1/goals/?patientId (provider)',
      get(`/api/v1/goals/?patientId=${patientId}`, provider.token),
    ),
  );
  // autocannon stops with requests still queued in the server: let them finish before it stops
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { rows };
}

export function goalsReport(
  results: Record<string, { rows: Row[]; queries: string[]; label: string }>,
): string[] {
  return [
    `### Goals: ${MENTIONS} mentions over ${WEEKS} weeks, 10 goals`,
    '',
    '| database | route | req/s | p50 (ms) | p99 (ms) | errors | non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...Object.values(results).flatMap((r) =>
      r.rows.map(
        (x) =>
          `| ${x.database} | ${x.route} | ${x.reqPerSec} | ${x.p50Ms} | ${x.p99Ms} | ${x.errors} | ${x.non2xx} |`,
      ),
    ),
    '',
    '| database | route | SQL queries per request | statements and scans |',
    '| --- | --- | ---: | --- |',
    ...Object.values(results).flatMap((r) => r.queries.map((line) => `| ${r.label} ${line}`)),
  ];
}

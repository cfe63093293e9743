import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { addDays, localDay, simpleEmotionData } from '@mindledger/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';
import { BENCH_TZ, bodies, emotionCombos, openers, seedJournal, HEAVY, LIGHT } from './journal.js';
import { percentile, type RouteWindow, type Sample } from './soak-report.js';
import { machineSampler } from './soak-machine.js';
import type { RunningServer } from './server.js';

/** Run length, sample window, seed size and load, all overridable. */
/** CPU seconds a process has used (utime + stime of /proc/<pid>/stat, at Linux's 100 ticks a second). */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
export const SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 30);
export const SOAK_ENTRIES = Number(process.env.BENCH_SOAK_ENTRIES ?? 300_000);
export const SOAK_PATIENTS = Number(process.env.BENCH_SOAK_PATIENTS ?? 1000);
export const SOAK_PROVIDERS = Number(process.env.BENCH_SOAK_PROVIDERS ?? 4);
/** Patients signed in at any one time (each session lives a few minutes, then another user signs in). */
export const ACTIVE_USERS = Number(process.env.BENCH_SOAK_USERS ?? 60);
/** Requests in flight at most; a scheduled request past it is counted as skipped, not queued. */
export const CONCURRENCY = Number(process.env.BENCH_SOAK_CONCURRENCY ?? 32);
/**
 * New entries a patient writes in one visit at most (a person journals a few times a day, not six
 * times a minute); past it, the visit's creates become edits of its entries. Without the cap the
 * week of a user who stays 40 minutes grew by hundreds of entries, and the week's answer with it.
 */
export const CREATES_PER_VISIT = Number(process.env.BENCH_SOAK_CREATES_PER_VISIT ?? 3);
/**
 * Minutes between the soak's own `VACUUM (ANALYZE)` of the database, standing in for autovacuum on
 * a PostgreSQL server that runs without it (this machine's does); 0 turns it off. By default on
 * only when the server's autovacuum is off.
 */
const VACUUM_MINUTES = process.env.BENCH_SOAK_VACUUM_MINUTES;
/** The steady rate (req/s) per database: about half of what this machine serves of the mix. */
export function soakRate(database: 'postgres' | 'embedded'): number {
  if (process.env.BENCH_SOAK_RATE) return Number(process.env.BENCH_SOAK_RATE);
  return database === 'postgres' ? 120 : 40;
}
export const FRESH_EMAIL = 'soak-fresh@bench.local';
const providerEmail = (i: number) => `soak-provider-${i + 1}@bench.local`;
const SEARCH_WORDS = ['garden', 'sleep', 'friend', 'walked', 'deadline'];

const log = (message: string) => console.info(`[soak] ${new Date().toISOString().slice(11, 19)} ${message}`);

export interface SoakSeed {
  seconds: number;
  counts: object;
  patients: string[];
  providers: { email: string; patientIds: string[] }[];
}

/**
 * Before the server starts: the journal bench's seed with a skewed spread of histories
 * (SOAK_PATIENTS patients, SOAK_ENTRIES entries: the heavy user 5,000, the light one 500, the others
 * from ~12 to ~2,000; see journal.ts `plan`), 3 goals for every patient, then SOAK_PROVIDERS
 * providers connected (accepted, active) to a quarter of the patients, heavy and light among them,
 * and one patient with no entries yet (FRESH_EMAIL) for the week experiment.
 */
export async function seedSoak(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<SoakSeed> {
  const started = Date.now();
  const journal = await seedJournal({
    ...options,
    entries: SOAK_ENTRIES,
    patients: SOAK_PATIENTS,
    spread: 'skewed',
    goalUsers: SOAK_PATIENTS,
  });
  const database = await openDatabase(options);
  try {
    const db = database.db;
    const providers = Array.from({ length: SOAK_PROVIDERS }, (_, i) => providerEmail(i));
    await db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select e.email, 'Provider' || e.n, 'Soak', 'provider', true, true, u.password_hash, ${BENCH_TZ}
      from jsonb_array_elements_text(${JSON.stringify(providers)}::jsonb) with ordinality as e(email, n),
           users u where u.email = ${HEAVY.email}`);
    await db.execute(sql`
      insert into users (email, first_name, last_name, role, activated, approved, password_hash, timezone)
      select ${FRESH_EMAIL}, 'Fresh', 'Soak', 'patient', true, true, u.password_hash, ${BENCH_TZ}
      from users u where u.email = ${HEAVY.email}`);
    await db.execute(sql`
      insert into connections (provider_id, patient_id, status, connection_status, invited_by)
      select p.id, c.id, 'accepted', 'active', 'provider'
      from (select id, row_number() over (order by email) - 1 as n from users
            where email like 'journal-%' and role = 'patient') c
      join (select id, row_number() over (order by email) - 1 as n from users
            where email like 'soak-provider-%') p on p.n = (c.n / 4) % ${SOAK_PROVIDERS}
      where c.n % 4 = 0 or c.id in (select id from users where email in (${HEAVY.email}, ${LIGHT.email}))`);
    // Billing (issue 12) in the mix: 2 patients in 5 hold Standard Monthly with the local provider,
    // their periods ending one after another over the run (and 10 minutes past it), so the
    // `subscription-renewals` tick renews some every minute; 1 in 20 of them has a card that fails.
    const spreadSeconds = (SOAK_MINUTES + 10) * 60;
    await db.execute(sql`
      insert into subscriptions (user_id, provider, plan_type, status, amount, current_period_start,
        current_period_end, card_last4, card_fails_renewal, last_event_at, created_at, updated_at)
      select id, 'local', 'standard-monthly', 'active', 1299, due - interval '1 month', due, '4242',
        n % 20 = 0, due - interval '1 month', due - interval '1 month', due - interval '1 month'
      from (select id, n, now() + interval '3 minutes' + (n * ${spreadSeconds} / ${SOAK_PATIENTS}) * interval '1 second' as due
            from (select id, row_number() over (order by email) as n from users
                  where email like 'journal-%' and role = 'patient') u) p
      where n % 5 < 2`);
    await db.execute(sql`analyze`);
    const patients = rowsOf<{ email: string }>(
      await db.execute(sql`select email from users where email like 'journal-%' order by email`),
    ).map((r) => r.email);
    const links = rowsOf<{ email: string; patient_id: string }>(
      await db.execute(sql`select p.email, c.patient_id from connections c join users p on p.id = c.provider_id
        where p.email like 'soak-provider-%' order by p.email, c.patient_id`),
    );
    const seed: SoakSeed = {
      seconds: Math.round((Date.now() - started) / 1000),
      counts: { ...journal.counts, connections: links.length },
      patients,
      providers: providers.map((email) => ({
        email,
        patientIds: links.filter((l) => l.email === email).map((l) => l.patient_id),
      })),
    };
    log(`seeded in ${seed.seconds} s: ${patients.length} patients, ${links.length} connections`);
    return seed;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP: one keep-alive agent, the answer parsed when JSON.

interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown> | undefined;
  setCookie: string[];
}

function makeClient(base: string) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY + 8 });
  function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; cookie?: string } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - started;
            let body: Record<string, unknown> | undefined;
            if (String(res.headers['content-type'] ?? '').includes('json')) {
              try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
              } catch {
                body = undefined;
              }
            }
            const cookies = res.headers['set-cookie'] ?? [];
            resolve({ status: res.statusCode ?? 0, ms, body, setCookie: cookies });
          });
          res.on('error', () =>
            resolve({ status: 0, ms: performance.now() - started, body: undefined, setCookie: [] }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () =>
        resolve({ status: 0, ms: performance.now() - started, body: undefined, setCookie: [] }),
      );
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
  return { call, close: () => agent.destroy() };
}

type Client = ReturnType<typeof makeClient>;

// ---------------------------------------------------------------------------------------------
// Recording: per window, per route, the raw latencies (sorted once when the window closes).

class Recorder {
  private window = new Map<string, { ms: number[]; statuses: Record<string, number> }>();
  /** Raw latencies of every closed window, for percentiles over whole segments. */
  readonly windows: Map<string, number[]>[] = [];
  skipped = 0;

  record(route: string, answer: Answer) {
    let slot = this.window.get(route);
    if (!slot) {
      slot = { ms: [], statuses: {} };
      this.window.set(route, slot);
    }
    slot.ms.push(answer.ms);
    slot.statuses[answer.status] = (slot.statuses[answer.status] ?? 0) + 1;
  }

  close(seconds: number): { routes: RouteWindow[]; reqPerSec: number; skipped: number } {
    const window = this.window;
    this.window = new Map();
    const raw = new Map<string, number[]>();
    const routes: RouteWindow[] = [];
    let count = 0;
    for (const [route, slot] of [...window].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = slot.ms.sort((a, b) => a - b);
      raw.set(route, sorted);
      count += sorted.length;
      const errors = Object.entries(slot.statuses)
        .filter(([status]) => Number(status) === 0 || Number(status) >= 400)
        .reduce((n, [, c]) => n + c, 0);
      routes.push({
        route,
        count: sorted.length,
        p50: Math.round(percentile(sorted, 50) * 10) / 10,
        p99: Math.round(percentile(sorted, 99) * 10) / 10,
        max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
        errors,
        statuses: slot.statuses,
      });
    }
    this.windows.push(raw);
    const skipped = this.skipped;
    this.skipped = 0;
    return { routes, reqPerSec: Math.round((count / seconds) * 10) / 10, skipped };
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions: patients sign in, stay a few minutes (some far longer, refreshing their token), sign
// out, and another patient signs in; providers stay for the whole run and refresh.

interface Session {
  email: string;
  role: 'patient' | 'provider';
  token: string;
  cookie: string;
  tz: string;
  tokenAt: number;
  endsAt: number;
  inflight: number;
  /** Signing in, refreshing or signing out: not picked for requests. */
  busy: boolean;
  ending: boolean;
  patientIds: string[];
  /** New entries written in this visit (see CREATES_PER_VISIT). */
  created: number;
}

/** What the harness wrote for a user, kept across that user's sessions. */
interface UserState {
  entries: string[];
  goals: string[];
  /** Entries and goals a request is working on (not picked by another). */
  held: Set<string>;
  pendingGoals: number;
  goalCounter: number;
}

const REFRESH_AFTER_MS = 12 * 60_000;
const minutes = (a: number, b: number) => (a + Math.random() * (b - a)) * 60_000;

const cookieOf = (answer: Answer) => (answer.setCookie[0] ?? '').split(';')[0] ?? '';

class Workload {
  readonly sessions: Session[] = [];
  private readonly users = new Map<string, UserState>();
  private readonly signedIn = new Set<string>();
  private stopped = false;
  inflight = 0;
  private combos = emotionCombos();
  private counter = 0;

  constructor(
    private readonly client: Client,
    readonly recorder: Recorder,
    private readonly seed: SoakSeed,
  ) {}

  private user(email: string): UserState {
    let state = this.users.get(email);
    if (!state) {
      state = { entries: [], goals: [], held: new Set(), pendingGoals: 0, goalCounter: 0 };
      this.users.set(email, state);
    }
    return state;
  }

  private async send(
    route: string,
    method: string,
    path: string,
    options: Parameters<Client['call']>[2] = {},
  ) {
    const answer = await this.client.call(method, path, options);
    this.recorder.record(route, answer);
    return answer;
  }

  async signIn(
    email: string,
    role: Session['role'],
    patientIds: string[] = [],
  ): Promise<Session | undefined> {
    this.signedIn.add(email);
    const answer = await this.send('POST login', 'POST', '/api/v1/login', {
      body: { email, password: 'Demo@1234' },
    });
    const token = answer.body?.accessToken;
    if (answer.status !== 200 || typeof token !== 'string') {
      this.signedIn.delete(email);
      return undefined;
    }
    const user = answer.body?.user as { timezone?: string } | undefined;
    const now = Date.now();
    // a fifth of the patients and every provider stay 20–40 minutes, refreshing their token
    const long = role === 'provider' || Math.random() < 0.2;
    const session: Session = {
      email,
      role,
      token,
      cookie: cookieOf(answer),
      tz: user?.timezone ?? 'UTC',
      tokenAt: now,
      endsAt: now + (long ? minutes(20, 40) : minutes(2, 8)),
      inflight: 0,
      busy: false,
      ending: false,
      patientIds,
      created: 0,
    };
    this.sessions.push(session);
    return session;
  }

  /** Signs in ACTIVE_USERS patients and every provider, a few at a time. */
  async start() {
    const jobs: (() => Promise<unknown>)[] = [
      ...this.seed.providers.map((p) => () => this.signIn(p.email, 'provider', p.patientIds)),
      ...Array.from({ length: ACTIVE_USERS }, () => () => this.signInSomeone()),
    ];
    for (let i = 0; i < jobs.length; i += 4) await Promise.all(jobs.slice(i, i + 4).map((job) => job()));
  }

  private signInSomeone() {
    for (let tries = 0; tries < 20; tries += 1) {
      const email = this.seed.patients[Math.floor(Math.random() * this.seed.patients.length)] ?? '';
      if (!this.signedIn.has(email)) return this.signIn(email, 'patient');
    }
    return Promise.resolve(undefined);
  }

  /** Once a second: refresh old tokens, sign out sessions past their time and sign others in. */
  async maintain() {
    const now = Date.now();
    for (const session of [...this.sessions]) {
      if (session.busy) continue;
      if (now >= session.endsAt) session.ending = true;
      if (session.ending && session.inflight === 0) {
        session.busy = true;
        void this.signOut(session);
      } else if (!session.ending && now - session.tokenAt >= REFRESH_AFTER_MS) {
        session.busy = true;
        void this.refresh(session);
      }
    }
  }

  private async refresh(session: Session) {
    const answer = await this.send('GET refresh', 'GET', '/api/v1/refresh', { cookie: session.cookie });
    const token = answer.body?.accessToken;
    if (answer.status === 200 && typeof token === 'string') {
      session.token = token;
      session.cookie = cookieOf(answer) || session.cookie;
      session.tokenAt = Date.now();
    }
    session.busy = false;
  }

  private async signOut(session: Session) {
    await this.send('POST logout', 'POST', '/api/v1/logout', {
      token: session.token,
      cookie: session.cookie,
    });
    this.sessions.splice(this.sessions.indexOf(session), 1);
    this.signedIn.delete(session.email);
    if (this.stopped) return;
    if (session.role === 'provider') await this.signIn(session.email, 'provider', session.patientIds);
    else await this.signInSomeone();
  }

  stop() {
    this.stopped = true;
  }

  /** One request of the mix, for a random signed-in session of the role it needs. */
  fire() {
    const action = pick(mix);
    const candidates = this.sessions.filter((s) => s.role === action.role && !s.busy && !s.ending);
    const session = candidates[Math.floor(Math.random() * candidates.length)];
    if (!session) {
      this.recorder.skipped += 1;
      return;
    }
    session.inflight += 1;
    this.inflight += 1;
    void action
      .run(this, session)
      .catch(() => undefined)
      .finally(() => {
        session.inflight -= 1;
        this.inflight -= 1;
      });
  }

  // --- the actions

  get(route: string, session: Session, path: string) {
    return this.send(route, 'GET', path, { token: session.token });
  }

  post(route: string, session: Session, path: string, body: unknown) {
    return this.send(route, 'POST', path, { token: session.token, body });
  }

  today(session: Session) {
    return localDay(new Date(), session.tz);
  }

  somePatient(session: Session) {
    return session.patientIds[Math.floor(Math.random() * session.patientIds.length)] ?? '';
  }

  entryBody(session: Session, state: UserState) {
    this.counter += 1;
    const n = this.counter;
    const combo = this.combos[n % this.combos.length];
    const chat = n % 10 === 3;
    const goal = state.goals.length > 0 && n % 8 === 0 ? state.goals[0] : undefined;
    return {
      mood: combo?.mood ?? 'Fine',
      emoji: combo?.emoji ?? '🙂',
      notes: chat ? '' : `${openers[n % openers.length] ?? ''} ${bodies[(n * 7) % bodies.length] ?? ''}`,
      journalType: chat ? 'chat' : 'prompt',
      journalMode: chat ? 'chat' : 'prompt',
      ...(chat
        ? {
            chatMessages: [
              { role: 'user', text: 'I keep thinking about the argument with my sister.' },
              {
                role: 'assistant',
                text: 'It sounds like it is still with you. What part keeps coming back?',
              },
              { role: 'user', text: 'That I did not really listen before answering.' },
            ],
          }
        : {}),
      emotionData: combo?.emotionData ?? simpleEmotionData('neutral', 5),
      userTimezone: session.tz,
      isPrivate: n % 31 === 7,
      ...(goal ? { goal: { selectedGoals: [goal] } } : {}),
    };
  }

  async createEntry(session: Session): Promise<void> {
    const state = this.user(session.email);
    if (session.created >= CREATES_PER_VISIT && state.entries.some((e) => !state.held.has(e)))
      return this.updateEntry(session);
    session.created += 1;
    const answer = await this.send('POST create-mood', 'POST', '/api/v1/create-mood', {
      token: session.token,
      body: this.entryBody(session, state),
    });
    const id = (answer.body?.data as { id?: string } | undefined)?.id;
    if (answer.status === 201 && id) state.entries.push(id);
  }

  /** An entry the harness wrote for this user and no request is working on, held until `release`. */
  takeEntry(session: Session, fromOldest = false) {
    const state = this.user(session.email);
    const list = fromOldest ? state.entries : [...state.entries].reverse();
    const id = list.find((e) => !state.held.has(e));
    if (id) state.held.add(id);
    return { state, id };
  }

  async updateEntry(session: Session): Promise<void> {
    const { state, id } = this.takeEntry(session);
    if (!id) return this.createEntry(session);
    try {
      this.counter += 1;
      await this.send('PUT update-mood/{id}', 'PUT', `/api/v1/update-mood/${id}`, {
        token: session.token,
        body: {
          notes: `${openers[this.counter % openers.length] ?? ''} Edited later: ${bodies[this.counter % bodies.length] ?? ''}`,
        },
      });
    } finally {
      state.held.delete(id);
    }
  }

  async updateDayDetails(session: Session) {
    const { state, id } = this.takeEntry(session);
    if (!id) return this.createEntry(session);
    try {
      await this.send('PUT update-mood-swp', 'PUT', '/api/v1/update-mood-swp', {
        token: session.token,
        body: {
          moodId: id,
          activities: ['Walking', 'Reading'].slice(0, 1 + (this.counter % 2)),
          sleepRoutine: { hours: 6 + (this.counter % 4), quality: 1 + (this.counter % 5) },
        },
      });
    } finally {
      state.held.delete(id);
    }
  }

  async deleteEntry(session: Session) {
    const state = this.user(session.email);
    // keep a few of the harness's entries for the updates; delete the oldest
    if (state.entries.length < 3) return this.createEntry(session);
    const { id } = this.takeEntry(session, true);
    if (!id) return this.createEntry(session);
    const answer = await this.send('DELETE delete-mood/{id}', 'DELETE', `/api/v1/delete-mood/${id}`, {
      token: session.token,
    });
    if (answer.status === 200) state.entries.splice(state.entries.indexOf(id), 1);
    state.held.delete(id);
  }

  async readEntry(session: Session) {
    const { state, id } = this.takeEntry(session);
    if (!id) return this.get('GET get-latest-mood', session, '/api/v1/get-latest-mood');
    try {
      await this.get('GET get-mood/{id}', session, `/api/v1/get-mood/${id}`);
    } finally {
      state.held.delete(id);
    }
  }

  /** Goal create while the user has fewer than 2 of the harness's goals, else update or delete one. */
  async goalWrite(session: Session) {
    const state = this.user(session.email);
    const free = state.goals.filter((g) => !state.held.has(g));
    if (state.goals.length + state.pendingGoals < 2) {
      state.pendingGoals += 1;
      state.goalCounter += 1;
      try {
        const answer = await this.send('POST goals/', 'POST', '/api/v1/goals/', {
          token: session.token,
          body: {
            text: `Soak goal ${state.goalCounter}: stretch for ten minutes`,
            emoji: '🧘',
            priority: 1 + (state.goalCounter % 5),
            categories: ['health'],
          },
        });
        const id = (answer.body?.data as { id?: string } | undefined)?.id;
        if (answer.status === 201 && id) state.goals.push(id);
      } finally {
        state.pendingGoals -= 1;
      }
      return;
    }
    const id = free[Math.floor(Math.random() * free.length)];
    if (!id) return this.get('GET goals/', session, '/api/v1/goals/');
    state.held.add(id);
    try {
      if (Math.random() < 0.75) {
        this.counter += 1;
        await this.send('PUT goals/{id}', 'PUT', `/api/v1/goals/${id}`, {
          token: session.token,
          body: { notes: `Check-in ${this.counter}`, priority: 1 + (this.counter % 5) },
        });
      } else {
        const answer = await this.send('DELETE goals/{id}', 'DELETE', `/api/v1/goals/${id}`, {
          token: session.token,
        });
        if (answer.status === 200) state.goals.splice(state.goals.indexOf(id), 1);
      }
    } finally {
      state.held.delete(id);
    }
  }

  async mention(session: Session) {
    const state = this.user(session.email);
    const id = state.goals[0];
    if (!id) return this.get('GET goals/stats', session, '/api/v1/goals/stats');
    await this.send('PATCH goals/{id}/increment-mention', 'PATCH', `/api/v1/goals/${id}/increment-mention`, {
      token: session.token,
      body: { moodType: 'positive' },
    });
  }

  async updateProfile(session: Session) {
    this.counter += 1;
    await this.send('PUT update-user-info', 'PUT', '/api/v1/update-user-info', {
      token: session.token,
      body: { firstName: `Journal${this.counter % 1000}`, lastName: 'Bench', timezone: session.tz },
    });
  }
}

interface Action {
  role: Session['role'];
  weight: number;
  run: (w: Workload, s: Session) => Promise<unknown>;
}

/** The home screen's calls: the plot shows these. */
export const HOME_ROUTES = [
  'GET get-all-mood page 1',
  'GET get-mood-by-week/{today}',
  'GET streak-dates',
  'GET get-mood-analytics/',
  'GET goals/',
  'GET goals/stats',
  'GET me',
  'GET get-latest-mood',
];

/**
 * The mix, by weight (percent of requests). Home screen reads ~62 %, other client reads ~16 %,
 * client writes ~13 %, provider reads ~9 %. Sign-ins, refreshes and sign-outs come on top.
 */
const mix: Action[] = [
  // the home screen
  {
    role: 'patient',
    weight: 9,
    run: (w, s) => w.get('GET get-all-mood page 1', s, '/api/v1/get-all-mood?page=1&limit=10'),
  },
  {
    role: 'patient',
    weight: 9,
    run: (w, s) => w.get('GET get-mood-by-week/{today}', s, `/api/v1/get-mood-by-week/${w.today(s)}`),
  },
  { role: 'patient', weight: 8, run: (w, s) => w.get('GET streak-dates', s, '/api/v1/streak-dates') },
  {
    role: 'patient',
    weight: 7,
    run: (w, s) => w.get('GET get-mood-analytics/', s, '/api/v1/get-mood-analytics/'),
  },
  { role: 'patient', weight: 7, run: (w, s) => w.get('GET goals/', s, '/api/v1/goals/') },
  { role: 'patient', weight: 6, run: (w, s) => w.get('GET goals/stats', s, '/api/v1/goals/stats') },
  { role: 'patient', weight: 9, run: (w, s) => w.get('GET me', s, '/api/v1/me') },
  { role: 'patient', weight: 7, run: (w, s) => w.get('GET get-latest-mood', s, '/api/v1/get-latest-mood') },
  // other client reads
  {
    role: 'patient',
    weight: 2,
    run: (w, s) => w.get('GET get-all-mood page 2', s, '/api/v1/get-all-mood?page=2&limit=10'),
  },
  {
    role: 'patient',
    weight: 4,
    run: (w, s) =>
      w.get(
        'GET get-all-mood search',
        s,
        `/api/v1/get-all-mood?page=1&limit=10&search=${SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)] ?? 'garden'}`,
      ),
  },
  { role: 'patient', weight: 1.5, run: (w, s) => w.readEntry(s) },
  {
    role: 'patient',
    weight: 1,
    run: (w, s) => w.get('GET get-mood-by-two-weeks/', s, '/api/v1/get-mood-by-two-weeks/'),
  },
  {
    role: 'patient',
    weight: 1,
    run: (w, s) =>
      w.get('GET get-mood-analytics/ 30 Days', s, '/api/v1/get-mood-analytics/?timerange=30%20Days'),
  },
  {
    role: 'patient',
    weight: 0.7,
    run: (w, s) => w.get('GET get-mood-by-date', s, '/api/v1/get-mood-by-date'),
  },
  {
    role: 'patient',
    weight: 0.5,
    run: (w, s) => w.get('GET get-mood-by-count', s, '/api/v1/get-mood-by-count'),
  },
  {
    role: 'patient',
    weight: 0.5,
    run: (w, s) => w.get('GET get-all-activities/', s, '/api/v1/get-all-activities/'),
  },
  {
    role: 'patient',
    weight: 0.5,
    run: (w, s) => w.get('GET get-activity-by-count', s, '/api/v1/get-activity-by-count'),
  },
  {
    role: 'patient',
    weight: 0.5,
    run: (w, s) => w.get('GET get-sleep-activity-by-count', s, '/api/v1/get-sleep-activity-by-count'),
  },
  {
    role: 'patient',
    weight: 0.5,
    run: (w, s) => w.get('GET goals/home-filters', s, '/api/v1/goals/home-filters'),
  },
  {
    role: 'patient',
    weight: 0.5,
    run: (w, s) => w.get('GET goals/journal/goals-summary', s, '/api/v1/goals/journal/goals-summary'),
  },
  { role: 'patient', weight: 0.5, run: (w, s) => w.get('GET get-doctors', s, '/api/v1/get-doctors') },
  // subscriptions (issue 12): the check in front of paid features, the plan page
  {
    role: 'patient',
    weight: 4,
    run: (w, s) =>
      w.get('GET patient/check-feature/weekly-insights', s, '/api/v1/patient/check-feature/weekly-insights'),
  },
  {
    role: 'patient',
    weight: 1,
    run: (w, s) => w.get('GET subscription/current', s, '/api/v1/subscription/current'),
  },
  {
    role: 'patient',
    weight: 0.3,
    run: (w, s) => w.get('GET subscription/invoices', s, '/api/v1/subscription/invoices'),
  },
  {
    role: 'patient',
    weight: 0.3,
    run: (w, s) => w.get('GET subscription/plans', s, '/api/v1/subscription/plans'),
  },
  { role: 'patient', weight: 0.3, run: (w, s) => w.get('GET access-history', s, '/api/v1/access-history') },
  // client writes
  { role: 'patient', weight: 5, run: (w, s) => w.createEntry(s) },
  { role: 'patient', weight: 2, run: (w, s) => w.updateEntry(s) },
  { role: 'patient', weight: 1, run: (w, s) => w.updateDayDetails(s) },
  { role: 'patient', weight: 2, run: (w, s) => w.deleteEntry(s) },
  { role: 'patient', weight: 1.5, run: (w, s) => w.goalWrite(s) },
  { role: 'patient', weight: 0.3, run: (w, s) => w.mention(s) },
  { role: 'patient', weight: 0.7, run: (w, s) => w.updateProfile(s) },
  // provider reads
  {
    role: 'provider',
    weight: 2.5,
    run: (w, s) => w.post('POST get-patients', s, '/api/v1/get-patients', { data: { page: 1, limit: 10 } }),
  },
  {
    role: 'provider',
    weight: 2,
    run: (w, s) =>
      w.get(
        'GET get-all-patient-mood/{id}',
        s,
        `/api/v1/get-all-patient-mood/${w.somePatient(s)}?page=1&limit=10`,
      ),
  },
  {
    role: 'provider',
    weight: 0.5,
    run: (w, s) =>
      w.get(
        'GET get-all-patient-mood/{id} search',
        s,
        `/api/v1/get-all-patient-mood/${w.somePatient(s)}?page=1&limit=10&search=garden`,
      ),
  },
  {
    role: 'provider',
    weight: 1,
    run: (w, s) =>
      w.get('GET get-latest-patient-mood/{id}', s, `/api/v1/get-latest-patient-mood/${w.somePatient(s)}`),
  },
  {
    role: 'provider',
    weight: 1,
    run: (w, s) =>
      w.get(
        'GET dashboard/patient-mood-by-week/{id}',
        s,
        `/api/dashboard/patient-mood-by-week/${w.somePatient(s)}?startDate=${w.today(s)}`,
      ),
  },
  {
    role: 'provider',
    weight: 0.5,
    run: (w, s) =>
      w.get(
        'GET dashboard/patient-mood-analytics/{id}',
        s,
        `/api/dashboard/patient-mood-analytics/${w.somePatient(s)}`,
      ),
  },
  {
    role: 'provider',
    weight: 0.3,
    run: (w, s) =>
      w.get(
        'GET dashboard/patient-mood-count/{id}',
        s,
        `/api/dashboard/patient-mood-count/${w.somePatient(s)}`,
      ),
  },
  {
    role: 'provider',
    weight: 0.3,
    run: (w, s) =>
      w.get(
        'GET dashboard/patient-mood-by-date/{id}',
        s,
        `/api/dashboard/patient-mood-by-date/${w.somePatient(s)}`,
      ),
  },
  {
    role: 'provider',
    weight: 0.7,
    run: (w, s) => w.get('GET goals/?patientId={id}', s, `/api/v1/goals/?patientId=${w.somePatient(s)}`),
  },
];

const totalWeight = mix.reduce((n, a) => n + a.weight, 0);
function pick(actions: Action[]): Action {
  let r = Math.random() * totalWeight;
  for (const action of actions) {
    r -= action.weight;
    if (r <= 0) return action;
  }
  return actions[0] as Action;
}

// ---------------------------------------------------------------------------------------------
// Sampling: the server's memory and event-loop delay (soak-probe.mjs over IPC), RSS from /proc,
// and PostgreSQL's view of the database.

const probeUrl = new URL('./soak-probe.mjs', import.meta.url).href;
type ProbeAnswer = Pick<Sample['server'], 'heapUsedMb' | 'heapTotalMb' | 'externalMb' | 'loopDelayMs'>;

let probeId = 0;
function probe(server: RunningServer): Promise<ProbeAnswer | undefined> {
  const child = server.child;
  if (!child.connected) return Promise.resolve(undefined);
  probeId += 1;
  const id = probeId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), 3000);
    function done(answer: ProbeAnswer | undefined) {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer);
    }
    function onMessage(message: unknown) {
      const m = message as ({ type?: string; id?: number } & ProbeAnswer) | undefined;
      if (m?.type === 'soak-sample' && m.id === id)
        done({
          heapUsedMb: m.heapUsedMb,
          heapTotalMb: m.heapTotalMb,
          externalMb: m.externalMb,
          loopDelayMs: m.loopDelayMs,
        });
    }
    child.on('message', onMessage);
    child.send({ type: 'soak-sample', id });
  });
}

async function pgSample(client: pg.Client, name: string): Promise<Sample['pg']> {
  const activity = await client.query<{
    connections: number;
    active: number;
    idle_tx: number;
    oldest: number | null;
  }>(
    `select count(*)::int as connections, (count(*) filter (where state = 'active'))::int as active,
       (count(*) filter (where state like 'idle in transaction%'))::int as idle_tx,
       max(age(backend_xmin))::int as oldest
     from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  const table = await client.query<{
    live: string;
    dead: string;
    vacuums: string;
    analyzes: string;
    mb: string;
  }>(
    `select n_live_tup as live, n_dead_tup as dead, autovacuum_count as vacuums,
       autoanalyze_count as analyzes, pg_database_size($1) / 1048576 as mb
     from pg_stat_user_tables where relname = 'journal_entries'`,
    [name],
  );
  const dead = await client.query<{ relname: string; dead: string }>(
    `select relname, n_dead_tup as dead from pg_stat_user_tables order by n_dead_tup desc`,
  );
  const a = activity.rows[0];
  const t = table.rows[0];
  return {
    connections: a?.connections ?? 0,
    active: a?.active ?? 0,
    idleInTransaction: a?.idle_tx ?? 0,
    oldestXminAge: a?.oldest ?? null,
    journalLive: Number(t?.live ?? 0),
    journalDead: Number(t?.dead ?? 0),
    autovacuums: Number(t?.vacuums ?? 0),
    autoanalyzes: Number(t?.analyzes ?? 0),
    databaseMb: Number(t?.mb ?? 0),
    deadAll: dead.rows.reduce((n, r) => n + Number(r.dead), 0),
    deadTop: dead.rows
      .slice(0, 3)
      .map((r) => `${r.relname} ${r.dead}`)
      .join(', '),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WeekProbeRow {
  server: 'after the soak' | 'restarted';
  route: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface SoakResult {
  database: 'postgres' | 'embedded';
  label: string;
  rate: number;
  minutes: number;
  sampleSeconds: number;
  activeUsers: number;
  concurrency: number;
  startedAt: string;
  endedAt: string;
  seed: Omit<SoakSeed, 'patients' | 'providers'>;
  samples: Sample[];
  /** Raw latencies per window (not written to the JSON). */
  latencies: Map<string, number[]>[];
  weekProbe: WeekProbeRow[];
  weekPlans: { mode: string; plan: string[]; ms: number | null }[];
  /** What the renewal tick did during the run (seeded Standard subscriptions coming due). */
  renewals?: { invoices: number; pastDue: number; subscriptions: number; duplicates: number };
}

/**
 * Seeds, starts the server with the probe, drives the mix at `rate` for SOAK_MINUTES, sampling
 * every SAMPLE_SECONDS, then runs the week experiment (a fresh user's 500 entries, week read on
 * the soaked server and after a restart on the same data).
 */
export async function runSoak(
  target: { key: string; label: string; env: () => Promise<Record<string, string>> },
  port: number,
  start: typeof import('./server.js').startServer,
): Promise<SoakResult> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const database = target.key === 'postgres' ? 'postgres' : 'embedded';
  const rate = soakRate(database);
  const env = await target.env();
  const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-soak-'));
  const serverOptions = { nodeArgs: ['--import', probeUrl], ipc: true, keepDataDir: true };
  let pgClient: pg.Client | undefined;
  const dbName = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : '';
  let vacuumEvery = 0;
  try {
    log(
      `${target.label}: seeding ${SOAK_ENTRIES.toLocaleString('en')} entries for ${SOAK_PATIENTS} patients`,
    );
    const seed = await seedSoak({ databaseUrl: env.DATABASE_URL, dataDir });
    let server = await start(port, env, dataDir, serverOptions);
    if (env.DATABASE_URL) {
      pgClient = new pg.Client({ connectionString: env.DATABASE_URL });
      await pgClient.connect();
      // A server without autovacuum never cleans dead tuples: say so, it changes what a soak means.
      const settings = await pgClient.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('autovacuum', 'shared_buffers', 'max_connections')`,
      );
      log(`${target.label} settings: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
      const autovacuum = settings.rows.find((r) => r.name === 'autovacuum')?.setting === 'on';
      vacuumEvery = VACUUM_MINUTES !== undefined ? Number(VACUUM_MINUTES) : autovacuum ? 0 : 5;
      if (vacuumEvery > 0)
        log(`${target.label}: VACUUM (ANALYZE) every ${vacuumEvery} min (autovacuum's stand-in)`);
    }
    const client = makeClient(server.url);
    const recorder = new Recorder();
    const workload = new Workload(client, recorder, seed);
    await workload.start();
    log(`${target.label}: ${workload.sessions.length} sessions; ${rate} req/s for ${SOAK_MINUTES} min`);
    // open loop: requests leave on a fixed schedule, whatever the answers take (up to CONCURRENCY)
    const interval = 1000 / rate;
    let next = performance.now();
    const scheduler = setInterval(() => {
      const now = performance.now();
      while (next <= now) {
        next += interval;
        if (workload.inflight >= CONCURRENCY) recorder.skipped += 1;
        else workload.fire();
      }
    }, 5);
    const maintainer = setInterval(() => void workload.maintain(), 1000);
    const startedAt = new Date();
    const loadStart = performance.now();
    recorder.close(1); // sign-ins before the load are not counted
    recorder.windows.length = 0;
    const samples: Sample[] = [];
    const windows = Math.max(1, Math.round((SOAK_MINUTES * 60) / SAMPLE_SECONDS));
    // Who uses the two cores: the server, or this generator beside it (both grow their p99 alike).
    let cpuMark = { at: performance.now(), server: processCpuSeconds(server.pid), self: process.cpuUsage() };
    const machine = machineSampler();
    for (let w = 1; w <= windows; w += 1) {
      await sleep(Math.max(0, loadStart + w * SAMPLE_SECONDS * 1000 - performance.now()));
      const closed = recorder.close(SAMPLE_SECONDS);
      let vacuumMs: number | undefined;
      if (pgClient && vacuumEvery > 0 && (w * SAMPLE_SECONDS) % (vacuumEvery * 60) === 0) {
        const began = performance.now();
        await pgClient.query('VACUUM (ANALYZE)');
        vacuumMs = Math.round(performance.now() - began);
      }
      const [answer, pgStats] = await Promise.all([
        probe(server),
        pgClient ? pgSample(pgClient, dbName) : Promise.resolve(undefined),
      ]);
      const cpuNow = {
        at: performance.now(),
        server: processCpuSeconds(server.pid),
        self: process.cpuUsage(),
      };
      const wallSeconds = (cpuNow.at - cpuMark.at) / 1000;
      const selfSeconds =
        (cpuNow.self.user + cpuNow.self.system - cpuMark.self.user - cpuMark.self.system) / 1e6;
      const cpu = {
        serverPct: Math.round(((cpuNow.server - cpuMark.server) / wallSeconds) * 100),
        generatorPct: Math.round((selfSeconds / wallSeconds) * 100),
      };
      cpuMark = cpuNow;
      const machineWindow = machine.sample();
      const sample: Sample = {
        t: w * SAMPLE_SECONDS,
        at: new Date().toISOString(),
        reqPerSec: closed.reqPerSec,
        skipped: closed.skipped,
        routes: closed.routes,
        cpu,
        machine: machineWindow,
        server: { rssMb: server.rssMb(), ...(answer ?? {}) },
        ...(pgStats ? { pg: { ...pgStats, ...(vacuumMs !== undefined ? { vacuumMs } : {}) } } : {}),
      };
      samples.push(sample);
      const errors = closed.routes.reduce((n, r) => n + r.errors, 0);
      const worst = [...closed.routes].sort((a, b) => b.p99 - a.p99)[0];
      log(
        `${target.label} ${Math.round(sample.t / 6) / 10} min: ${sample.reqPerSec} req/s, ${errors} errors, ${sample.skipped} skipped, RSS ${sample.server.rssMb} MB, heap ${sample.server.heapUsedMb ?? '–'} MB, loop p99 ${sample.server.loopDelayMs?.p99 ?? '–'} ms, cpu server ${cpu.serverPct} % generator ${cpu.generatorPct} %, machine busy ${machineWindow.busyPct} % steal ${machineWindow.stealPct} % postgres ${machineWindow.postgresPct} % canary ${machineWindow.canaryMs} ms${pgStats ? `, pg conns ${pgStats.connections}, dead ${pgStats.journalDead} (${pgStats.deadTop})` : ''}; worst p99 ${worst?.route} ${worst?.p99} ms`,
      );
      for (const r of closed.routes)
        if (r.errors > 0) log(`  errors on ${r.route}: ${JSON.stringify(r.statuses)}`);
    }
    clearInterval(scheduler);
    workload.stop();
    for (let i = 0; i < 300 && workload.inflight > 0; i += 1) await sleep(100);
    clearInterval(maintainer);
    const endedAt = new Date();
    const counter = pgClient;
    let renewals = counter
      ? await renewalCounts(async (text) => (await counter.query(text)).rows as Record<string, unknown>[])
      : undefined;
    client.close();

    const weekProbe: WeekProbeRow[] = [];
    let weekPlans: SoakResult['weekPlans'] = [];
    if (process.env.BENCH_SOAK_WEEK_PROBE !== '0') {
      const fresh = await freshUserEntries(server.url);
      weekProbe.push(...(await measureWeek(server.url, 'after the soak')));
      if (env.DATABASE_URL) weekPlans = await weekStatementPlans(env.DATABASE_URL, fresh);
      await server.stop();
      server = await start(port, env, dataDir, serverOptions);
      weekProbe.push(...(await measureWeek(server.url, 'restarted')));
    }
    await server.stop();
    if (!renewals && !env.DATABASE_URL) {
      const embedded = await openDatabase({ dataDir });
      try {
        renewals = await renewalCounts(async (text) => rowsOf(await embedded.db.execute(sql.raw(text))));
      } finally {
        await embedded.close();
      }
    }
    const { patients: _patients, providers: _providers, ...seedSummary } = seed;
    return {
      database,
      label: target.label,
      rate,
      minutes: SOAK_MINUTES,
      sampleSeconds: SAMPLE_SECONDS,
      activeUsers: ACTIVE_USERS,
      concurrency: CONCURRENCY,
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      seed: seedSummary,
      samples,
      latencies: recorder.windows,
      weekProbe,
      weekPlans,
      ...(renewals ? { renewals } : {}),
    };
  } finally {
    await pgClient?.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Renewal invoices written during the run, subscriptions now past due, and any period billed twice. */
async function renewalCounts(
  query: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<NonNullable<SoakResult['renewals']>> {
  const [row] = await query(`
    select (select count(*) from invoices where reason = 'subscription_cycle') as invoices,
           (select count(*) from subscriptions where status = 'past_due') as past_due,
           (select count(*) from subscriptions) as subscriptions,
           (select count(*) from (select subscription_id, period_start from invoices
              where reason = 'subscription_cycle' group by 1, 2 having count(*) > 1) d) as duplicates`);
  return {
    invoices: Number(row?.invoices ?? 0),
    pastDue: Number(row?.past_due ?? 0),
    subscriptions: Number(row?.subscriptions ?? 0),
    duplicates: Number(row?.duplicates ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// The week experiment (issue 19): a fresh user's week, on the soaked server and after a restart.

/** The fresh user writes 500 entries through the API: 2 a day over the last 250 days. */
async function freshUserEntries(url: string): Promise<{ patientId: string; from: string; to: string }> {
  const client = makeClient(url);
  try {
    const login = await client.call('POST', '/api/v1/login', {
      body: { email: FRESH_EMAIL, password: 'Demo@1234' },
    });
    const token = String(login.body?.accessToken ?? '');
    const patientId = String((login.body?.user as { id?: string } | undefined)?.id ?? '');
    const today = localDay(new Date(), BENCH_TZ);
    let failed = 0;
    for (let i = 0; i < 500; i += 5) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, j) =>
          client.call('POST', '/api/v1/create-mood', {
            token,
            body: {
              mood: 'Fine',
              emoji: '🙂',
              notes: `${openers[(i + j) % openers.length] ?? ''} ${bodies[(i + j) % bodies.length] ?? ''}`,
              journalType: 'prompt',
              journalMode: 'prompt',
              emotionData: simpleEmotionData('neutral', 5),
              userTimezone: BENCH_TZ,
              customDate: addDays(today, -Math.floor((i + j) / 2)),
            },
          }),
        ),
      );
      failed += answers.filter((a) => a.status !== 201).length;
    }
    log(`fresh user: 500 entries written (${failed} failed)`);
    const monday = (() => {
      const d = new Date(`${today}T12:00:00Z`);
      return addDays(today, -((d.getUTCDay() + 6) % 7));
    })();
    return { patientId, from: monday, to: addDays(monday, 6) };
  } finally {
    client.close();
  }
}

/**
 * GET get-mood-by-week/<today> for the fresh user (500 entries written just now) and for the light
 * user (500 seeded entries), and GET me as the control: 2 s warm-up, then 20 connections × 10 s.
 */
async function measureWeek(url: string, server: WeekProbeRow['server']): Promise<WeekProbeRow[]> {
  const { default: autocannon } = await import('autocannon');
  const { login } = await import('./lib.js');
  const today = localDay(new Date(), BENCH_TZ);
  const rows: WeekProbeRow[] = [];
  const users = [
    { email: FRESH_EMAIL, label: 'fresh user (500 new entries)' },
    { email: LIGHT.email, label: 'light user (500 seeded)' },
  ];
  for (const user of users) {
    const { token } = await login(url, user.email);
    const routes = [
      { route: `GET get-mood-by-week/{today}, ${user.label}`, path: `/api/v1/get-mood-by-week/${today}` },
      ...(user.email === FRESH_EMAIL ? [{ route: `GET me, ${user.label}`, path: '/api/v1/me' }] : []),
    ];
    for (const route of routes) {
      const options = { url: `${url}${route.path}`, headers: { authorization: `Bearer ${token}` } };
      await autocannon({ ...options, connections: 5, duration: 2 });
      await sleep(500);
      const result = await autocannon({ ...options, connections: 20, duration: 10 });
      rows.push({
        server,
        route: route.route,
        reqPerSec: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
      log(`${server}: ${route.route}: ${rows.at(-1)?.reqPerSec} req/s, p99 ${rows.at(-1)?.p99Ms} ms`);
      await sleep(1000);
    }
  }
  return rows;
}

/**
 * The week statement exactly as the server builds it (the server's own JournalRepo, in-process, its
 * text caught at the pg driver), prepared in a session of our own: run for 10 seeded users first
 * (PostgreSQL picks a generic plan or keeps custom ones after 5 runs, as on each pooled
 * connection), then EXPLAINed for the fresh user in the default mode and with custom and generic
 * plans forced.
 */
export async function weekStatementPlans(
  databaseUrl: string,
  fresh: { patientId: string; from: string; to: string },
): Promise<SoakResult['weekPlans']> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let caught: { text: string; values: unknown[] } | undefined;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] } | undefined;
    if (!caught && config?.text?.includes('"local_day" >='))
      caught = { text: config.text, values: config.values ?? (Array.isArray(args[1]) ? args[1] : []) };
    return original.apply(this, args);
  };
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { JournalRepo } = await import('../apps/server/src/features/journal/repo.js');
    await new JournalRepo(database.db).rangePage(
      { patientId: fresh.patientId, includePrivate: true },
      { from: fresh.from, to: fresh.to },
      100,
    );
  } finally {
    proto.query = original;
    await database.close();
  }
  if (!caught) return [];
  const { text, values } = caught;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const out: SoakResult['weekPlans'] = [];
  try {
    const args = (patientId: string) =>
      values.map((v) => client.escapeLiteral(v === fresh.patientId ? patientId : String(v))).join(', ');
    await client.query(`prepare soak_week as ${text}`);
    const others = await client.query<{ id: string }>(
      `select id from users where email like 'journal-%' order by random() limit 10`,
    );
    for (const row of others.rows) await client.query(`execute soak_week(${args(row.id)})`);
    for (const mode of ['auto', 'force_custom_plan', 'force_generic_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) execute soak_week(${args(fresh.patientId)})`,
      );
      const plan = result.rows.map((r) => r['QUERY PLAN']);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN);
      out.push({ mode, plan, ms: Number.isFinite(ms) ? ms : null });
    }
  } catch (error) {
    out.push({ mode: 'error', plan: [String(error)], ms: null });
  } finally {
    await client.end();
  }
  return out;
}

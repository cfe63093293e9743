import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { openTestDatabase, TestClock } from '../../../test/harness.js';
import { testDatabaseUrl } from '../../../test/template.js';
import { JobRunner, type JobRunnerOptions, type ScheduleDelivery } from './index.js';

// The job runner on the suite's database (PGlite by default, PostgreSQL with TEST_DATABASE_URL):
// the outbox (enqueue in the caller's transaction, keys), ticks and per-user schedules.

// Errors only (a failed relay or queue poll), so a slow or failed run says why.
const log = pino({ level: 'error' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<Database> {
  const { database, drop } = await openTestDatabase();
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  return database;
}

function runner(db: Database, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const jobs = new JobRunner(db, log, {
    runWorkers: true,
    pollingIntervalSeconds: 0.5,
    tickSeconds: 3600,
    ...options,
  });
  cleanups.push(() => jobs.stop());
  return jobs;
}

async function until(check: () => boolean, what: string | (() => string), ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Long enough for a relay poll and a queue poll (0.5 s each) to have happened several times. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

async function makeUsers(db: Database, count: number, timezone: string): Promise<string[]> {
  const rows = await db.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `schedule-${i}-${Math.random().toString(36).slice(2)}@example.test`,
        firstName: 'S',
        lastName: 'U',
        role: 'patient' as const,
        timezone,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

describe('send', () => {
  it('enqueues in the caller transaction: a rolled-back write asks for no job, a committed one for one', async () => {
    const db = await database();
    const jobs = runner(db);
    const seen: string[] = [];
    jobs.register<{ n: string }>('note', async (data) => void seen.push(data.n));
    await jobs.start();

    await expect(
      db.db.transaction(async (tx) => {
        await jobs.send('note', { n: 'rolled back' }, { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await db.db.transaction(async (tx) => {
      await jobs.send('note', { n: 'committed' }, { tx });
    });
    await until(() => seen.includes('committed'), 'the committed job');
    await settle();
    expect(seen).toEqual(['committed']);
  });

  it('sends many in one statement, each key once, and hands them over in claims of 500', async () => {
    const db = await database();
    const jobs = runner(db);
    const seen: number[] = [];
    jobs.register<{ n: number }>('many', async (data) => void seen.push(data.n));
    await jobs.start();
    const items = Array.from({ length: 1200 }, (_, n) => ({ data: { n }, key: `many:${n}` }));
    expect(await jobs.sendMany('many', items)).toBe(1200);
    expect(await jobs.sendMany('many', items.slice(0, 10))).toBe(0);
    await until(
      () => seen.length >= 1200,
      () => `${seen.length} of 1200`,
      60_000,
    );
    await settle();
    expect(new Set(seen).size).toBe(1200);
    expect(seen).toHaveLength(1200);
  });

  it('makes a doubled or retried send with one key a no-op, also after the job ran', async () => {
    const db = await database();
    const jobs = runner(db);
    const seen: string[] = [];
    jobs.register<{ n: string }>('note', async (data) => void seen.push(data.n));
    await jobs.start();

    const first = await Promise.all([
      jobs.send('note', { n: 'a' }, { key: 'welcome:1' }),
      jobs.send('note', { n: 'b' }, { key: 'welcome:1' }),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    await until(() => seen.length === 1, 'the first job');
    expect(await jobs.send('note', { n: 'c' }, { key: 'welcome:1' })).toBe(false);
    await settle();
    expect(seen).toHaveLength(1);
    // a handed-over keyed row keeps its key, not its data
    const kept = rowsOf<{ data: object; sent: boolean }>(
      await db.db.execute(
        sql`select data, sent_at is not null as sent from job_outbox where key = 'welcome:1'`,
      ),
    );
    expect(kept).toEqual([{ data: {}, sent: true }]);
  });

  it('starts a job no earlier than startAfter', async () => {
    const db = await database();
    const jobs = runner(db);
    const seen: number[] = [];
    jobs.register('later', async () => void seen.push(Date.now()));
    await jobs.start();
    const asked = Date.now();
    await jobs.send('later', {}, { startAfter: new Date(asked + 2500) });
    await until(() => seen.length === 1, 'the delayed job', 15_000);
    expect(seen[0]! - asked).toBeGreaterThanOrEqual(2000);
  });

  it('refuses a job nobody registered', async () => {
    const db = await database();
    const jobs = runner(db);
    await jobs.start();
    await expect(jobs.send('nobody', {})).rejects.toThrow('No job named nobody');
  });
});

describe('the outbox relay', () => {
  it('hands rows over once when a relay dies between claim and hand-over', async () => {
    const db = await database();
    const seen: string[] = [];
    // the first relay claims and dies: it holds the rows for its lease, then another takes them
    const dead = runner(db, { runWorkers: false, leaseSeconds: 1 });
    dead.register('note', async () => {});
    await dead.start();
    await dead.stop();
    await db.db.execute(
      sql`insert into job_outbox (name, data) values ('note', '{"n":"x"}'), ('note', '{"n":"y"}')`,
    );
    const claimed = await dead.outbox.claim(10, 4);
    expect(claimed.map((r) => r.name)).toEqual(['note', 'note']);

    const alive = runner(db, { leaseSeconds: 1 });
    alive.register<{ n: string }>('note', async (data) => void seen.push(data.n));
    await alive.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen).toEqual([]); // still held by the dead relay
    await until(() => seen.length === 2, 'the rows after the lease');
    // a late second hand-over of the same rows (the dead relay waking up) adds nothing
    await alive.outbox.sent([]);
    await db.db.execute(sql`update job_outbox set sent_at = null, claimed_until = null, data = '{"n":"z"}'`);
    await alive.relay();
    await settle();
    expect(seen.sort()).toEqual(['x', 'y']);
  });

  it('offers rows again at once when pg-boss refuses a hand-over, not after the lease', async () => {
    const db = await database();
    const seen: string[] = [];
    // a lease far beyond the wait below: only the release after the failure can explain a delivery
    const jobs = new JobRunner(db, pino({ level: 'silent' }), {
      runWorkers: true,
      pollingIntervalSeconds: 0.5,
      leaseSeconds: 600,
    });
    cleanups.push(() => jobs.stop());
    jobs.register<{ n: string }>('note', async (data) => void seen.push(data.n));
    await jobs.start();
    await db.db.execute(sql`create table relay_refuses (at timestamptz)`);
    await db.db.execute(sql`insert into relay_refuses values (now())`);
    await db.db.execute(sql`
      create function pg_temp_refuse() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from relay_refuses) then raise exception 'hand-over refused'; end if;
        return new;
      end $$`);
    await db.db.execute(
      sql`create trigger refuse before insert on pgboss.job for each row execute function pg_temp_refuse()`,
    );
    await jobs.send('note', { n: 'x' }); // the relay is kicked, and refused, at every poll
    await settle();
    expect(seen).toEqual([]);
    await db.db.execute(sql`delete from relay_refuses`);
    await until(() => seen.length === 1, 'the job after the refusal');
    await settle();
    expect(seen).toEqual(['x']);
  });
});

describe('ticks', () => {
  it('run once per slot whatever the number of workers, and a missed run once', async () => {
    const db = await database();
    const clock = new TestClock();
    clock.set('2026-11-24T10:00:30Z');
    const runs: string[] = [];
    const a = runner(db, { clock });
    const b = runner(db, { clock });
    for (const jobs of [a, b]) {
      jobs.every('sweep', 60, async (data) => void runs.push(data.at));
      await jobs.start();
    }
    await Promise.all([a.tick(), b.tick(), a.tick()]);
    await until(() => runs.length === 1, 'the first tick');
    clock.set('2026-11-24T10:00:59Z');
    await Promise.all([a.tick(), b.tick()]);
    clock.set('2026-11-24T10:01:00Z');
    await Promise.all([b.tick(), a.tick()]);
    await until(() => runs.length === 2, 'the second tick');
    clock.set('2026-11-24T10:09:10Z'); // down for eight minutes: one run, for the current slot
    await Promise.all([a.tick(), b.tick()]);
    await until(() => runs.length === 3, 'the tick after the gap');
    await settle();
    expect(runs).toEqual([
      '2026-11-24T10:00:00.000Z',
      '2026-11-24T10:01:00.000Z',
      '2026-11-24T10:09:00.000Z',
    ]);
  });
});

describe('per-user schedules', () => {
  // One retry on a fresh database: twice in three full-tier runs on PostgreSQL (2026-11-28, with the
  // suite's other files on the same two cores) three of the eight deliveries never arrived within the
  // 60 s wait, while the file passes alone every time; the cause is not found yet (bench/README.md,
  // "Test tiers"). A double or a lost delivery on both runs still fails.
  it(
    'deliver each local day once across a daylight-saving change (spring and autumn)',
    { retry: 1, timeout: 120_000 },
    async () => {
      const db = await database();
      const clock = new TestClock();
      const seen: ScheduleDelivery[] = [];
      const jobs = runner(db, { clock });
      jobs.perUserSchedule('reminder', async (delivery) => void seen.push(delivery));
      await jobs.start();
      const [early, late] = await makeUsers(db, 2, 'America/New_York');

      clock.set('2026-03-06T12:00:00Z');
      const daily = { weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: 'America/New_York' };
      await jobs.schedules.set(early!, 'reminder', {
        ...daily,
        localTime: '02:30',
        data: { message: 'Ready to reflect?' },
      });
      await jobs.schedules.set(late!, 'reminder', { ...daily, localTime: '01:30' });
      // every 30 minutes for four days across the spring change, ticking twice each time (the
      // ticks land on :00 and :30, so on both users' local times; 384 ticks keep the test well inside
      // its time limit on a loaded CI machine, where the 576 ticks of 20-minute steps did not)
      for (
        let t = Date.parse('2026-03-06T12:00:00Z');
        t < Date.parse('2026-03-10T12:00:00Z');
        t += 30 * 60_000
      ) {
        clock.set(new Date(t));
        await Promise.all([jobs.tick(), jobs.tick()]);
      }
      // generous: on a loaded CI machine a queue poll can wait on the other tests' statements; at
      // least eight, so a ninth (a double) fails on the exact lists below, not on a timeout
      await until(
        () => seen.length >= 8,
        () => `eight deliveries (${seen.length} so far)`,
        60_000,
      );
      const of = (userId: string) =>
        seen
          .filter((d) => d.userId === userId)
          .map((d) => d.slot)
          .sort();
      expect(of(early!)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
      expect(of(late!)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
      expect(seen.find((d) => d.userId === early)?.data).toEqual({ message: 'Ready to reflect?' });
      expect(new Set(seen.map((d) => d.key)).size).toBe(8);

      // autumn: 01:30 happens twice on 2026-11-01; delivered once
      seen.length = 0;
      clock.set('2026-10-31T12:00:00Z');
      await jobs.schedules.set(late!, 'reminder', { ...daily, localTime: '01:30' });
      await jobs.schedules.remove(early!, 'reminder');
      // every 30 minutes: ticks at 05:30Z and 06:30Z land on both 01:30s
      for (
        let t = Date.parse('2026-10-31T12:00:00Z');
        t < Date.parse('2026-11-02T12:00:00Z');
        t += 30 * 60_000
      ) {
        clock.set(new Date(t));
        await jobs.tick();
      }
      await until(() => seen.length >= 2, 'two autumn deliveries', 30_000);
      await settle();
      expect(seen.map((d) => d.slot).sort()).toEqual(['2026-11-01', '2026-11-02']);
    },
  );

  it('follow the user to another zone and never repeat a delivered day', async () => {
    const db = await database();
    const clock = new TestClock();
    const seen: ScheduleDelivery[] = [];
    const jobs = runner(db, { clock });
    jobs.perUserSchedule('reminder', async (delivery) => void seen.push(delivery));
    await jobs.start();
    const [user] = await makeUsers(db, 1, 'Europe/Paris');
    clock.set('2026-11-24T07:00:00Z'); // 08:00 in Paris
    await jobs.schedules.set(user!, 'reminder', {
      localTime: '09:00',
      weekdays: [2],
      timeZone: 'Europe/Paris',
    });
    clock.set('2026-11-24T08:00:00Z'); // 09:00 Tuesday in Paris
    await jobs.tick();
    await until(() => seen.length === 1, 'the Paris delivery');
    // same day, the user moves to New York (03:00 there): Tuesday 09:00 is still ahead in New York,
    // but Tuesday was delivered: the next is the next Tuesday
    await jobs.schedules.rezone(user!, 'America/New_York');
    const [row] = rowsOf<{ next_slot: string; due_at: Date | string }>(
      await db.db.execute(sql`select next_slot, due_at from user_schedules where user_id = ${user!}`),
    );
    expect(row?.next_slot).toBe('2026-12-01');
    expect(new Date(row!.due_at).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    await expect(
      jobs.schedules.set(user!, 'reminder', { localTime: '09:00', weekdays: [], timeZone: 'Europe/Paris' }),
    ).rejects.toThrow(RangeError);
    await expect(
      jobs.schedules.set(user!, 'reminder', { localTime: '9am', weekdays: [1], timeZone: 'Europe/Paris' }),
    ).rejects.toThrow(RangeError);
  });
});

describe.skipIf(!testDatabaseUrl)('on one PostgreSQL database', () => {
  it('two workers claim 600 due schedules in batches without a double or a gap', async () => {
    const db = await database();
    const clock = new TestClock();
    clock.set('2026-11-24T07:00:00Z');
    const seen: string[] = [];
    const workers = [runner(db, { clock }), runner(db, { clock })];
    for (const jobs of workers) {
      jobs.perUserSchedule('digest', async (delivery) => void seen.push(delivery.key), 50);
      await jobs.start();
    }
    const ids = await makeUsers(db, 600, 'UTC');
    for (const id of ids)
      await workers[0]!.schedules.set(id, 'digest', {
        localTime: '08:00',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        timeZone: 'UTC',
      });
    clock.set('2026-11-24T08:00:00Z');
    await Promise.all([workers[0]!.tick(), workers[1]!.tick(), workers[0]!.tick(), workers[1]!.tick()]);
    await until(() => seen.length === 600, '600 deliveries', 30_000);
    await settle();
    expect(seen).toHaveLength(600);
    expect(new Set(seen).size).toBe(600);
  });

  it('a worker that crashes between claim and commit leaves the rows for the next tick, delivered once', async () => {
    const db = await database();
    const clock = new TestClock();
    clock.set('2026-11-24T07:00:00Z');
    const seen: string[] = [];
    const jobs = runner(db, { clock });
    jobs.perUserSchedule('digest', async (delivery) => void seen.push(delivery.key));
    await jobs.start();
    const ids = await makeUsers(db, 20, 'UTC');
    for (const id of ids)
      await jobs.schedules.set(id, 'digest', {
        localTime: '08:00',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        timeZone: 'UTC',
      });
    clock.set('2026-11-24T08:00:00Z');

    // the "crashing worker": claims the rows as a tick does, then its connection dies mid-transaction
    const crashing = new pg.Client({ connectionString: db.connectionString });
    await crashing.connect();
    await crashing.query('begin');
    const claimed = await crashing.query(
      `select user_id from user_schedules where kind = 'digest' and due_at <= $1 order by due_at limit 10 for update skip locked`,
      [clock.now().toISOString()],
    );
    expect(claimed.rowCount).toBe(10);
    await jobs.tick(); // takes the ten others, skips the locked ones
    await until(() => seen.length === 10, 'the unlocked ten');
    const pid = (await crashing.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    crashing.on('error', () => undefined);
    await db.db.execute(sql`select pg_terminate_backend(${pid})`);
    await crashing.end().catch(() => undefined);
    await jobs.tick();
    await until(() => seen.length === 20, 'all twenty');
    await jobs.tick();
    await settle();
    expect(new Set(seen).size).toBe(20);
    expect(seen).toHaveLength(20);
  });
});

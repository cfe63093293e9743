import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { systemClock, type Clock } from '../clock.js';
import { Outbox, type SendOptions } from './outbox.js';
import { claimTick, type TickData, type TickDefinition } from './ticks.js';
import {
  scheduleJobName,
  UserSchedules,
  type ScheduleBatch,
  type ScheduleDelivery,
} from './user-schedules.js';

export type JobHandler<T> = (data: T) => Promise<void>;

/** Jobs a worker fetches at a time (handled one after the other). */
const batchSize = 10;

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<boolean>;
  sendMany?<T extends object>(name: string, items: { data: T; key?: string }[]): Promise<number>;
}

export interface JobRunnerOptions {
  /** Whether this process works the queues and claims ticks (false: it only asks for jobs). */
  runWorkers: boolean;
  /** How often the queues and the outbox are polled. */
  pollingIntervalSeconds?: number;
  /** How often ticks and per-user schedules are claimed. */
  tickSeconds?: number;
  /** How long a relay holds outbox rows it claimed before another may take them. */
  leaseSeconds?: number;
  clock?: Clock;
}

/**
 * The job runner (docs/ARCHITECTURE.md "Jobs"), on both databases: pg-boss works the queues (retries
 * with backoff, so a mail server that is down delays mail but loses none); every job is first
 * written to `job_outbox`, in the caller's transaction when given, and a relay hands it to pg-boss;
 * recurring ticks and per-user schedules are claimed from our own tables, so they work on PGlite
 * too and never run twice for one slot.
 */
/** Outbox rows handed to pg-boss per statement. */
const RELAY_BATCH = 500;

export class JobRunner implements JobQueue {
  private boss: PgBoss | undefined;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly ticks: TickDefinition[] = [];
  private stopping = false;
  private readonly perUser: { kind: string; batchSize: number; batched: boolean }[] = [];
  readonly outbox: Outbox;
  readonly schedules: UserSchedules;
  private readonly clock: Clock;
  private readonly loops: Loop[] = [];
  /** Queue name → this process's pg-boss worker, woken when jobs were just handed over. */
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.outbox = new Outbox(database.db);
    this.schedules = new UserSchedules(database.db, this.clock);
  }

  register<T>(name: string, handler: JobHandler<T>): void {
    if (this.handlers.has(name)) throw new Error(`Job ${name} is registered twice`);
    this.handlers.set(name, handler as JobHandler<never>);
  }

  /** A recurring job: `handler` runs once per `everySeconds` slot, on one worker. */
  every(name: string, everySeconds: number, handler: JobHandler<TickData>): void {
    this.register(name, handler);
    this.ticks.push({ name, everySeconds });
  }

  /** Per-user schedules of `kind` (set them with `schedules.set`): one delivery per user and slot. */
  perUserSchedule(kind: string, handler: JobHandler<ScheduleDelivery>, batchSize = 200): void {
    this.register(scheduleJobName(kind), handler);
    this.perUser.push({ kind, batchSize, batched: false });
  }

  /**
   * Per-user schedules of `kind` delivered a claim at a time: one job per claimed batch (up to
   * `batchSize` deliveries), for handlers that work set-based (reminders to thousands at once).
   */
  perUserScheduleBatch(kind: string, handler: JobHandler<ScheduleBatch>, batchSize = 200): void {
    this.register(scheduleJobName(kind), handler);
    this.perUser.push({ kind, batchSize, batched: true });
  }

  /** Asks for many jobs of one name in one statement (each with its own key); returns how many were new. */
  async sendMany<T extends object>(
    name: string,
    items: { data: T; key?: string }[],
    options: { tx?: Executor | undefined } = {},
  ): Promise<number> {
    if (!this.handlers.has(name)) throw new Error(`No job named ${name}`);
    const added = await this.outbox.addMany(
      items.map((item) => ({ name, data: item.data, key: item.key })),
      options.tx,
    );
    if (added > 0 && !options.tx) this.loops[0]?.kick();
    return added;
  }

  async start(): Promise<void> {
    this.stopping = false;
    const boss = this.database.connectionString
      ? new PgBoss({ connectionString: this.database.connectionString, max: 4, schedule: false })
      : new PgBoss({ db: this.database.executor, supervise: true, schedule: false });
    boss.on('error', (error) => this.log.error({ err: error }, 'job runner error'));
    await boss.start();
    this.boss = boss;
    for (const [name, handler] of this.handlers) {
      await createQueue(boss, name);
      if (!this.options.runWorkers) continue;
      const workerId = await boss.work<object>(
        name,
        { pollingIntervalSeconds: this.pollingSeconds, batchSize },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
          // a full batch: more may be waiting, so fetch again now rather than after the interval
          if (jobs.length >= batchSize) boss.notifyWorker(workerId);
        },
      );
      this.workers.set(name, workerId);
    }
    this.loops.push(new Loop(this.pollingSeconds, () => this.relay(), this.log, 'job outbox relay'));
    if (this.options.runWorkers) {
      this.loops.push(new Loop(this.options.tickSeconds ?? 10, () => this.tick(), this.log, 'job ticks'));
      this.loops.push(new Loop(3600, () => this.outbox.purge(), this.log, 'job outbox purge'));
    }
  }

  private get pollingSeconds(): number {
    return this.options.pollingIntervalSeconds ?? 0.5;
  }

  /**
   * Asks for a job; with `tx`, only if that transaction commits. Returns false when `key` was
   * already used (the job was asked for before).
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<boolean> {
    if (!this.boss) throw new Error('Job runner not started');
    if (!this.handlers.has(name)) throw new Error(`No job named ${name}`);
    const added = await this.outbox.add(name, data, options);
    // Outside a transaction the row is visible now: hand it over without waiting for the poll.
    if (added && !options.tx) this.loops[0]?.kick();
    return added;
  }

  /**
   * Hands claimed outbox rows to pg-boss under their own ids (a second hand-over is a no-op), a
   * claim of up to RELAY_BATCH rows in one insert.
   */
  async relay(): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    let total = 0;
    for (;;) {
      const rows = await this.outbox.claim(RELAY_BATCH, this.options.leaseSeconds ?? 30);
      if (rows.length > 0)
        await boss
          .insert(
            rows.map((row) => ({
              id: row.id,
              name: row.name,
              data: row.data,
              ...(row.startAfter ? { startAfter: row.startAfter.toISOString() } : {}),
            })),
          )
          .catch(async (error: unknown) => {
            // the next poll (or kick) tries again; the loop logs the failure
            await this.outbox.release(rows.map((r) => r.id)).catch(() => undefined);
            throw error;
          });
      await this.outbox.sent(rows.map((r) => r.id));
      for (const name of new Set(rows.filter((r) => !r.startAfter).map((r) => r.name))) {
        const workerId = this.workers.get(name);
        if (workerId) boss.notifyWorker(workerId);
      }
      total += rows.length;
      // A stop does not wait for a backlog to drain: what is left stays in the outbox for the next.
      if (rows.length < RELAY_BATCH || this.stopping) return total;
    }
  }

  /** Claims what is due now: recurring ticks and per-user schedules. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    for (const tick of this.ticks) await claimTick(this.database.db, this.outbox, tick, now);
    for (const { kind, batchSize, batched } of this.perUser)
      await this.schedules.claimDue(kind, batchSize, batched);
    this.loops[0]?.kick();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops.map((loop) => loop.stop()));
    this.loops.length = 0;
    this.workers.clear();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    this.boss = undefined;
  }
}

/** Runs `work` every `seconds`, one run at a time; `kick` runs it soon. Failures are logged. */
class Loop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly seconds: number,
    private readonly work: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
    this.timer.unref();
  }

  private run(): void {
    if (this.stopped || this.running) return;
    this.running = this.work()
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error }, `${this.what} failed`),
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.again;
        this.again = false;
        this.schedule(again ? 0 : this.seconds * 1000);
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * Creates a queue, again after a deadlock: two processes starting at the same instant on one
 * PostgreSQL (a server and a worker) can deadlock in pg-boss's create_queue; the loser retries.
 */
async function createQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, { name, retryLimit: 8, retryDelay: 5, retryBackoff: true });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

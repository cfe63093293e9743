import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  send<T extends object>(name: string, data: T): Promise<void>;
}

/**
 * pg-boss on both databases: on PostgreSQL with its own pool, on PGlite through the one shared
 * connection. Jobs are retried with backoff, so a mail server that is down delays mail but loses none.
 */
export class JobRunner implements JobQueue {
  private boss: PgBoss | undefined;
  private readonly handlers = new Map<string, JobHandler<never>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { runWorkers: boolean; pollingIntervalSeconds?: number },
  ) {}

  register<T>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler<never>);
  }

  async start(): Promise<void> {
    const boss = this.database.connectionString
      ? new PgBoss({ connectionString: this.database.connectionString, max: 4 })
      : new PgBoss({ db: this.database.executor, supervise: true, schedule: false });
    boss.on('error', (error) => this.log.error({ err: error }, 'job runner error'));
    await boss.start();
    this.boss = boss;
    for (const [name, handler] of this.handlers) {
      await boss.createQueue(name, { name, retryLimit: 8, retryDelay: 5, retryBackoff: true });
      if (!this.options.runWorkers) continue;
      await boss.work<object>(
        name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 0.5, batchSize: 5 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        },
      );
    }
  }

  async send<T extends object>(name: string, data: T): Promise<void> {
    if (!this.boss) throw new Error('Job runner not started');
    if (!this.handlers.has(name)) throw new Error(`No job named ${name}`);
    await this.boss.send(name, data);
  }

  async stop(): Promise<void> {
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    this.boss = undefined;
  }
}

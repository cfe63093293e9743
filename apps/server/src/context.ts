import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createAi, type AiPort } from './platform/ai/index.js';
import { Audit } from './platform/audit.js';
import { createGuards, type Guards } from './platform/auth.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createCounterStore, type CounterStore } from './platform/counter-store.js';
import { LocalFiles, type FilesPort } from './platform/files.js';
import { Idempotency } from './platform/idempotency.js';
import { JobRunner } from './platform/jobs/index.js';
import { MAIL_JOB, Mailer, OutboxMail, SmtpMail, type MailMessage, type MailPort } from './platform/mail.js';
import { AccessPolicy } from './platform/policy.js';
import { loadVapidKeys, vapidSubject, WebPush, type PushPort } from './platform/push.js';
import { createSessionRegistry, type SessionRegistry } from './platform/sessions/index.js';
import { Tokens } from './platform/tokens.js';

/** Everything a feature needs, built once per process by `createContext` (server and worker alike). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  tokens: Tokens;
  audit: Audit;
  policy: AccessPolicy;
  guards: Guards;
  /** Whether a session is alive; ends sessions here and on the other instances. */
  sessionRegistry: SessionRegistry;
  store: CounterStore;
  jobs: JobRunner;
  mailer: Mailer;
  files: FilesPort;
  /** Answers of create calls kept by Idempotency-Key. */
  idempotency: Idempotency;
  /** The journaling assistant: local engine or OpenAI-compatible endpoint. */
  ai: AiPort;
  /** Web Push (VAPID keys from the environment, else generated once into the data directory). */
  push: PushPort;
}

/** The outside parts a process may bring; the rest comes from the config. */
export interface ContextDeps {
  database: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
  mail?: MailPort;
  files?: FilesPort;
  /** The journaling assistant (default: from config, local engine or OpenAI-compatible). */
  ai?: AiPort;
  store?: CounterStore;
  push?: PushPort;
  /** Whether this process works the job queues (default: config.jobsInProcess). */
  runJobs?: boolean;
  /** Job polling interval (tests poll faster). */
  jobPollingSeconds?: number;
}

/**
 * The one place the context is built: `buildApp` (the server) and `worker.ts` (`npm run worker`)
 * both call it, so a feature's job runs the same in either. The platform's own jobs (mail delivery,
 * the purge of kept answers) are registered here; features register theirs from their index.ts (features/index.ts).
 */
export function createContext(config: Config, deps: ContextDeps): AppContext {
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const audit = new Audit(db, clock);
  const tokens = new Tokens(config.jwtSecret, config.accessTokenTtlSeconds, clock);
  const sessionRegistry = createSessionRegistry(config, deps.database, clock, deps.log);
  const jobs = new JobRunner(deps.database, deps.log, {
    runWorkers: deps.runJobs ?? config.jobsInProcess,
    clock,
    ...(deps.jobPollingSeconds ? { pollingIntervalSeconds: deps.jobPollingSeconds } : {}),
  });
  const mailPort =
    deps.mail ?? (config.smtpUrl ? new SmtpMail(config.smtpUrl, config.mailFrom) : new OutboxMail(db));
  jobs.register<MailMessage>(MAIL_JOB, (message) => mailPort.deliver(message));
  const idempotency = new Idempotency(db, clock, config.idempotencyAbandonedAfterMs);
  // Kept answers of idempotent creates go after 24 hours (checked hourly).
  jobs.every('idempotency-purge', 3600, () => idempotency.purge());
  return {
    config,
    database: deps.database,
    db,
    log: deps.log,
    clock,
    tokens,
    audit,
    policy: new AccessPolicy(db, audit),
    guards: createGuards(tokens, audit, sessionRegistry),
    sessionRegistry,
    store: deps.store ?? createCounterStore(config.redisUrl, undefined, () => clock.now().getTime()),
    jobs,
    mailer: new Mailer(jobs),
    files: deps.files ?? new LocalFiles(join(config.dataDir, 'files')),
    idempotency,
    push:
      deps.push ??
      new WebPush({
        ...loadVapidKeys({
          publicKey: config.vapidPublicKey,
          privateKey: config.vapidPrivateKey,
          dataDir: config.dataDir,
        }),
        subject: vapidSubject(config.mailFrom),
        production: config.env === 'production',
      }),
    ai: deps.ai ?? createAi(config.ai, (failure) => deps.log.warn({ ai: failure }, 'assistant call failed')),
  };
}

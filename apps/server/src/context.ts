import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AiPort } from './platform/ai/index.js';
import type { Audit } from './platform/audit.js';
import type { Guards } from './platform/auth.js';
import type { Clock } from './platform/clock.js';
import type { CounterStore } from './platform/counter-store.js';
import type { FilesPort } from './platform/files.js';
import type { Idempotency } from './platform/idempotency.js';
import type { JobRunner } from './platform/jobs.js';
import type { Mailer } from './platform/mail.js';
import type { AccessPolicy } from './platform/policy.js';
import type { SessionRegistry } from './platform/sessions/registry.js';
import type { Tokens } from './platform/tokens.js';

/** Everything a feature needs, built once per app in app.ts. */
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
}

import type { FastifyBaseLogger } from 'fastify';
import { serverIdleLimitMs } from '@mindledger/domain';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../clock.js';
import { createBus } from '../bus/index.js';
import { sessionCodec, type SessionBus } from './bus.js';
import { SessionRegistry } from './registry.js';
import { SqlSessionStore } from './store.js';

export { SessionRegistry, type SessionWatcher } from './registry.js';
export type { SessionBus } from './bus.js';

/** Redis pub/sub with REDIS_URL; else LISTEN/NOTIFY on PostgreSQL; else one process (embedded). */
export function createSessionBus(config: Config, database: Database, log: FastifyBaseLogger): SessionBus {
  return createBus(config, database, log, sessionCodec);
}

export function createSessionRegistry(
  config: Config,
  database: Database,
  clock: Clock,
  log: FastifyBaseLogger,
): SessionRegistry {
  return new SessionRegistry({
    store: new SqlSessionStore(database.db),
    bus: createSessionBus(config, database, log),
    clock,
    log,
    idleLimitMs: (paymentIdle) => serverIdleLimitMs(config.sessionTimings, paymentIdle),
    // Longer than any access token of an ended session can still be valid.
    rememberEndedMs: config.accessTokenTtlSeconds * 1000 + 60_000,
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { LocalBus, type Bus, type BusCodec } from './bus.js';
import { PgBus } from './pg-bus.js';
import { RedisBus } from './redis-bus.js';

export { LocalBus, chunked, uuidsOf, type Bus, type BusCodec, type BusListener } from './bus.js';

/** Redis pub/sub with REDIS_URL; else LISTEN/NOTIFY on PostgreSQL; else one process (embedded). */
export function createBus<E>(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  codec: BusCodec<E>,
): Bus<E> {
  if (config.redisUrl) return new RedisBus(config.redisUrl, log, codec);
  if (database.kind === 'postgres' && database.connectionString) {
    return new PgBus(
      database.connectionString,
      async (channel, payload) => {
        await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
      },
      log,
      codec,
    );
  }
  return new LocalBus<E>();
}

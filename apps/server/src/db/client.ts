import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDirectoryLock } from './lock.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a statement may run: the database itself or a transaction of the caller's. */
export type Executor = Db | Tx;

/** The rows of a raw `db.execute(sql...)` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What pg-boss needs to run its SQL on a database we already hold. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this open created the embedded database's directory (initdb ran). */
  created: boolean;
  /** For PostgreSQL the job runner opens its own pool; for PGlite it shares the one connection. */
  connectionString?: string;
  executor: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The migrations folder, found from both the sources (src/db) and the bundle (dist). */
/** Contrib extensions the migrations use (ledger search index); PGlite loads them on open. */
export const pgliteExtensions = { pg_trgm, btree_gin };

export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i += 1) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error('Migrations folder not found');
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; omitted means in memory. */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load a migrated template into memory). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover, terminated backend) is reported here;
  // without a listener the 'error' event would crash the process. The pool replaces the connection.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    created: false,
    connectionString: url,
    executor: { executeSql: (text, values) => pool.query(text, values) },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
    close: () => pool.end(),
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let release = async () => {};
  let created = false;
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) {
      const dir = join(options.dataDir, 'pgdata');
      mkdirSync(options.dataDir, { recursive: true });
      release = acquireDirectoryLock(join(options.dataDir, 'pgdata.lock'));
      created = !existsSync(join(dir, 'PG_VERSION'));
      client = new PGlite(dir, { extensions: pgliteExtensions });
    } else {
      client = new PGlite({ extensions: pgliteExtensions });
    }
  }
  const pglite = client;
  await pglite.waitReady;
  const drizzled = drizzlePglite(pglite, { schema });
  return {
    db: drizzled as unknown as Db,
    kind: 'pglite',
    created,
    executor: {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    migrate: () => migratePglite(drizzled, { migrationsFolder: migrationsFolder() }),
    async close() {
      await pglite.close();
      await release();
    },
  };
}

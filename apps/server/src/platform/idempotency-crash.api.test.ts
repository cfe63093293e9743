import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password } from '../../test/harness.js';
import {
  adminQuery,
  databaseUrlFor,
  pgTemplateName,
  templateFile,
  testDatabaseUrl,
} from '../../test/template.js';
import { openDatabase, pgliteExtensions, type Database } from '../db/client.js';
import { idempotencyKeys, journalEntries, users } from '../db/schema/index.js';
import { hashPassword } from './passwords.js';

// The promise of decision 104, proved on the real server process: an idempotent create killed
// (SIGKILL) at any moment is written exactly once when its key is sent again, before and after the
// window after which an unanswered key is taken as lost. The server is bundled from its sources as
// apps/server/build.mjs does (into .tmp, beside the repository's node_modules, with the migrations
// linked, as bench/build-server.mjs does) and runs on a database that outlives it: a PGlite data
// directory on disk, or a database of the PostgreSQL at TEST_DATABASE_URL. On PostgreSQL (the full
// tier's API run) a kill lands between a create's statements, as it did when three statements
// wrote twice (measured: 3 to 6 of 200 keys); on the embedded database a request's statements run
// without giving way to another request's, so the kill falls between requests and the test guards
// that nothing is lost there.

const creates = 200;
/** Creates in flight at once, each sent when one is answered: a client's steady stream. */
const inFlight = 16;
/** The window after which an unanswered key runs again, shortened from 60 s for the test. */
const abandonedAfterSeconds = 2;
const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const bundleDir = join(
  fileURLToPath(new URL('../../../../.tmp/', import.meta.url)),
  `crash-server-${randomUUID()}`,
);
const main = join(bundleDir, 'main.js');

/** The server as `npm run build` bundles it: npm packages external, the domain package inside. */
async function bundleServer(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  mkdirSync(bundleDir, { recursive: true });
  await build({
    entryPoints: [join(serverDir, 'src/main.ts')],
    outdir: bundleDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mindledger/')),
    logLevel: 'warning',
  });
  symlinkSync(join(serverDir, 'drizzle'), join(bundleDir, 'drizzle'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A database that survives the server's death, with one client account in it. */
async function prepareDatabase(dataDir: string) {
  let open: () => Promise<Database>;
  let drop = async () => {};
  let databaseUrl = '';
  if (testDatabaseUrl) {
    const name = `mindledger_crash_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${pgTemplateName}`);
    databaseUrl = databaseUrlFor(name);
    open = () => openDatabase({ databaseUrl, poolSize: 2 });
    drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    // the migrated template, copied to disk, is what the server opens
  } else {
    const seeded = new PGlite(join(dataDir, 'pgdata'), {
      loadDataDir: new Blob([readFileSync(templateFile)]),
      extensions: pgliteExtensions,
    });
    await seeded.waitReady;
    await seeded.close();
    open = () => openDatabase({ dataDir });
  }
  const database = await open();
  const email = `crash-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      firstName: 'Crash',
      lastName: 'Test',
      role: 'patient',
      activated: true,
      approved: true,
      passwordHash: await hashPassword(password),
    })
    .returning();
  await database.close();
  return { open, drop, databaseUrl, email, userId: user!.id };
}

class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly env: Record<string, string>) {}

  get url() {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${errors}`);
      const up = await fetch(`${this.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not start: ${errors}`);
  }

  /** Ends the process with the signal and waits until it is gone (reaped, so its lock is free). */
  async stop(signal: NodeJS.Signals): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
    this.child = undefined;
  }
}

interface Answer {
  status: number;
  id: string | undefined;
}

describe('an idempotent create killed mid-way', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mindledger-crash-'));
  let server: ServerProcess | undefined;
  let drop = async () => {};
  beforeAll(bundleServer);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it(
    'writes every create exactly once across a SIGKILL, a restart and the retries',
    { timeout: 180_000 },
    async () => {
      const db = await prepareDatabase(dataDir);
      drop = db.drop;
      server = new ServerProcess({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: db.databaseUrl,
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RATE_LIMIT_ENABLED: 'false',
        API_DOCS: 'false',
        REDIS_URL: '',
        SMTP_URL: '',
        WEB_DIST: join(dataDir, 'no-web-app'),
        IDEMPOTENCY_ABANDONED_AFTER_SECONDS: String(abandonedAfterSeconds),
      });
      await server.start();
      const login = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: db.email, password }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };

      const keys = Array.from({ length: creates }, (_, i) => ({
        key: randomUUID(),
        notes: `Crash test ${i}.`,
      }));
      const send = async ({ key, notes }: (typeof keys)[number]): Promise<Answer> => {
        const reply = await fetch(`${server!.url}/api/v1/create-mood`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${accessToken}`,
            'idempotency-key': key,
          },
          body: JSON.stringify({ mood: 'Fine', notes, journalType: 'prompt' }),
        });
        const body = (await reply.json().catch(() => ({}))) as { data?: { id?: string } };
        return { status: reply.status, id: body.data?.id };
      };

      // A steady stream of creates, `inFlight` at a time; the process is killed (SIGKILL) when half
      // of them were answered, with the others at every step of their way.
      const acknowledged = new Map<string, string>();
      let killed: Promise<void> | undefined;
      let next = 0;
      const sender = async () => {
        while (!killed && next < keys.length) {
          const k = keys[next++]!;
          const answer = await send(k).catch(() => undefined);
          if (answer?.status !== 201 || !answer.id || killed) continue;
          acknowledged.set(k.key, answer.id);
          if (acknowledged.size >= creates / 2) killed = server!.stop('SIGKILL');
        }
      };
      await Promise.all(Array.from({ length: inFlight }, sender));
      await killed;
      expect(acknowledged.size).toBe(creates / 2);

      // Restarted on the same data, every key is sent again at once: each answers its write (201)
      // or is taken as running (409) until the window has passed.
      await server.start();
      const first = await Promise.all(keys.map(send));
      expect(first.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, abandonedAfterSeconds * 1000 + 500));
      const again = await Promise.all(keys.map(send));
      expect(again.filter((a) => a.status !== 201)).toEqual([]);
      await server.stop('SIGTERM');

      const database = await db.open();
      try {
        const rows = await database.db
          .select({ id: journalEntries.id, notes: journalEntries.notes })
          .from(journalEntries)
          .where(eq(journalEntries.patientId, db.userId));
        const idsByNotes = new Map<string, string[]>();
        for (const row of rows)
          idsByNotes.set(row.notes ?? '', [...(idsByNotes.get(row.notes ?? '') ?? []), row.id]);
        const duplicated = keys.filter((k) => (idsByNotes.get(k.notes)?.length ?? 0) > 1);
        const lost = keys.filter((k) => (idsByNotes.get(k.notes)?.length ?? 0) === 0);
        expect({ duplicated: duplicated.length, lost: lost.length }).toEqual({ duplicated: 0, lost: 0 });
        expect(rows).toHaveLength(creates);
        // an answer before the kill names the entry that is there, and every retry answers it again
        keys.forEach((k, i) => {
          const [id] = idsByNotes.get(k.notes)!;
          if (acknowledged.has(k.key)) expect(acknowledged.get(k.key)).toBe(id);
          expect(again[i]!.id).toBe(id);
        });
        const unanswered = await database.db
          .select({ key: idempotencyKeys.key, status: idempotencyKeys.status })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.userId, db.userId));
        expect(unanswered.filter((row) => row.status !== 201)).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});

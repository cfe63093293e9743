import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { journalEntries, sessions } from './db/schema/index.js';
import { confirmImport, daylioCsv, settledImport, uploadImport } from '../test/backup.js';
import { startServer, type TestServer } from '../test/harness.js';
import { testDatabaseUrl } from '../test/template.js';

// `npm run worker` builds the same context and registers every feature's jobs: with the server's
// jobs off (JOBS_IN_PROCESS=false), mail the server asks for and the features' ticks still run, in
// the worker. PostgreSQL only: the embedded database belongs to the server process.

describe.skipIf(!testDatabaseUrl)('the worker process', () => {
  let server: TestServer | undefined;
  let worker: ChildProcess | undefined;
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await server?.close();
  });

  it('delivers the mail the server asked for and runs the features ticks', { timeout: 120_000 }, async () => {
    server = await startServer({ env: { JOBS_IN_PROCESS: 'false' } });
    const user = await server.createUser();
    // The sweep runs in the worker, on the worker's own clock (the system's): the sessions' ages are
    // counted from it, not from the test server's clock (CI starts that one on another date).
    const workerNow = Date.now();
    const old = new Date(workerNow - 40 * 86_400_000);
    const sessionId = randomUUID();
    await server.database.db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      createdAt: old,
      lastSeenAt: old,
      absoluteExpiresAt: new Date(old.getTime() + 86_400_000),
      endedAt: old,
      endedReason: 'logout',
    });
    const recent = new Date(workerNow - 10 * 86_400_000);
    const keptId = randomUUID();
    await server.database.db.insert(sessions).values({
      id: keptId,
      userId: user.id,
      createdAt: recent,
      lastSeenAt: recent,
      absoluteExpiresAt: new Date(recent.getTime() + 86_400_000),
      endedAt: recent,
      endedReason: 'logout',
    });
    const to = `worker-${randomUUID().slice(0, 8)}@example.test`;
    await server.ctx.mailer.send({ to, subject: 'Worker check', text: 'hello', html: '<p>hello</p>' });
    // the server does not work its queues: nothing arrives without the worker
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = await server.client().get<unknown[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(before.body).toEqual([]);

    worker = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./worker.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: server.database.connectionString ?? '',
          DATA_DIR: server.config.dataDir,
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
          LOG_LEVEL: 'silent',
          SMTP_URL: '',
          REDIS_URL: '',
        },
        stdio: 'ignore',
      },
    );
    // The worker starts from TypeScript (tsx compiles it first): on a loaded machine that alone can
    // take longer than the harness's usual 15 s.
    const mail = await server.mail(to, /Worker check/, 60_000);
    expect(mail.text).toBe('hello');
    const deadline = Date.now() + 15_000;
    let left = 1;
    while (left > 0 && Date.now() < deadline) {
      left = (await server.database.db.select().from(sessions).where(eq(sessions.id, sessionId))).length;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(left).toBe(0);
    // over for 10 days, within the 30 days' retention: kept
    expect(await server.database.db.select().from(sessions).where(eq(sessions.id, keptId))).toHaveLength(1);
  });

  it('runs a backup import: its progress and its end reach the server through the database', async () => {
    if (!server || !worker) throw new Error('the worker test above starts them');
    const { client, user } = await server.signIn();
    const up = await uploadImport(client, daylioCsv, 'daylio_export.csv');
    expect(up.status).toBe(201);
    const done = await confirmImport(client, up.body.data.importId, { importOptions: { timezone: 'UTC' } });
    expect(done).toMatchObject({ status: 'completed', progress: 100, result: { added: { entries: 5 } } });
    const rows = await server.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.patientId, user.id));
    expect(rows).toHaveLength(5);
  });

  it('a cancel from the server reaches an import running in the worker: nothing is left', async () => {
    if (!server || !worker) throw new Error('the worker test above starts them');
    const { client, user } = await server.signIn();
    const rows = Array.from({ length: 2500 }, (_, i) => {
      const day = new Date(Date.UTC(2018, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return `${day},${day},Monday,10:00,good,,,Day ${i}`;
    });
    const csv = [daylioCsv.split('\n')[0], ...rows].join('\n');
    const up = await uploadImport(client, csv, 'daylio_export.csv');
    expect(up.status).toBe(201);
    const res = await client.post('/api/v1/import/confirm', {
      importId: up.body.data.importId,
      importOptions: { timezone: 'UTC' },
    });
    expect(res.status).toBe(202);
    const cancel = await client.post(`/api/v1/import/cancel/${up.body.data.importId}`);
    expect(cancel.status).toBe(200);
    const settled = await settledImport(client, up.body.data.importId);
    expect(settled.status).toBe('cancelled');
    // the worker gives up within its poll and rolls back whatever it had written
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const left = await server.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.patientId, user.id));
    expect(left).toHaveLength(0);
    expect((await settledImport(client, up.body.data.importId)).status).toBe('cancelled');
  });
});

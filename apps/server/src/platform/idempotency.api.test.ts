import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../test/harness.js';
import { goals, idempotencyKeys, journalEntries } from '../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const entry = (notes = 'A walk by the river.') => ({ mood: 'Fine', notes, journalType: 'prompt' });
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

async function entriesOf(patientId: string) {
  return server.database.db.select().from(journalEntries).where(eq(journalEntries.patientId, patientId));
}

/** Sends a create and drops the connection as soon as the request is out: the answer never arrives. */
function sendAndDrop(client: Client, path: string, body: unknown, key: string): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        authorization: `Bearer ${client.token}`,
        'idempotency-key': key,
      },
    });
    req.on('error', () => resolve());
    req.end(payload, () => {
      req.destroy();
      resolve();
    });
  });
}

describe('Idempotency-Key on create calls', () => {
  it('answers a retry with the first answer and writes once', async () => {
    const { client, user } = await server.signIn();
    const key = randomUUID();
    const first = await client.post<{ data: { id: string } }>('/api/v1/create-mood', entry(), withKey(key));
    expect(first.status).toBe(201);
    const again = await client.post<{ data: { id: string } }>('/api/v1/create-mood', entry(), withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await entriesOf(user.id)).toHaveLength(1);
    // Without a key, each call is its own action.
    await client.post('/api/v1/create-mood', entry());
    expect(await entriesOf(user.id)).toHaveLength(2);
  });

  it('writes once when the connection dropped before the answer and the call is retried', async () => {
    const { client, user } = await server.signIn();
    const key = randomUUID();
    await sendAndDrop(client, '/api/v1/create-mood', entry('Said before the line went dead.'), key);
    let retry = await client.post(
      '/api/v1/create-mood',
      entry('Said before the line went dead.'),
      withKey(key),
    );
    for (let i = 0; retry.status === 409 && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retry = await client.post(
        '/api/v1/create-mood',
        entry('Said before the line went dead.'),
        withKey(key),
      );
    }
    expect(retry.status).toBe(201);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('refuses the same key with another request (422) and a retry while the first runs (409)', async () => {
    const { client, user } = await server.signIn();
    const key = randomUUID();
    expect((await client.post('/api/v1/create-mood', entry(), withKey(key))).status).toBe(201);
    const other = await client.post('/api/v1/create-mood', entry('Something else.'), withKey(key));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    expect(await entriesOf(user.id)).toHaveLength(1);

    const racing = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/api/v1/create-mood', entry('Twice?'), withKey(racing))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    for (const busy of answers.filter((a) => a.status === 409)) {
      expect(busy.body).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
      expect(busy.headers.get('retry-after')).toBe('1');
    }
    expect(await entriesOf(user.id)).toHaveLength(2);
  });

  it('keeps keys per caller, and refuses a malformed key', async () => {
    const a = await server.signIn();
    const b = await server.signIn();
    const key = randomUUID();
    expect((await a.client.post('/api/v1/create-mood', entry(), withKey(key))).status).toBe(201);
    expect(
      (await b.client.post('/api/v1/create-mood', entry(), withKey(key))).headers.has('idempotency-replayed'),
    ).toBe(false);
    expect(await entriesOf(b.user.id)).toHaveLength(1);

    for (const bad of ['', 'x'.repeat(256), 'clé']) {
      const reply = await a.client.post('/api/v1/create-mood', entry(), withKey(bad));
      expect(reply.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await entriesOf(a.user.id)).toHaveLength(1);
  });

  it('answers again after 24 hours by writing again', async () => {
    const { client, user } = await server.signIn();
    const key = randomUUID();
    await client.post('/api/v1/create-mood', entry(), withKey(key));
    await server.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(server.clock.now().getTime() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await client.post('/api/v1/create-mood', entry(), withKey(key));
    expect(later.status).toBe(201);
    expect(later.headers.has('idempotency-replayed')).toBe(false);
    expect(await entriesOf(user.id)).toHaveLength(2);
  });

  it('covers goals, preset goals, mentions and invitations, and forgets what was deleted', async () => {
    const patient = await server.signIn();
    const provider = await server.signIn({ role: 'provider' });
    await connect(server, provider.user.id, patient.user.id);
    const twice = async (client: Client, method: string, path: string, body: unknown) => {
      const key = randomUUID();
      const first = await client.request(method, path, { body, ...withKey(key) });
      const second = await client.request(method, path, { body, ...withKey(key) });
      expect(second.status, path).toBe(first.status);
      expect(second.body, path).toEqual(first.body);
      expect(second.headers.get('idempotency-replayed'), path).toBe('true');
      return first;
    };
    const goal = await twice(patient.client, 'POST', '/api/v1/goals/', { text: 'Stretch' });
    await twice(patient.client, 'POST', '/api/v1/goals/preset/personal-gratitude/adopt', {});
    await twice(provider.client, 'POST', '/api/v1/goals/', { text: 'Breathe', patientId: patient.user.id });
    const rows = await server.database.db.select().from(goals).where(eq(goals.patientId, patient.user.id));
    expect(rows).toHaveLength(3);

    const goalId = (goal.body as { data: { id: string } }).data.id;
    const mention = await twice(patient.client, 'PATCH', `/api/v1/goals/${goalId}/increment-mention`, {
      moodType: 'positive',
    });
    expect((mention.body as { data: { mentionCount: number } }).data.mentionCount).toBe(1);

    await twice(provider.client, 'POST', '/api/v1/add-patient', {
      email: `${randomUUID().slice(0, 8)}@example.test`,
    });
    await twice(patient.client, 'POST', '/api/v1/add-doctor', {
      email: `${randomUUID().slice(0, 8)}@example.test`,
    });

    // A deleted goal's copy in the kept answers goes with it.
    const kept = () =>
      server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.resourceId, goalId));
    expect((await kept()).length).toBeGreaterThan(0);
    expect((await patient.client.delete(`/api/v1/goals/${goalId}`)).status).toBe(200);
    expect(await kept()).toEqual([]);
  });

  it("forgets a deleted entry's kept answer", async () => {
    const { client } = await server.signIn();
    const made = await client.post<{ data: { id: string } }>(
      '/api/v1/create-mood',
      entry(),
      withKey(randomUUID()),
    );
    const id = made.body.data.id;
    expect((await client.delete(`/api/v1/delete-mood/${id}`)).status).toBe(200);
    expect(
      await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.resourceId, id)),
    ).toEqual([]);
  });

  it('keeps the answer with the write: a process that died before sending it still answers the retry', async () => {
    // The onSend hook never runs: what a process killed between the commit and the answer leaves.
    const hooks = server.ctx.idempotency as unknown as { after: (...args: unknown[]) => Promise<void> };
    const spy = vi.spyOn(hooks, 'after').mockImplementation(async () => undefined);
    try {
      const patient = await server.signIn();
      const provider = await server.signIn({ role: 'provider' });
      await connect(server, provider.user.id, patient.user.id);
      const goal = (await patient.client.post<{ data: { id: string } }>('/api/v1/goals/', { text: 'Walk' }))
        .body.data;
      const calls: [Client, string, unknown][] = [
        [patient.client, '/api/v1/create-mood', entry('Kept with the entry.')],
        [
          patient.client,
          '/api/v1/create-mood',
          { ...entry('With a goal.'), goal: { selectedGoals: [goal.id] } },
        ],
        [patient.client, '/api/v1/goals/', { text: 'Stretch' }],
        [patient.client, '/api/v1/goals/preset/personal-gratitude/adopt', {}],
        [patient.client, `/api/v1/goals/${goal.id}/increment-mention`, { moodType: 'positive' }],
        [
          patient.client,
          '/api/v1/measures/responses',
          {
            kind: 'gad7',
            answers: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7-${i + 1}`, 1])),
          },
        ],
        [patient.client, '/api/v1/export/initiate', {}],
        [patient.client, '/api/v1/add-doctor', { email: `${randomUUID().slice(0, 8)}@example.test` }],
        [provider.client, '/api/v1/add-patient', { email: `${randomUUID().slice(0, 8)}@example.test` }],
        [
          provider.client,
          '/api/v1/create-notes',
          { patientId: patient.user.id, notes: 'We practised breathing.' },
        ],
        [provider.client, '/api/v1/todos', { patientId: patient.user.id, name: 'Sleep diary' }],
        [provider.client, '/api/v1/provider/measures/assign', { patientId: patient.user.id, kind: 'phq9' }],
      ];
      for (const [client, path, body] of calls) {
        const key = randomUUID();
        const method = path.endsWith('increment-mention') ? 'PATCH' : 'POST';
        const first = await client.request(method, path, { body, ...withKey(key) });
        expect(first.status, `${path} ${JSON.stringify(first.body)}`).toBeLessThan(300);
        const again = await client.request(method, path, { body, ...withKey(key) });
        expect(again.status, path).toBe(first.status);
        expect(again.headers.get('idempotency-replayed'), path).toBe('true');
        expect(again.body, path).toEqual(first.body);
      }
      expect(
        await server.database.db
          .select()
          .from(journalEntries)
          .where(eq(journalEntries.patientId, patient.user.id)),
      ).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('rolls back a run whose key another run answered first, and answers that one', async () => {
    const { client, user } = await server.signIn();
    const key = randomUUID();
    const journal = server.services.journal as unknown as {
      prepare: (...args: unknown[]) => Promise<unknown>;
    };
    const prepare = journal.prepare.bind(journal);
    const other = JSON.stringify({
      success: true,
      message: 'Journal entry saved',
      data: { id: 'the other run' },
    });
    // While this run works, another run of the same key (one that took it for lost) commits first.
    const spy = vi.spyOn(journal, 'prepare').mockImplementationOnce(async (...args: unknown[]) => {
      await server.database.db
        .update(idempotencyKeys)
        .set({ status: 201, response: other })
        .where(eq(idempotencyKeys.key, key));
      return prepare(...args);
    });
    try {
      const late = await client.post('/api/v1/create-mood', entry('Only once.'), withKey(key));
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
      expect(await entriesOf(user.id)).toHaveLength(0);
      const retry = await client.post('/api/v1/create-mood', entry('Only once.'), withKey(key));
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotency-replayed')).toBe('true');
      expect(retry.body).toEqual(JSON.parse(other));
      expect(await entriesOf(user.id)).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });
});

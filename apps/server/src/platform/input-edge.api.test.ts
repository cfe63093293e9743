import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type Client, type Reply, type TestServer } from '../../test/harness.js';
import { auditLogs, goals, journalEntries, users } from '../db/schema/index.js';

/**
 * One test per class of the malformed requests that answered 500 (issue 10, item 4). Each answer
 * must be a 4xx with the one error body, or the request handled, and nothing unstorable stored.
 */
let server: TestServer;
let patient: { client: Client; user: typeof users.$inferSelect };
let provider: { client: Client; user: typeof users.$inferSelect };
let admin: { client: Client; user: typeof users.$inferSelect };

beforeAll(async () => {
  server = await startServer();
  patient = await server.signIn({ role: 'patient' });
  provider = await server.signIn({ role: 'provider' });
  admin = await server.signIn({ role: 'admin' });
  await connect(server, provider.user.id, patient.user.id);
});
afterAll(async () => {
  await server.close();
});

const NUL = '\u0000';
const LONE = '\ud800';

function expectHandled(reply: Reply, what: string) {
  expect(reply.status, `${what}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  if (reply.status >= 400) expect(reply.body, what).toMatchObject({ success: false });
}

function expectStorable(value: unknown, what: string) {
  const text = JSON.stringify(value);
  expect(text, what).not.toContain('\\u0000');
  expect(text, what).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
}

describe('NUL in text fields and search or filter parameters', () => {
  it('is removed from text fields before they are stored', async () => {
    const email = `nul-${Date.now()}@example.test`;
    const registration = await server.client().post('/api/v1/registration', {
      firstName: `Ada${NUL}`,
      lastName: `Love${NUL}lace`,
      email,
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
      termsAccepted: true,
      role: 'patient',
    });
    expect(registration.status).toBe(201);
    const [registered] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(registered?.firstName).toBe('Ada');
    expect(registered?.lastName).toBe('Lovelace');

    expectHandled(
      await server.client().post('/api/v1/resend-otp', { email: `x${NUL}@example.test` }),
      'resend',
    );

    const info = await patient.client.put('/api/v1/update-user-info', {
      firstName: `Maya${NUL}`,
      lastName: 'Patel',
      timezone: 'UTC',
    });
    expect(info.status).toBe(200);

    const goal = await patient.client.post<{ data: { id: string } }>('/api/v1/goals/', {
      text: `Walk${NUL} daily`,
      notes: `Every${NUL} morning`,
      emoji: `🌅${NUL}`,
    });
    expect(goal.status).toBe(201);
    const [stored] = await server.database.db.select().from(goals).where(eq(goals.id, goal.body.data.id));
    expectStorable(stored, 'goal');
    expect(stored?.text).toBe('Walk daily');

    const other = await server.signIn({ role: 'patient' });
    await connect(server, provider.user.id, other.user.id);
    expectHandled(
      await provider.client.patch(`/api/v1/provider/clients/${other.user.id}/mark-inactive`, {
        reason: `Moved${NUL}`,
        notes: `n${NUL}`,
      }),
      'mark-inactive',
    );
    expectHandled(
      await provider.client.patch(`/api/v1/provider/clients/${other.user.id}/disconnect`, {
        reason: `Done${NUL}`,
      }),
      'disconnect',
    );
  });

  it('is removed from search and filter parameters', async () => {
    const reads: [Client, string, string, unknown?][] = [
      [patient.client, 'GET', '/api/v1/get-all-mood?search=%00'],
      [provider.client, 'GET', `/api/v1/get-all-patient-mood/${patient.user.id}?search=a%00b`],
      [admin.client, 'GET', '/api/v1/getAllUsers?search=%00'],
      [provider.client, 'POST', '/api/v1/get-patients', { data: { search: `x${NUL}` } }],
      [provider.client, 'GET', '/api/v1/provider/inactive-clients?searchTerm=%00&reasonFilter=%00'],
      [patient.client, 'GET', '/api/v1/get-doctors?search=%00'],
      [server.client(), 'GET', '/api/dev/outbox?to=a%00%40example.test'],
      [patient.client, 'GET', '/api/v1/goals/?search=%00'],
    ];
    for (const [client, method, path, body] of reads) {
      const reply = await client.request(method, path, body === undefined ? {} : { body });
      expect(reply.status, `${method} ${path}`).toBe(200);
    }
  });
});

describe('lone surrogates in journal entries', () => {
  it('become U+FFFD in emotionData, chat messages, aiMetadata, the mood and day-details notes', async () => {
    const created = await patient.client.post<{ data: { id: string } }>('/api/v1/create-mood', {
      mood: 'Fine',
      notes: 'Quiet day.',
      journalType: 'prompt',
      emotionData: { primaryEmotion: `Joy${LONE}`, secondaryEmotion: `x${LONE}`, path: [`Joy${LONE}`] },
      aiMetadata: { [`k${LONE}`]: `v${LONE}`, nested: { deep: LONE } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;

    const chat = await patient.client.post('/api/v1/create-mood', {
      mood: 'Fine',
      journalType: 'chat',
      chatMessages: [
        { role: 'user', text: `Hello ${LONE}there` },
        { role: 'assistant', text: `Hi${LONE}` },
      ],
    });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);

    const updated = await patient.client.put(`/api/v1/update-mood/${id}`, { mood: `Fine${LONE}` });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    const details = await patient.client.put('/api/v1/update-mood-swp', {
      moodId: id,
      betterme: { note: `Better${LONE}` },
      therapyProcess: { note: `Session${LONE}` },
      productivity: { level: 3, note: `Busy${LONE}` },
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);

    const rows = await server.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.patientId, patient.user.id));
    for (const row of rows) expectStorable(row, 'entry');
    const [row] = rows.filter((r) => r.id === id);
    expect(row?.mood).toBe('Fine\ufffd');
  });
});

describe('impossible or out-of-range dates', () => {
  it('answer 400 "Must be a valid date" on every route that takes a day', async () => {
    const paths = [
      '/api/v1/get-mood-by-week/2024-02-30',
      '/api/v1/get-mood-by-week/9999-12-31',
      '/api/v1/get-mood-by-week/2024-02-30T00:00:00Z',
      ...[
        'get-mood-by-two-weeks/',
        'get-mood-analytics/',
        'get-all-activities/',
        'get-activity-by-count',
        'get-sleep-activity-by-count',
      ].flatMap((route) => [`/api/v1/${route}?date=2024-02-30`, `/api/v1/${route}?date=9999-12-31`]),
    ];
    for (const path of paths) {
      const reply = await patient.client.get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message, path).toBe('Must be a valid date');
    }
    for (const startDate of ['2024-02-30', '9999-12-31', '0000-01-01']) {
      const reply = await provider.client.get(
        `/api/dashboard/patient-mood-by-week/${patient.user.id}?startDate=${startDate}`,
      );
      expect(reply.status, startDate).toBe(400);
      expect(reply.body.message).toBe('Must be a valid date');
    }
    expect((await patient.client.get('/api/v1/get-mood-by-week/2024-02-29')).status).toBe(200);
  });

  it('answer 400 for a journal customDate and a goal targetDate', async () => {
    for (const customDate of ['2024-02-30', '2024-02-30T10:00:00Z', '0001-01-01', '+010000-01-01']) {
      const reply = await patient.client.post('/api/v1/create-mood', {
        mood: 'Fine',
        notes: 'x',
        journalType: 'prompt',
        customDate,
      });
      expect(reply.status, customDate).toBe(400);
      expect(reply.body.message, customDate).toMatch(/Must be a valid date$/);
    }
    for (const targetDate of ['2024-02-30', '-271821-04-20', '+275760-09-13', '9999-12-31']) {
      const reply = await patient.client.post('/api/v1/goals/', { text: `Goal ${targetDate}`, targetDate });
      expect(reply.status, targetDate).toBe(400);
      expect(reply.body.message, targetDate).toBe('Must be a valid date');
    }
  });
});

describe('prototype names as lookup keys', () => {
  it('timerange=__proto__ or constructor names no range (400)', async () => {
    for (const timerange of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      for (const route of ['get-mood-analytics/', 'get-mood-by-two-weeks/', 'get-activity-by-count']) {
        const reply = await patient.client.get(`/api/v1/${route}?timerange=${timerange}`);
        expect(reply.status, `${route} ${timerange}`).toBe(400);
        expect(reply.body.message).toBe('Must be one of: 1 Week, 2 Weeks, 30 Days, 90 Days');
      }
    }
  });
});

describe('multipart bodies without a usable boundary, and truncated uploads', () => {
  const truncated = (boundary: string, field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n` +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';

  it('answer 400 on update-user-avatar and journal-photos', async () => {
    for (const [method, path, field] of [
      ['PUT', '/api/v1/update-user-avatar', 'avatar'],
      ['POST', '/api/v1/journal-photos', 'photo'],
    ] as const) {
      for (const contentType of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=other',
        'multipart/form-data; boundary=abc',
      ]) {
        const reply = await patient.client.request(method, path, {
          raw: truncated('abc', field),
          headers: { 'content-type': contentType },
        });
        expect(reply.status, `${path} ${contentType}`).toBe(400);
        expect(reply.body).toMatchObject({
          success: false,
          code: 'VALIDATION',
          message: 'The upload could not be read. Please try again.',
        });
      }
    }
  });
});

describe('headers stored by the audit', () => {
  it('keep their entry when the user agent holds NUL or a lone surrogate', async () => {
    const reply = await server.app.inject({
      method: 'GET',
      url: '/api/v1/getAllUsers',
      headers: { authorization: `Bearer ${patient.client.token}`, 'user-agent': `agent\u0000${LONE}` },
    });
    expect(reply.statusCode).toBe(403);
    const rows = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, patient.user.id), eq(auditLogs.action, 'AUTHORIZATION_FAILURE')));
    expect(rows.map((r) => r.userAgent)).toContain('agent\ufffd');
  });
});

describe('bodies nested too deeply', () => {
  it('answer 400 (audit metadata nested 10,000 levels)', async () => {
    // Written by hand: JSON.stringify itself runs out of stack at this depth.
    const metadata = `${'{"a":'.repeat(10_000)}true${'}'.repeat(10_000)}`;
    const reply = await patient.client.request('POST', '/api/audit-logs', {
      raw: `{"logs":[{"action":"ACCESS_PHI","metadata":${metadata}}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: 'The request is nested too deeply.' });

    let shallow: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20; i++) shallow = { a: shallow };
    // Within the edge's limit, the audit feed refuses what it cannot store, entry by entry.
    const counted = await patient.client.post('/api/audit-logs', {
      logs: [{ action: 'ACCESS_PHI', metadata: shallow }, { action: 'VIEW_PAGE' }],
    });
    expect(counted.status).toBe(202);
    expect(counted.body).toMatchObject({ accepted: 1, refused: 1 });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalMessages } from '@mindledger/domain';
import { auditOf, connect } from '../../../test/connections.js';
import { startServer, type Client, type Reply, type TestServer } from '../../../test/harness.js';
import { goals } from '../../db/schema/index.js';

/**
 * Goal routes at their edges (issue #4): rate limits, role guards, 401 on every route, limits and
 * duplicates under concurrent creates, hostile text. The everyday rules are in goals.api.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Goal = {
  id: string;
  text: string;
  notes: string;
  type: string;
  mentionCount: number;
  homePageVisible: boolean;
};
interface ErrorBody {
  success: boolean;
  code?: string;
  message: string;
  burst?: boolean;
  blocked?: boolean;
}

const create = (client: Client, body: Record<string, unknown>) =>
  client.post<{ data: Goal } & ErrorBody>('/api/v1/goals/', body);

async function activeGoals(db: TestServer, patientId: string) {
  return db.database.db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.patientId, patientId),
        eq(goals.completed, false),
        eq(goals.abandoned, false),
        eq(goals.deleted, false),
      ),
    );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const someId = '00000000-0000-4000-8000-000000000000';

/** Every goal route, with a body that would pass validation where one is expected. */
const everyRoute: [Method, string, unknown?][] = [
  ['GET', '/goals/'],
  ['GET', '/goals/archived'],
  ['POST', '/goals/', { text: 'A goal' }],
  ['GET', '/goals/stats'],
  ['GET', '/goals/home-filters'],
  ['GET', '/goals/getall-goal'],
  ['GET', '/goals/getall-completed-goal'],
  ['GET', '/goals/journal/goals-summary'],
  ['GET', '/goals/preset'],
  ['GET', '/goals/preset/categories'],
  ['POST', '/goals/preset/health-walk/adopt', {}],
  ['GET', `/goals/mention-history/${someId}`],
  ['PATCH', `/goals/${someId}/increment-mention`, {}],
  ['GET', `/goals/${someId}`],
  ['PUT', `/goals/${someId}`, { text: 'Changed' }],
  ['DELETE', `/goals/${someId}`, { deleted: true }],
  ['PATCH', `/goals/${someId}/complete`, {}],
  ['PATCH', `/goals/${someId}/abandon`, {}],
  ['PATCH', `/goals/${someId}/toggle-home`, {}],
  ['GET', `/goals/getuser-all-goals/${someId}`],
  ['POST', `/goals/journal/entries/${someId}/goals`, { goalIds: [someId] }],
  ['GET', `/goals/journal/entries/by-goal/${someId}`],
  ['POST', '/goals/goal-notification', { reminderPeriod: 'daily' }],
  ['GET', '/goals/get-notification-frequency'],
];

function call(client: Client, method: Method, path: string, body?: unknown, token?: string | null) {
  return client.request<ErrorBody>(method, `/api/v1${path}`, {
    ...(body === undefined ? {} : { body }),
    ...(token === undefined ? {} : { token }),
  });
}

describe('without a session', () => {
  it.each(everyRoute)('%s %s answers 401', async (method, path, body) => {
    const anon = server.client();
    const reply = await call(anon, method, path, body);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    // a token that is not ours is no session either
    expect((await call(anon, method, path, body, 'not.a.token')).status).toBe(401);
  });

  it('answers 401 before validating the body', async () => {
    const reply = await server.client().post('/api/v1/goals/', { text: '', priority: 99 });
    expect(reply.status).toBe(401);
  });
});

describe('role guards', () => {
  /** Client-only routes: a provider is refused before anything is read or written. */
  const patientOnly = (goalId: string): [Method, string, unknown?][] => [
    ['GET', '/goals/stats'],
    ['GET', '/goals/home-filters'],
    ['GET', '/goals/getall-goal'],
    ['GET', '/goals/getall-completed-goal'],
    ['GET', '/goals/journal/goals-summary'],
    ['GET', '/goals/preset'],
    ['GET', '/goals/preset/categories'],
    ['POST', '/goals/preset/health-walk/adopt', {}],
    ['PATCH', `/goals/${goalId}/toggle-home`, {}],
    ['PATCH', `/goals/${goalId}/increment-mention`, { moodType: 'positive' }],
    ['GET', `/goals/journal/entries/by-goal/${goalId}`],
    ['POST', `/goals/journal/entries/${someId}/goals`, { goalIds: [goalId] }],
    ['POST', '/goals/goal-notification', { reminderPeriod: 'weekly' }],
    ['GET', '/goals/get-notification-frequency'],
  ];

  it('a provider calling client-only routes gets 403, even for a goal it set, and nothing changes', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await server.signIn();
    await connect(server, provider.user.id, patient.user.id);
    const made = await create(provider.client, { text: 'Therapist set', patientId: patient.user.id });
    expect(made.status).toBe(201);
    const goalId = made.body.data.id;

    for (const [method, path, body] of patientOnly(goalId)) {
      const reply = await call(provider.client, method, path, body);
      expect({ method, path, status: reply.status }).toEqual({ method, path, status: 403 });
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const [row] = await server.database.db.select().from(goals).where(eq(goals.id, goalId));
    expect(row).toMatchObject({ mentionCount: 0, homePageVisible: false });
    expect(await activeGoals(server, provider.user.id)).toEqual([]);
    const failures = await auditOf(server, 'AUTHORIZATION_FAILURE', provider.user.id);
    expect(failures.length).toBeGreaterThanOrEqual(patientOnly(goalId).length);
  });

  it('a client calling the provider-only route or sending a provider-only body gets 403', async () => {
    const patient = await server.signIn();
    const other = await server.signIn();
    const list = await patient.client.get<ErrorBody>(`/api/v1/goals/getuser-all-goals/${other.user.id}`);
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await patient.client.get(`/api/v1/goals/getuser-all-goals/${patient.user.id}`)).status).toBe(403);
    expect((await auditOf(server, 'AUTHORIZATION_FAILURE', patient.user.id)).length).toBeGreaterThan(0);

    // a therapist goal for another client: refused, nothing written for either client
    const therapist = await create(patient.client, {
      text: 'Set by me for you',
      type: 'therapist',
      patientId: other.user.id,
    });
    expect(therapist.status).toBe(403);
    // patientId from a client never reaches another client's goals: the goal is the caller's own
    const own = await create(patient.client, { text: 'Mine only', patientId: other.user.id });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ type: 'personal' });
    expect(await activeGoals(server, other.user.id)).toEqual([]);
    expect((await activeGoals(server, patient.user.id)).map((g) => g.text)).toEqual(['Mine only']);
  });

  it('an admin reaches no goal route', async () => {
    const admin = await server.signIn({ role: 'admin' });
    for (const [method, path, body] of everyRoute) {
      const reply = await call(admin.client, method, path, body);
      expect({ method, path, status: reply.status }).toEqual({ method, path, status: 403 });
    }
  });
});

describe('concurrent creates', () => {
  it('8 parallel creates for a client with no goals: exactly 5 succeed, the rest 403 Maximum', async () => {
    const { client, user } = await server.signIn();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(client, { text: `Parallel goal ${i}` })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 403, 403, 403]);
    for (const reply of replies.filter((r) => r.status === 403))
      expect(reply.body).toMatchObject({
        code: 'GOAL_LIMIT',
        message: 'Maximum of 5 personal goals reached',
      });
    expect(await activeGoals(server, user.id)).toHaveLength(5);
  });

  it('a client and its provider racing: 5 of each type, then the 10-goal cap holds', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await server.signIn();
    await connect(server, provider.user.id, patient.user.id);
    const replies = await Promise.all(
      Array.from({ length: 7 }, (_, i) => [
        create(patient.client, { text: `Mine ${i}` }),
        create(provider.client, { text: `Theirs ${i}`, patientId: patient.user.id }),
      ]).flat(),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    expect(replies.filter((r) => r.status === 403)).toHaveLength(4);
    const rows = await activeGoals(server, patient.user.id);
    expect(rows.filter((g) => g.type === 'personal')).toHaveLength(5);
    expect(rows.filter((g) => g.type === 'therapist')).toHaveLength(5);
  });

  it('identical texts in parallel: one 201, the others 409', async () => {
    const { client, user } = await server.signIn();
    const pair = await Promise.all([
      create(client, { text: 'Same text' }),
      create(client, { text: 'Same text' }),
    ]);
    expect(pair.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(pair.find((r) => r.status === 409)?.body.message).toBe(goalMessages.duplicate);

    // the same text spelt differently (case, spaces), four at once
    const four = await Promise.all(
      ['Drink water', 'drink water', '  DRINK   water ', 'Drink Water'].map((text) =>
        create(client, { text }),
      ),
    );
    expect(four.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await activeGoals(server, user.id)).map((g) => g.textKey).sort()).toEqual([
      'drink water',
      'same text',
    ]);
  });
});

describe('hostile text', () => {
  it('stores markup-free text and answers it as JSON data', async () => {
    const { client } = await server.signIn();
    const script = '<script>alert(1)</script>';
    const img = '<img src=x onerror=alert(1)>';
    const made = await create(client, { text: `${script}Stretch`, notes: `${img}Gently` });
    expect(made.status).toBe(201);
    expect(made.headers.get('content-type')).toMatch(/^application\/json/);
    expect(made.body.data).toMatchObject({ text: 'Stretch', notes: 'Gently' });
    const second = await create(client, { text: `${img}Rest`, notes: script });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ text: 'Rest', notes: '' });

    const one = await client.request('GET', `/api/v1/goals/${made.body.data.id}`);
    expect(one.headers.get('content-type')).toMatch(/^application\/json/);
    expect(one.headers.get('x-content-type-options')).toBe('nosniff');
    expect(one.body).toMatchObject({ data: { text: 'Stretch', notes: 'Gently' } });

    const list = await client.get<{ goals: Goal[] }>('/api/v1/goals/');
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.body.goals.map((g) => g.text).sort()).toEqual(['Rest', 'Stretch']);
    // A less-than sign in prose is text: kept, and not escaped into entities.
    const prose = await create(client, { text: 'Sleep < 11 pm' });
    const raw = await fetch(`${server.url}/api/v1/goals/${prose.body.data.id}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    const text = await raw.text();
    expect(text).toContain('"Sleep < 11 pm"');
    expect(text).not.toContain('&lt;');
  });
});

describe('rate limits on goal routes', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ rateLimits: { perMinute: 3, perSecond: 1_000 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  function expectLimitHeaders(reply: Reply<unknown>, limit: string, remaining: string) {
    expect(reply.headers.get('x-ratelimit-limit')).toBe(limit);
    expect(reply.headers.get('x-ratelimit-remaining')).toBe(remaining);
  }

  it('answers 429 with Retry-After, the rate-limit headers and the JSON body past perMinute', async () => {
    // login is counted under the auth policy, not the per-minute budget
    const { client, user } = await limited.signIn();
    const ok = [
      await client.get('/api/v1/goals/'),
      await client.get('/api/v1/goals/stats'),
      await create(client, { text: 'Within the limit' }),
    ];
    expect(ok.map((r) => r.status)).toEqual([200, 200, 201]);
    ok.forEach((reply, i) => expectLimitHeaders(reply, '3', String(2 - i)));

    const refused = [
      await create(client, { text: 'Past the limit' }),
      await client.get<ErrorBody>('/api/v1/goals/stats'),
      await client.patch<ErrorBody>(`/api/v1/goals/${someId}/increment-mention`, {}),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(429);
      const seconds = Number(reply.headers.get('retry-after'));
      expect(Number.isInteger(seconds)).toBe(true);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expectLimitHeaders(reply, '3', '0');
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(reply.body).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: `Rate limit reached. Please wait ${seconds} seconds before trying again.`,
      });
    }
    // the refused create wrote nothing
    expect((await activeGoals(limited, user.id)).map((g) => g.text)).toEqual(['Within the limit']);
  });

  describe('burst', () => {
    let bursty: TestServer;
    beforeAll(async () => {
      bursty = await startServer({ rateLimits: { perMinute: 1_000, perSecond: 3 } });
    });
    afterAll(async () => {
      await bursty.close();
    });

    it('answers 429 with burst: true to goal requests beyond perSecond', async () => {
      const { client } = await bursty.signIn();
      // a fresh one-second window (the login counted in the last one; Redis windows run on real time)
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 ? client.get<ErrorBody>('/api/v1/goals/') : client.get<ErrorBody>('/api/v1/goals/stats'),
        ),
      );
      const ok = replies.filter((r) => r.status === 200);
      const burst = replies.filter((r) => r.status === 429);
      expect(ok.length + burst.length).toBe(10);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(burst.length).toBeGreaterThan(0);
      for (const reply of burst) {
        expect(reply.headers.get('retry-after')).toBe('1');
        expectLimitHeaders(reply, '3', '0');
        expect(reply.body).toEqual({
          success: false,
          code: 'RATE_LIMITED',
          message: 'Please slow down your requests.',
          burst: true,
        });
      }
    });
  });
});

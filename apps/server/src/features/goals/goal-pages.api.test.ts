import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { goals } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Page {
  data: unknown[] | { all: unknown[] };
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

/** A client with 3 active goals and 230 archived ones (completed or abandoned over the years). */
async function longUser() {
  const { client, user } = await server.signIn();
  const at = server.clock.now().getTime();
  await server.database.db.insert(goals).values(
    Array.from({ length: 233 }, (_, i) => {
      const archived = i >= 3;
      return {
        patientId: user.id,
        createdBy: user.id,
        type: 'personal' as const,
        text: `Goal ${i}`,
        textKey: `goal ${i}`,
        completed: archived && i % 2 === 0,
        completedAt: archived && i % 2 === 0 ? new Date(at - i * 60_000) : null,
        abandoned: archived && i % 2 === 1,
        abandonedAt: archived && i % 2 === 1 ? new Date(at - i * 60_000) : null,
        createdAt: new Date(at - i * 60_000),
      };
    }),
  );
  return { client, user };
}

const count = (page: Page) => (Array.isArray(page.data) ? page.data.length : page.data.all.length);

async function walk(client: Client, path: string, expected: number[]) {
  const seen: number[] = [];
  for (let page = 1; page <= expected.length; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const reply = await client.get<Page>(`${path}${sep}page=${page}`);
    expect(reply.status, path).toBe(200);
    expect(reply.body.limit).toBe(100);
    expect(reply.body.hasNext).toBe(page < expected.length);
    seen.push(count(reply.body));
  }
  expect(seen, path).toEqual(expected);
}

describe('goal lists answer pages of at most 100', () => {
  it('pages every goal list of a client with hundreds of archived goals', async () => {
    const { client } = await longUser();
    await walk(client, '/api/v1/goals/archived', [100, 100, 30]);
    await walk(client, '/api/v1/goals/?status=all', [100, 100, 33]);
    await walk(client, '/api/v1/goals/?status=completed', [100, 15]);
    await walk(client, '/api/v1/goals/getall-goal', [100, 100, 33]);
    await walk(client, '/api/v1/goals/getall-completed-goal', [100, 15]);
    const active = await client.get<Page>('/api/v1/goals/');
    expect(active.body).toMatchObject({ total: 3, pages: 1, hasNext: false });
    const small = await client.get<Page>('/api/v1/goals/archived?limit=7&page=2');
    expect(small.body).toMatchObject({ total: 230, page: 2, limit: 7, pages: 33, hasNext: true });
    expect(count(small.body)).toBe(7);
    const tooMany = await client.get<{ errors: { path: string; message: string }[] }>(
      '/api/v1/goals/archived?limit=101',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({ path: 'limit', message: 'Must not exceed 100' });
  });

  it("pages a client's goals for a connected provider", async () => {
    const { user } = await longUser();
    const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });
    await connect(server, doctor.id, user.id);
    await walk(provider, `/api/v1/goals/getuser-all-goals/${user.id}`, [100, 100, 33]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';

interface ListedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActivated: boolean;
  isApproved: boolean;
}
interface UserList {
  success: boolean;
  users: ListedUser[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}
interface Stats {
  total: number;
  patients: number;
  providers: number;
  admins: number;
  pendingApproval: number;
  pendingActivation: number;
}

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startServer();
  admin = (await server.signIn({ role: 'admin' })).client;
});
afterAll(async () => {
  await server.close();
});

/** A short unique marker to put in names so that each test finds only its own users. */
function tag(): string {
  return `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

async function list(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return admin.get<UserList>(`/api/v1/getAllUsers?${params}`);
}

async function emailsFound(query: Record<string, string | number>): Promise<string[]> {
  const reply = await list(query);
  expect(reply.status).toBe(200);
  return reply.body.users.map((u) => u.email).sort();
}

describe('GET getAllUsers: search', () => {
  it('finds users by first name, last name, full name or email, ignoring case', async () => {
    const t = tag();
    const ada = await server.createUser({
      firstName: `Ada${t}`,
      lastName: `Lovelace${t}`,
      email: `ada.${t}@example.test`,
    });
    const other = await server.createUser({ firstName: `Grace${t}`, email: `grace.${t}@example.test` });

    expect(await emailsFound({ search: `ada${t}`.toUpperCase() })).toEqual([ada.email]);
    expect(await emailsFound({ search: `LOVELACE${t}` })).toEqual([ada.email]);
    expect(await emailsFound({ search: `Ada${t} Lovelace${t}` })).toEqual([ada.email]);
    expect(await emailsFound({ search: `ADA.${t.toUpperCase()}@EXAMPLE` })).toEqual([ada.email]);
    expect(await emailsFound({ search: `  grace.${t}  ` })).toEqual([other.email]);
    expect(await emailsFound({ search: t })).toEqual([ada.email, other.email].sort());
    expect(await emailsFound({ search: `nobody-${t}` })).toEqual([]);
  });

  it('treats % and _ in the search literally', async () => {
    const t = tag();
    const percent = await server.createUser({ lastName: `${t}50%done` });
    await server.createUser({ lastName: `${t}50Xdone` });
    await server.createUser({ lastName: `${t}50done` });
    const underscore = await server.createUser({ lastName: `${t}a_b` });
    await server.createUser({ lastName: `${t}aXb` });
    const backslash = await server.createUser({ lastName: `${t}c\\d` });
    await server.createUser({ lastName: `${t}cd` });

    expect(await emailsFound({ search: `${t}50%d` })).toEqual([percent.email]);
    expect(await emailsFound({ search: `${t}a_b` })).toEqual([underscore.email]);
    expect(await emailsFound({ search: `${t}c\\d` })).toEqual([backslash.email]);
    const all = await list({ search: `%${t}`, limit: 100 });
    expect(all.body.total).toBe(0);
  });

  it('answers only the fields of the user object, never secrets', async () => {
    const t = tag();
    await server.createUser({ lastName: t, totpSecret: 'sealed-secret' });
    const reply = await list({ search: t });
    expect(reply.body.users).toHaveLength(1);
    const user = reply.body.users[0] as unknown as Record<string, unknown>;
    expect(user).toMatchObject({ lastName: t, userRole: 'patient', role: 'patient' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('totpSecret');
    expect(JSON.stringify(reply.body)).not.toContain('sealed-secret');
    expect(JSON.stringify(reply.body)).not.toContain('$argon2');
  });
});

describe('GET getAllUsers: filters', () => {
  it('filters by role', async () => {
    const t = tag();
    const patient = await server.createUser({ lastName: t, role: 'patient' });
    const provider = await server.createUser({ lastName: t, role: 'provider' });
    const anAdmin = await server.createUser({ lastName: t, role: 'admin' });
    expect(await emailsFound({ search: t, role: 'patient' })).toEqual([patient.email]);
    expect(await emailsFound({ search: t, role: 'provider' })).toEqual([provider.email]);
    expect(await emailsFound({ search: t, role: 'admin' })).toEqual([anAdmin.email]);
    expect((await list({ search: t, role: 'superuser' })).status).toBe(400);
  });

  it('filters by status: active, pending_activation, pending_approval', async () => {
    const t = tag();
    const active = await server.createUser({ lastName: t });
    const activeProvider = await server.createUser({ lastName: t, role: 'provider' });
    const unactivated = await server.createUser({ lastName: t, activated: false });
    const awaitingApproval = await server.createUser({ lastName: t, role: 'provider', approved: false });
    // Not yet activated comes first: this provider is pending activation, not approval.
    const newProvider = await server.createUser({
      lastName: t,
      role: 'provider',
      activated: false,
      approved: false,
    });

    expect(await emailsFound({ search: t, status: 'active' })).toEqual(
      [active.email, activeProvider.email].sort(),
    );
    expect(await emailsFound({ search: t, status: 'pending_activation' })).toEqual(
      [unactivated.email, newProvider.email].sort(),
    );
    expect(await emailsFound({ search: t, status: 'pending_approval' })).toEqual([awaitingApproval.email]);
    expect(await emailsFound({ search: t, status: 'pending_approval', role: 'patient' })).toEqual([]);
    expect(await emailsFound({ search: t, status: 'active', role: 'provider' })).toEqual([
      activeProvider.email,
    ]);
    expect((await list({ search: t, status: 'suspended' })).status).toBe(400);
  });
});

describe('GET getAllUsers: pagination', () => {
  it('pages newest first with total, pages and hasNext', async () => {
    const t = tag();
    const created: string[] = [];
    // Distinct creation times: two quick inserts can share a timestamp on the embedded database.
    const base = Date.now() - 60_000;
    for (let i = 0; i < 7; i += 1)
      created.push(
        (await server.createUser({ lastName: `${t}-${i}`, createdAt: new Date(base + i * 1000) })).id,
      );

    const first = await list({ search: t, limit: 3 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 7, page: 1, limit: 3, pages: 3, hasNext: true });
    expect(first.body.users.map((u) => u.id)).toEqual(created.slice(-3).reverse());

    const second = await list({ search: t, limit: 3, page: 2 });
    expect(second.body).toMatchObject({ total: 7, page: 2, pages: 3, hasNext: true });
    const third = await list({ search: t, limit: 3, page: 3 });
    expect(third.body).toMatchObject({ total: 7, page: 3, pages: 3, hasNext: false });
    expect(third.body.users).toHaveLength(1);

    const seen = [...first.body.users, ...second.body.users, ...third.body.users].map((u) => u.id);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual([...created].sort());
  });

  it('answers an empty page beyond the end, still with the total', async () => {
    const t = tag();
    for (let i = 0; i < 4; i += 1) await server.createUser({ lastName: t });
    const beyond = await list({ search: t, limit: 3, page: 5 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ users: [], total: 4, page: 5, pages: 2, hasNext: false });
  });

  it('answers one empty page when nothing matches', async () => {
    const reply = await list({ search: tag() });
    expect(reply.body).toMatchObject({ users: [], total: 0, page: 1, pages: 1, hasNext: false });
  });

  it('defaults to page 1 of 10', async () => {
    const reply = await admin.get<UserList>('/api/v1/getAllUsers');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ page: 1, limit: 10 });
    expect(reply.body.users.length).toBeLessThanOrEqual(10);
  });

  it('refuses a limit over 100 and nonsense page numbers with 400', async () => {
    expect((await list({ limit: 100 })).status).toBe(200);
    for (const query of [{ limit: 101 }, { limit: 0 }, { page: 0 }, { page: -1 }, { limit: 'ten' }]) {
      const reply = await admin.get<{ success: boolean; code: string; errors: { path: string }[] }>(
        `/api/v1/getAllUsers?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      );
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.code).toBe('VALIDATION');
      expect(reply.body.errors[0]?.path).toBe(Object.keys(query)[0]);
    }
  });
});

describe('GET getUserStats', () => {
  it('counts users by role and by pending state', async () => {
    const before = await admin.get<{ success: boolean; stats: Stats }>('/api/v1/getUserStats');
    expect(before.status).toBe(200);
    expect(before.body.success).toBe(true);

    await server.createUser({ role: 'patient' });
    await server.createUser({ role: 'patient' });
    await server.createUser({ role: 'patient', activated: false });
    await server.createUser({ role: 'provider', approved: false });
    await server.createUser({ role: 'provider', activated: false, approved: false });
    await server.createUser({ role: 'admin' });

    const after = await admin.get<{ stats: Stats }>('/api/v1/getUserStats');
    const delta = Object.fromEntries(
      Object.entries(after.body.stats).map(([k, v]) => [k, v - before.body.stats[k as keyof Stats]]),
    );
    expect(delta).toEqual({
      total: 6,
      patients: 3,
      providers: 2,
      admins: 1,
      pendingApproval: 1,
      pendingActivation: 2,
    });
    const { stats } = after.body;
    expect(stats.total).toBe(stats.patients + stats.providers + stats.admins);
    const everyone = await admin.get<UserList>('/api/v1/getAllUsers?limit=1');
    expect(everyone.body.total).toBe(stats.total);
  });
});

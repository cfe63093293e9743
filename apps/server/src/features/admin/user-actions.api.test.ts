import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { auditLogs, connections, users } from '../../db/schema/index.js';

let server: TestServer;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  server = await startServer();
  const signedIn = await server.signIn({ role: 'admin' });
  admin = signedIn.client;
  adminId = signedIn.user.id;
});
afterAll(async () => {
  await server.close();
});

async function auditRows(action: string, resourceId: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, resourceId)));
}

async function login(email: string) {
  return server
    .client()
    .post<{ accessToken?: string; approvalRequired?: boolean; message: string }>('/api/v1/login', {
      email,
      password,
    });
}

describe('POST users/:id/approve', () => {
  it('lets a provider log in only after approval, mails them and audits it', async () => {
    const provider = await server.createUser({ role: 'provider', approved: false, firstName: 'Pat' });

    const before = await login(provider.email);
    expect(before.status).toBe(403);
    expect(before.body.approvalRequired).toBe(true);
    expect(before.body.accessToken).toBeUndefined();

    const reply = await admin.post<{
      success: boolean;
      message: string;
      user: { id: string; isApproved: boolean };
    }>(`/api/v1/users/${provider.id}/approve`);
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.user).toMatchObject({ id: provider.id, isApproved: true });

    const after = await login(provider.email);
    expect(after.status).toBe(200);
    expect(after.body.accessToken).toEqual(expect.any(String));

    const mail = await server.mail(provider.email, /approved/i);
    expect(mail.text).toContain('Hi Pat,');
    expect(mail.text).toMatch(/can now log in/);

    const rows = await auditRows('USER_APPROVED', provider.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: adminId, actorRole: 'admin', resourceType: 'user' });
  });

  it('is idempotent: approving again neither mails nor audits a second time', async () => {
    const provider = await server.createUser({ role: 'provider', approved: false });
    expect((await admin.post(`/api/v1/users/${provider.id}/approve`)).status).toBe(200);
    await server.mail(provider.email, /approved/i);
    const again = await admin.post<{ user: { isApproved: boolean } }>(`/api/v1/users/${provider.id}/approve`);
    expect(again.status).toBe(200);
    expect(again.body.user.isApproved).toBe(true);
    expect(await auditRows('USER_APPROVED', provider.id)).toHaveLength(1);
    const outbox = await server
      .client()
      .get<unknown[]>(`/api/dev/outbox?to=${encodeURIComponent(provider.email)}`);
    expect(outbox.body).toHaveLength(1);
  });

  it('refuses to approve a patient or an admin with 400', async () => {
    const patient = await server.createUser({ role: 'patient' });
    const reply = await admin.post(`/api/v1/users/${patient.id}/approve`);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: 'Only provider accounts need approval.' });
    expect((await admin.post(`/api/v1/users/${adminId}/approve`)).status).toBe(400);
    expect(await auditRows('USER_APPROVED', patient.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '12345']) {
      const reply = await admin.post(`/api/v1/users/${id}/approve`);
      expect(reply.status, id).toBe(404);
      expect(reply.body).toMatchObject({ success: false, message: 'User not found' });
    }
  });
});

describe('DELETE users/:id/delete', () => {
  it('removes the user and their data: no more login, no more session, not listed', async () => {
    const { client: patient, user } = await server.signIn({ role: 'patient' });
    const provider = await server.createUser({ role: 'provider' });
    await server.database.db
      .insert(connections)
      .values({ providerId: provider.id, patientId: user.id, status: 'accepted', invitedBy: 'provider' });

    const reply = await admin.delete<{ success: boolean; message: string }>(
      `/api/v1/users/${user.id}/delete`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);

    expect((await login(user.email)).status).toBe(401);
    expect((await patient.get('/api/v1/me')).status).toBe(401);
    expect(await server.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(
      await server.database.db.select().from(connections).where(eq(connections.patientId, user.id)),
    ).toEqual([]);
    const listed = await admin.get<{ total: number }>(
      `/api/v1/getAllUsers?search=${encodeURIComponent(user.email)}`,
    );
    expect(listed.body.total).toBe(0);

    const rows = await auditRows('USER_DELETED', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: adminId, actorRole: 'admin' });

    expect((await admin.delete(`/api/v1/users/${user.id}/delete`)).status).toBe(404);
  });

  it('refuses to delete the calling admin with 400', async () => {
    const reply = await admin.delete(`/api/v1/users/${adminId}/delete`);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(await server.database.db.select().from(users).where(eq(users.id, adminId))).toHaveLength(1);
    expect((await admin.get('/api/v1/me')).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect((await admin.delete(`/api/v1/users/${id}/delete`)).status, id).toBe(404);
    }
  });
});

describe('admin routes refuse everyone else', () => {
  const routes = [
    { method: 'GET', path: () => '/api/v1/getAllUsers', route: '/api/v1/getAllUsers' },
    { method: 'GET', path: () => '/api/v1/getUserStats', route: '/api/v1/getUserStats' },
    {
      method: 'POST',
      path: (id: string) => `/api/v1/users/${id}/approve`,
      route: '/api/v1/users/:id/approve',
    },
    {
      method: 'DELETE',
      path: (id: string) => `/api/v1/users/${id}/delete`,
      route: '/api/v1/users/:id/delete',
    },
  ] as const;

  it('answers 401 without a valid token', async () => {
    const target = await server.createUser({ role: 'provider', approved: false });
    for (const { method, path } of routes) {
      const anonymous = server.client();
      const reply = await anonymous.request(method, path(target.id));
      expect(reply.status, `${method} ${path(target.id)}`).toBe(401);
      expect(reply.body.success).toBe(false);
      const forged = await anonymous.request(method, path(target.id), { token: 'not.a.token' });
      expect(forged.status).toBe(401);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.approved).toBe(false);
  });

  it('answers 403 to patients and providers, auditing AUTHORIZATION_FAILURE with the route', async () => {
    const target = await server.createUser({ role: 'provider', approved: false });
    for (const role of ['patient', 'provider'] as const) {
      const { client, user } = await server.signIn({ role });
      for (const { method, path, route } of routes) {
        const reply = await client.request(method, path(target.id));
        expect(reply.status, `${role} ${method} ${route}`).toBe(403);
        expect(reply.body).toMatchObject({
          success: false,
          code: 'FORBIDDEN',
          message: 'You do not have permission to perform this action',
        });
      }
      const rows = await server.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'AUTHORIZATION_FAILURE'), eq(auditLogs.actorId, user.id)));
      expect(rows.map((r) => r.resourceId).sort()).toEqual(routes.map((r) => r.route).sort());
      for (const row of rows) {
        expect(row).toMatchObject({ actorRole: role, resourceType: 'route' });
        expect(row.metadata).toMatchObject({ required: 'admin' });
      }
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ approved: false });
  });

  it('checks the caller before the input: no probing of admin routes with bad parameters', async () => {
    const { client, user } = await server.signIn({ role: 'patient' });
    const probes = ['/api/v1/getAllUsers?limit=1000', '/api/v1/getAllUsers?status=everything'];
    for (const path of probes) {
      expect((await server.client().get(path)).status, path).toBe(401);
      expect((await client.get(path)).status, path).toBe(403);
    }
    const longId = 'x'.repeat(100);
    expect((await client.post(`/api/v1/users/${longId}/approve`)).status).toBe(403);
    expect((await server.client().delete(`/api/v1/users/${longId}/delete`)).status).toBe(401);
    const rows = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'AUTHORIZATION_FAILURE'), eq(auditLogs.actorId, user.id)));
    expect(rows).toHaveLength(3);
  });
});

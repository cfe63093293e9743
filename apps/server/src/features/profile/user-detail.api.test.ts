import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { auditLogs, connections, refreshTokens, users } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Reply {
  success: boolean;
  message: string;
  code?: string;
  user?: { id: string; email: string; firstName: string };
  errors?: { path: string; message: string }[];
}

type Connection = typeof connections.$inferInsert;
const detail = (client: Client, id: string) => client.get<Reply>(`/api/v1/user-detail/${id}`);

async function audits(action: string, actorId: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.actorId, actorId)));
}

async function connect(providerId: string, patientId: string, values: Partial<Connection> = {}) {
  await server.database.db.insert(connections).values({
    providerId,
    patientId,
    status: 'accepted',
    connectionStatus: 'active',
    invitedBy: 'provider',
    ...values,
  });
}

describe('user-detail/{id}', () => {
  it('answers the caller themself', async () => {
    const { client, user } = await server.signIn({ firstName: 'Self' });
    const reply = await detail(client, user.id);
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ id: user.id, email: user.email, firstName: 'Self' });
    expect(reply.body.user).not.toHaveProperty('passwordHash');
  });

  it('answers 404 for another patient and records an AUTHORIZATION_FAILURE', async () => {
    const { client, user } = await server.signIn();
    const other = await server.createUser();
    const reply = await detail(client, other.id);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(JSON.stringify(reply.body)).not.toContain(other.email);
    const rows = await audits('AUTHORIZATION_FAILURE', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resourceType: 'user', resourceId: other.id });

    // An id that exists and one that does not answer alike.
    const missing = await detail(client, randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(reply.body.message);
  });

  it('answers a provider connected by an accepted, active connection and records ACCESS_PHI', async () => {
    const { client, user: provider } = await server.signIn({ role: 'provider' });
    const patient = await server.createUser({ firstName: 'Client' });
    await connect(provider.id, patient.id);
    const reply = await detail(client, patient.id);
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ id: patient.id, firstName: 'Client' });
    const rows = await audits('ACCESS_PHI', provider.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ patientId: patient.id, resourceId: patient.id, actorRole: 'provider' });
  });

  it.each<[string, Partial<Connection>]>([
    ['pending', { status: 'pending' }],
    ['rejected', { status: 'rejected' }],
    ['deleted', { status: 'deleted' }],
    ['inactive', { connectionStatus: 'inactive' }],
    ['disconnected', { connectionStatus: 'disconnected' }],
  ])('answers 404 to a provider whose connection is %s', async (_name, values) => {
    const { client, user: provider } = await server.signIn({ role: 'provider' });
    const patient = await server.createUser();
    await connect(provider.id, patient.id, values);
    const reply = await detail(client, patient.id);
    expect(reply.status).toBe(404);
    expect(await audits('ACCESS_PHI', provider.id)).toHaveLength(0);
    expect(await audits('AUTHORIZATION_FAILURE', provider.id)).toHaveLength(1);
  });

  it('answers 404 to a provider connected to someone else, and to the patient for the provider', async () => {
    const { client, user: provider } = await server.signIn({ role: 'provider' });
    const { client: patientClient, user: patient } = await server.signIn();
    const stranger = await server.createUser();
    await connect(provider.id, patient.id);
    expect((await detail(client, stranger.id)).status).toBe(404);
    // The connection gives the provider access to the patient, not the reverse.
    expect((await detail(patientClient, provider.id)).status).toBe(404);
  });

  it('answers an admin', async () => {
    const { client } = await server.signIn({ role: 'admin' });
    const patient = await server.createUser();
    const reply = await detail(client, patient.id);
    expect(reply.status).toBe(200);
    expect(reply.body.user?.id).toBe(patient.id);
  });

  it('answers 404 for ids that are not uuids, and 401 without a token', async () => {
    const { client, user } = await server.signIn({ role: 'admin' });
    for (const id of ['123', 'not-a-uuid', "1' OR '1'='1", `${user.id}x`, '..%2F..%2Fetc%2Fpasswd']) {
      const reply = await detail(client, id);
      expect(reply.status, id).toBe(404);
    }
    expect((await detail(client, 'x'.repeat(300))).status).toBeGreaterThanOrEqual(400);
    expect((await detail(server.client(), user.id)).status).toBe(401);
  });
});

describe('delete-account', () => {
  const remove = (client: Client, body: unknown) => client.delete<Reply>('/api/v1/delete-account', body);

  it('refuses a wrong password with 400 and a missing confirmation with the spec message', async () => {
    const { client, user } = await server.signIn();
    const wrong = await remove(client, { password: 'Wrong@1234', confirmation: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password.');

    for (const confirmation of [undefined, 'delete', 'yes']) {
      const reply = await remove(client, { password, confirmation });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toContainEqual({ path: 'confirmation', message: 'Type DELETE to confirm' });
    }
    expect((await remove(client, undefined)).status).toBe(400);
    expect(await server.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await client.get('/api/v1/me')).status).toBe(200);
  });

  it('deletes the account: login fails, the row and its sessions are gone, the audit entry remains', async () => {
    const { client, user } = await server.signIn();
    const provider = await server.createUser({ role: 'provider' });
    await connect(provider.id, user.id);
    const cookie = client.cookie('ml_refresh') ?? '';
    const reply = await remove(client, { password, confirmation: 'DELETE' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Your account and its data have been deleted.',
    });
    expect(reply.headers.getSetCookie().some((c) => /^ml_refresh=;/.test(c))).toBe(true);

    expect((await server.client().post('/api/v1/login', { email: user.email, password })).status).toBe(401);
    expect(await server.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(
      await server.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id)),
    ).toHaveLength(0);
    expect(
      await server.database.db.select().from(connections).where(eq(connections.patientId, user.id)),
    ).toHaveLength(0);
    const refresher = server.client();
    refresher.setCookie('ml_refresh', cookie);
    expect((await refresher.get('/api/v1/refresh')).status).toBe(401);
    expect((await client.get('/api/v1/me')).status).toBe(401);

    const rows = await audits('ACCOUNT_DELETED', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resourceId: user.id, actorRole: 'patient' });
    expect(JSON.stringify(rows[0])).not.toContain(user.email);
    await server.mail(user.email, /account was deleted/);

    // The email can be used for a new account afterwards.
    const again = await server.client().post('/api/v1/registration', {
      firstName: 'New',
      lastName: 'Start',
      email: user.email,
      password: 'Another&Pass9',
      confirmPassword: 'Another&Pass9',
      termsAccepted: true,
    });
    expect(again.status).toBe(201);
  });

  it('needs a bearer token', async () => {
    const reply = await remove(server.client(), { password, confirmation: 'DELETE' });
    expect(reply.status).toBe(401);
  });
});

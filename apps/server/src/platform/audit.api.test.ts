import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { auditLogs } from '../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function rowsOf(actorId: string, action?: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, actorId), action ? eq(auditLogs.action, action) : undefined))
    .orderBy(desc(auditLogs.id));
}

describe('POST /api/audit-logs', () => {
  it('needs a bearer token', async () => {
    const reply = await server.client().post('/api/audit-logs', { logs: [{ action: 'VIEW_PAGE' }] });
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe(false);
    const forged = await server
      .client()
      .post('/api/audit-logs', { logs: [{ action: 'VIEW_PAGE' }] }, { token: 'forged.token.value' });
    expect(forged.status).toBe(401);
  });

  it('accepts a batch with 202, bound to the caller as client entries', async () => {
    const { client, user } = await server.signIn({ role: 'provider' });
    const someoneElse = randomUUID();
    const patientId = randomUUID();
    const reply = await client.post('/api/audit-logs', {
      logs: [
        {
          action: 'ACCESS_PHI',
          actorId: someoneElse,
          actorRole: 'admin',
          source: 'server',
          resourceType: 'journal',
          resourceId: 'entry-1',
          patientId,
          metadata: { page: '/provider/client', count: 3, flag: true },
        },
        { action: 'VIEW_PAGE', metadata: { page: '/provider/dashboard' } },
      ],
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ success: true, accepted: 2 });

    const rows = (await rowsOf(user.id)).filter((r) => r.action !== 'LOGIN');
    expect(rows.map((r) => r.action).sort()).toEqual(['ACCESS_PHI', 'VIEW_PAGE']);
    for (const row of rows)
      expect(row).toMatchObject({ actorId: user.id, actorRole: 'provider', source: 'client' });
    expect(rows.find((r) => r.action === 'ACCESS_PHI')).toMatchObject({
      resourceType: 'journal',
      resourceId: 'entry-1',
      patientId,
      metadata: { page: '/provider/client', count: 3, flag: true },
    });
    expect(await rowsOf(someoneElse)).toEqual([]);
  });

  it('cuts metadata values to 100 characters', async () => {
    const { client, user } = await server.signIn();
    const reply = await client.post('/api/audit-logs', {
      logs: [{ action: 'VIEW_PAGE', metadata: { long: 'x'.repeat(500), nested: { deep: 'y'.repeat(300) } } }],
    });
    expect(reply.status).toBe(202);
    const [row] = await rowsOf(user.id, 'VIEW_PAGE');
    expect(row?.metadata?.long).toBe('x'.repeat(100));
    expect(String(row?.metadata?.nested)).toHaveLength(100);
  });

  it('keeps a plausible client timestamp and replaces an absurd one', async () => {
    const { client, user } = await server.signIn();
    const recent = new Date(server.clock.now().getTime() - 60_000).toISOString();
    await client.post('/api/audit-logs', {
      logs: [
        { action: 'VIEW_PAGE', resourceId: 'recent', timestamp: recent },
        { action: 'VIEW_PAGE', resourceId: 'ancient', timestamp: '1999-01-01T00:00:00.000Z' },
        { action: 'VIEW_PAGE', resourceId: 'garbage', timestamp: 'yesterday-ish' },
      ],
    });
    const rows = await rowsOf(user.id, 'VIEW_PAGE');
    const at = (id: string) => rows.find((r) => r.resourceId === id)?.occurredAt.getTime() ?? 0;
    expect(at('recent')).toBe(Date.parse(recent));
    const now = server.clock.now().getTime();
    expect(Math.abs(at('ancient') - now)).toBeLessThan(60_000);
    expect(Math.abs(at('garbage') - now)).toBeLessThan(60_000);
  });

  it('refuses unknown actions, empty and oversized batches with 400, recording nothing', async () => {
    const { client, user } = await server.signIn();
    const entry = { action: 'VIEW_PAGE' };
    for (const body of [
      { logs: [{ action: 'DROP_ALL_TABLES' }] },
      { logs: [entry, { action: 'view_page' }] },
      { logs: [] },
      { logs: Array.from({ length: 101 }, () => entry) },
      { logs: [{ action: 'VIEW_PAGE', patientId: 'not-a-uuid' }] },
      {},
    ]) {
      const reply = await client.post<{ success: boolean; errors: unknown[] }>('/api/audit-logs', body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.errors.length).toBeGreaterThan(0);
    }
    expect(await rowsOf(user.id, 'VIEW_PAGE')).toEqual([]);

    const hundred = await client.post('/api/audit-logs', { logs: Array.from({ length: 100 }, () => entry) });
    expect(hundred.status).toBe(202);
    expect(hundred.body.accepted).toBe(100);
    expect(await rowsOf(user.id, 'VIEW_PAGE')).toHaveLength(100);
  });
});

describe('session security reports', () => {
  it('POST /api/security/session-timeout records SESSION_TIMEOUT for the caller', async () => {
    const { client, user } = await server.signIn();
    expect((await server.client().post('/api/security/session-timeout', {})).status).toBe(401);
    const reply = await client.post('/api/security/session-timeout', {
      userId: randomUUID(),
      timestamp: new Date().toISOString(),
      reason: 'IDLE_TIMEOUT',
      duration: 600,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true });
    const rows = await rowsOf(user.id, 'SESSION_TIMEOUT');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorRole: 'patient',
      resourceType: 'session',
      source: 'server',
      metadata: { reason: 'IDLE_TIMEOUT', duration: 600 },
    });
  });

  it('POST /api/v1/security-logout records SECURITY_LOGOUT with the reason', async () => {
    const { client, user } = await server.signIn({ role: 'provider' });
    const body = {
      type: 'security_logout',
      reason: 'inactivity',
      deviceInfo: { deviceType: 'desktop', browserName: 'Firefox', location: 'America/Denver' },
      timestamp: new Date().toISOString(),
      message: 'You have been logged out due to inactivity.',
      extras: { autoLogoutReason: 'inactivity' },
    };
    expect((await server.client().post('/api/v1/security-logout', body)).status).toBe(401);
    const reply = await client.post('/api/proxy/v1/security-logout', body);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true });
    const rows = await rowsOf(user.id, 'SECURITY_LOGOUT');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorRole: 'provider',
      resourceType: 'session',
      metadata: {
        reason: 'inactivity',
        autoLogoutReason: 'inactivity',
        deviceType: 'desktop',
        browserName: 'Firefox',
      },
    });
    const missingReason = await client.post('/api/v1/security-logout', { type: 'security_logout' });
    expect(missingReason.status).toBe(400);
  });
});

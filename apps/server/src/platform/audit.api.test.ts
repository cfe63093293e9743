import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type TestServer } from '../../test/harness.js';
import { auditLogs, clientAuditEvents } from '../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function clientRowsOf(actorId: string) {
  return server.database.db
    .select()
    .from(clientAuditEvents)
    .where(eq(clientAuditEvents.actorId, actorId))
    .orderBy(desc(clientAuditEvents.id));
}

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

  it('keeps client entries apart, bound to the caller, with no subject and the server clock', async () => {
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
          timestamp: '2020-01-01T00:00:00.000Z',
          metadata: { page: '/provider/client', count: 3, flag: true },
        },
        { action: 'VIEW_PAGE', metadata: { page: '/provider/dashboard' } },
      ],
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ success: true, accepted: 2, refused: 0 });

    // Nothing of it reaches the server's trail.
    expect((await rowsOf(user.id)).map((r) => r.action)).toEqual(['LOGIN']);
    expect(
      await server.database.db.select().from(auditLogs).where(eq(auditLogs.patientId, patientId)),
    ).toEqual([]);
    const rows = await clientRowsOf(user.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['ACCESS_PHI', 'VIEW_PAGE']);
    const now = server.clock.now().getTime();
    for (const row of rows) {
      expect(row).toMatchObject({ actorId: user.id, actorRole: 'provider' });
      expect(Math.abs(row.receivedAt.getTime() - now)).toBeLessThan(60_000);
      expect(JSON.stringify(row)).not.toContain(patientId);
    }
    expect(rows.find((r) => r.action === 'ACCESS_PHI')).toMatchObject({
      resourceType: 'journal',
      resourceId: 'entry-1',
      metadata: { page: '/provider/client', count: 3, flag: true },
    });
    expect(await clientRowsOf(someoneElse)).toEqual([]);
  });

  it("never lets a caller forge or back-date another client's access history", async () => {
    const victim = await server.signIn();
    const forger = await server.signIn({ role: 'provider' });
    const dayAgo = new Date(server.clock.now().getTime() - 23 * 3_600_000).toISOString();
    const forged = {
      action: 'ACCESS_PHI',
      resourceType: 'journal',
      resourceId: victim.user.id,
      patientId: victim.user.id,
      timestamp: dayAgo,
    };
    for (const caller of [forger, await server.signIn()]) {
      expect((await caller.client.post('/api/audit-logs', { logs: [forged] })).status).toBe(202);
    }
    const history = await victim.client.get<{ total: number; entries: unknown[] }>('/api/v1/access-history');
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(0);
    expect(history.body.entries).toEqual([]);
    const [row] = await clientRowsOf(forger.user.id);
    expect(row?.receivedAt.getTime()).toBeGreaterThan(Date.parse(dayAgo) + 22 * 3_600_000);
  });

  it('cuts metadata values to 100 characters, never splitting a character', async () => {
    const { client, user } = await server.signIn();
    const reply = await client.post('/api/audit-logs', {
      logs: [
        {
          action: 'VIEW_PAGE',
          metadata: {
            long: 'x'.repeat(500),
            nested: { deep: 'y'.repeat(300) },
            emoji: `${'x'.repeat(99)}😀`,
          },
        },
      ],
    });
    expect(reply.status).toBe(202);
    const [row] = await clientRowsOf(user.id);
    expect(row?.metadata?.long).toBe('x'.repeat(100));
    expect(String(row?.metadata?.nested)).toHaveLength(100);
    expect(row?.metadata?.emoji).toBe('x'.repeat(99));
  });

  it('stores what it can, refuses and counts the rest, and never answers 202 for nothing', async () => {
    const { client, user } = await server.signIn();
    // Deep enough for the audit feed to refuse, not for the input edge (32 levels) to refuse the batch.
    const deep = '{"a":'.repeat(10) + '1' + '}'.repeat(10);
    const raw = `{"logs":[{"action":"VIEW_PAGE","metadata":{"deep":${deep}}},{"action":"VIEW_PAGE","resourceId":"ok\\u0000id\\ud800","metadata":{"k\\u0000":"v\\udc00"}},{"action":"LOGIN"}]}`;
    const reply = await client.request<{ accepted: number; refused: number; errors: { path: string }[] }>(
      'POST',
      '/api/audit-logs',
      { raw, headers: { 'content-type': 'application/json' } },
    );
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ accepted: 1, refused: 2 });
    expect(reply.body.errors.map((e) => e.path)).toEqual(['logs.0.metadata', 'logs.2.action']);
    const rows = await clientRowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resourceId: 'okid\uFFFD', metadata: { k: 'v\uFFFD' } });

    const none = await client.post('/api/audit-logs', { logs: [{ action: 'PASSWORD_RESET' }] });
    expect(none.status).toBe(400);
    expect(await clientRowsOf(user.id)).toHaveLength(1);
  });

  it('refuses unknown actions, empty and oversized batches with 400, recording nothing', async () => {
    const { client, user } = await server.signIn();
    const entry = { action: 'VIEW_PAGE' };
    for (const body of [
      { logs: [{ action: 'DROP_ALL_TABLES' }] },
      { logs: [{ action: 'view_page' }] },
      { logs: [] },
      { logs: Array.from({ length: 101 }, () => entry) },
      { logs: ['VIEW_PAGE'] },
      {},
    ]) {
      const reply = await client.post<{ success: boolean; errors: unknown[] }>('/api/audit-logs', body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.errors.length).toBeGreaterThan(0);
    }
    expect(await clientRowsOf(user.id)).toEqual([]);

    const hundred = await client.post('/api/audit-logs', { logs: Array.from({ length: 100 }, () => entry) });
    expect(hundred.status).toBe(202);
    expect(hundred.body.accepted).toBe(100);
    expect(await clientRowsOf(user.id)).toHaveLength(100);
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

describe("the server's own trail", () => {
  it('records a refusal even when the id cannot be stored as sent', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const raw = JSON.stringify({ id: 'a\u0000b\ud800', newStatus: 'accepted' });
    const reply = await provider.client.request('PUT', '/api/v1/update-patient-status', {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(404);
    const rows = await rowsOf(provider.user.id, 'AUTHORIZATION_FAILURE');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.resourceId).not.toContain('\u0000');
  });

  it('fails a read of clinical data whose ACCESS_PHI row cannot be written', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await server.createUser();
    await connect(server, provider.user.id, patient.id);
    const read = () => provider.client.get(`/api/v1/user-detail/${patient.id}`);
    expect((await read()).status).toBe(200);
    await server.database.db.execute(
      sql`alter table audit_logs add constraint audit_refuses check (false) not valid`,
    );
    try {
      const reply = await read();
      expect(reply.status).toBe(500);
      expect(JSON.stringify(reply.body)).not.toContain(patient.email);
    } finally {
      await server.database.db.execute(sql`alter table audit_logs drop constraint audit_refuses`);
    }
    expect((await rowsOf(provider.user.id, 'ACCESS_PHI')).length).toBe(1);
  });
});

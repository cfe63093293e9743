import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMessages, type ConsentsView } from '@mindledger/domain';
import { auditLogs, consentEvents, userConsents } from '../../db/schema/index.js';
import { password, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const YEAR = 365 * 24 * 60 * 60 * 1000;

const auditOf = (userId: string, action: string) =>
  server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.action, action)));

const grant = { version: '1.0', agree: true, signature: 'Nora Lind' };

describe('research use of de-identified data', () => {
  it('is allowed until the client opts out; opting out and back in is recorded, audited and read at once', async () => {
    const { client, user } = await server.signIn();
    const initial = await client.get<{ data: ConsentsView }>('/api/v1/consents');
    expect(initial.status).toBe(200);
    expect(initial.body.data.research).toEqual({ optedOut: false, updatedAt: null });
    expect(initial.body.data.marketing.status).toBe('none');
    expect(initial.body.data.history).toEqual([]);
    expect(await server.services.consents.researchExcluded([user.id])).toEqual(new Set());

    const out = await client.put<{ data: ConsentsView; message: string }>('/api/v1/consents/research', {
      optOut: true,
    });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(legalMessages.researchOptedOut);
    expect(out.body.data.research.optedOut).toBe(true);
    // In effect at once: the next research use leaves this client out.
    expect(await server.services.consents.researchExcluded([user.id])).toEqual(new Set([user.id]));

    // The same choice again changes nothing and writes no second event.
    await client.put('/api/v1/consents/research', { optOut: true });
    server.clock.advance(1000);
    const back = await client.put<{ data: ConsentsView; message: string }>('/api/v1/consents/research', {
      optOut: false,
    });
    expect(back.body.message).toBe(legalMessages.researchOptedIn);
    expect(back.body.data.research.optedOut).toBe(false);
    expect(back.body.data.history.map((e) => e.kind)).toEqual(['research_opt_in', 'research_opt_out']);
    expect(await server.services.consents.researchExcluded([user.id])).toEqual(new Set());
    const audits = await auditOf(user.id, 'RESEARCH_CONSENT_CHANGED');
    expect(audits.map((a) => a.metadata)).toEqual([{ optOut: true }, { optOut: false }]);
    expect(audits[0]).toMatchObject({ patientId: user.id, resourceType: 'consent', resourceId: 'research' });
  });

  it('takes only a boolean', async () => {
    const { client } = await server.signIn();
    for (const body of [{}, { optOut: 'yes' }, { optOut: null }])
      expect((await client.put('/api/v1/consents/research', body)).status).toBe(400);
  });
});

describe('the HIPAA marketing authorization', () => {
  it('is granted for three years, shows its expiry, and is revoked at once', async () => {
    const { client, user } = await server.signIn();
    const granted = await client.post<{ data: ConsentsView; message: string }>(
      '/api/v1/consents/marketing-authorization',
      { ...grant, signature: '<b>Nora</b> Lind' },
    );
    expect(granted.status).toBe(201);
    expect(granted.body.message).toBe(legalMessages.marketingGranted);
    const marketing = granted.body.data.marketing;
    expect(marketing).toMatchObject({
      status: 'active',
      version: '1.0',
      signature: 'Nora Lind',
      revokedAt: null,
    });
    const grantedAt = new Date(marketing.grantedAt!);
    const expiresAt = new Date(marketing.expiresAt!);
    expect(expiresAt.getUTCFullYear() - grantedAt.getUTCFullYear()).toBe(3);
    expect(expiresAt.toISOString().slice(4)).toBe(grantedAt.toISOString().slice(4));
    expect(await server.services.consents.marketingAuthorized(user.id)).toBe(true);

    // Granting again while active is refused.
    const twice = await client.post('/api/v1/consents/marketing-authorization', grant);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(legalMessages.marketingAlreadyActive);

    const revoked = await client.post<{ data: ConsentsView; message: string }>(
      '/api/v1/consents/marketing-authorization/revoke',
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(legalMessages.marketingRevoked);
    expect(revoked.body.data.marketing.status).toBe('revoked');
    expect(revoked.body.data.marketing.revokedAt).not.toBeNull();
    expect(await server.services.consents.marketingAuthorized(user.id)).toBe(false);
    expect(revoked.body.data.history.map((e) => e.kind)).toEqual(['marketing_revoked', 'marketing_granted']);

    const again = await client.post('/api/v1/consents/marketing-authorization/revoke');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(legalMessages.marketingNotActive);

    expect((await auditOf(user.id, 'MARKETING_AUTHORIZATION_GRANTED'))[0]?.metadata).toEqual({
      version: '1.0',
      expiresAt: expiresAt.toISOString(),
    });
    expect(await auditOf(user.id, 'MARKETING_AUTHORIZATION_REVOKED')).toHaveLength(1);
    // The signature (a name) is in the consents row only, never in the audit trail.
    const trail = JSON.stringify(await auditOf(user.id, 'MARKETING_AUTHORIZATION_GRANTED'));
    expect(trail).not.toContain('Lind');

    // A revoked authorization may be signed again, for three new years.
    const renewed = await client.post<{ data: ConsentsView }>(
      '/api/v1/consents/marketing-authorization',
      grant,
    );
    expect(renewed.status).toBe(201);
    expect(renewed.body.data.marketing).toMatchObject({ status: 'active', revokedAt: null });
  });

  it('expires by itself three years after signing (the test clock), and may then be signed again', async () => {
    const { client, user } = await server.signIn();
    await client.post('/api/v1/consents/marketing-authorization', grant);
    /** A fresh sign-in at the clock's "now" (the first session does not live for years). */
    const later = async () => {
      const login = await server.client().post<{ accessToken: string }>('/api/v1/login', {
        email: user.email,
        password,
      });
      client.token = login.body.accessToken;
    };
    try {
      server.clock.advance(3 * YEAR - 24 * 60 * 60 * 1000);
      await later();
      expect((await client.get<{ data: ConsentsView }>('/api/v1/consents')).body.data.marketing.status).toBe(
        'active',
      );
      server.clock.advance(2 * 24 * 60 * 60 * 1000);
      await later();
      const expired = await client.get<{ data: ConsentsView }>('/api/v1/consents');
      expect(expired.body.data.marketing.status).toBe('expired');
      expect(await server.services.consents.marketingAuthorized(user.id)).toBe(false);
      expect((await client.post('/api/v1/consents/marketing-authorization/revoke')).status).toBe(409);
      expect((await client.post('/api/v1/consents/marketing-authorization', grant)).status).toBe(201);
    } finally {
      server.clock.reset();
    }
  });

  it('needs the confirmation, a signature and the current version', async () => {
    const { client, user } = await server.signIn();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...grant, agree: false }, 400, legalMessages.marketingAgreeRequired],
      [{ ...grant, signature: '<script>x</script>' }, 400, 'Signature is required'],
      [{ ...grant, version: '0.9' }, 409, legalMessages.versionNotCurrent],
    ];
    for (const [body, status, message] of cases) {
      const reply = await client.post('/api/v1/consents/marketing-authorization', body);
      expect(reply.status).toBe(status);
      expect(reply.body.message).toBe(message);
    }
    const [row] = await server.database.db
      .select()
      .from(userConsents)
      .where(eq(userConsents.userId, user.id));
    expect(row?.marketingGrantedAt ?? null).toBeNull();
    expect(
      await server.database.db.select().from(consentEvents).where(eq(consentEvents.userId, user.id)),
    ).toEqual([]);
  });

  it("is a client's own: providers and admins are refused, signed out is 401, and nobody reaches another's", async () => {
    const owner = await server.signIn();
    await owner.client.post('/api/v1/consents/marketing-authorization', grant);
    for (const role of ['provider', 'admin'] as const) {
      const { client } = await server.signIn({ role });
      expect((await client.get('/api/v1/consents')).status).toBe(403);
      expect((await client.put('/api/v1/consents/research', { optOut: true })).status).toBe(403);
      expect((await client.post('/api/v1/consents/marketing-authorization', grant)).status).toBe(403);
      expect((await client.post('/api/v1/consents/marketing-authorization/revoke')).status).toBe(403);
    }
    expect((await server.client().get('/api/v1/consents')).status).toBe(401);
    // Another client's calls act on their own consents only (the routes take no id).
    const other = await server.signIn();
    expect((await other.client.post('/api/v1/consents/marketing-authorization/revoke')).status).toBe(409);
    expect(await server.services.consents.marketingAuthorized(owner.user.id)).toBe(true);
  });

  it('goes with the account', async () => {
    const { client, user } = await server.signIn();
    await client.post('/api/v1/consents/marketing-authorization', grant);
    await client.put('/api/v1/consents/research', { optOut: true });
    const deleted = await client.delete('/api/v1/delete-account', {
      password: 'Secret@123',
      confirmation: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(
      await server.database.db.select().from(userConsents).where(eq(userConsents.userId, user.id)),
    ).toEqual([]);
    expect(
      await server.database.db.select().from(consentEvents).where(eq(consentEvents.userId, user.id)),
    ).toEqual([]);
  });
});

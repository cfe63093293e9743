import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { legalDocuments, legalMessages } from '@mindledger/domain';
import { auditLogs, legalAcceptances, users } from '../../db/schema/index.js';
import { seedDemo } from '../../seed.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { seedDemoAcceptance } from './index.js';

/** The Privacy Policy's current version (1.1 since decision 106). */
const privacyVersion = legalDocuments.privacy.version;

let server: TestServer;
let registryVersions: TestServer['config']['legal']['currentVersions'];
beforeAll(async () => {
  server = await startServer({ env: { PRIVACY_EMAIL: 'privacy@clinic.example' } });
  registryVersions = { ...server.config.legal.currentVersions };
});
afterAll(() => server.close());
// A test that "deploys" a new version (the config is read at each request) puts the registry's back.
afterEach(() => {
  server.config.legal.currentVersions = { ...registryVersions };
});

interface Status {
  pending: { document: string; title: string; version: string; effectiveDate: string }[];
  accepted: { document: string; version: string; acceptedAt: string; current: boolean }[];
}

const registration = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'Analytic@1843',
  confirmPassword: 'Analytic@1843',
});

const acceptancesOf = (userId: string) =>
  server.database.db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId));

const auditOf = (userId: string, action: string) =>
  server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.action, action)));

describe('registration takes the Terms of Use and the Privacy Policy', () => {
  it('refuses a registration without termsAccepted: true, with a clear message, and creates nothing', async () => {
    for (const termsAccepted of [undefined, false, 'yes']) {
      const email = `no-terms-${randomUUID().slice(0, 8)}@example.test`;
      const reply = await server.client().post<{
        message: string;
        errors: { path: string; message: string }[];
      }>('/api/v1/registration', { ...registration(email), termsAccepted });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Please accept the Terms of Use and Privacy Policy to continue.');
      expect(reply.body.errors).toEqual([
        { path: 'termsAccepted', message: 'Please accept the Terms of Use and Privacy Policy to continue.' },
      ]);
      expect(await server.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('records which versions were accepted and when, with an audit row of where from', async () => {
    const email = `terms-${randomUUID().slice(0, 8)}@example.test`;
    const before = server.clock.now().getTime();
    const reply = await server.client().post('/api/v1/registration', {
      ...registration(email),
      termsAccepted: true,
    });
    expect(reply.status).toBe(201);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const rows = await acceptancesOf(user!.id);
    expect(rows.map((r) => [r.document, r.version, r.sha256, r.context]).sort()).toEqual([
      ['privacy', privacyVersion, legalDocuments.privacy.sha256, 'registration'],
      ['terms', '1.0', legalDocuments.terms.sha256, 'registration'],
    ]);
    for (const row of rows) expect(row.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [audit] = await auditOf(user!.id, 'LEGAL_DOCUMENTS_ACCEPTED');
    expect(audit?.metadata).toEqual({ context: 'registration', terms: '1.0', privacy: privacyVersion });
    expect(audit?.ip).toBe('127.0.0.1');
  });
});

describe('acceptance of a new version', () => {
  it('asks a user who never accepted (an account older than the feature) to accept both', async () => {
    const { client } = await server.signIn();
    const status = await client.get<Status>('/api/v1/legal/acceptance');
    expect(status.status).toBe(200);
    expect(status.body.pending.map((p) => p.document)).toEqual(['terms', 'privacy']);
    expect(status.body.accepted).toEqual([]);
  });

  it('a new Terms version prompts; accepting it records the version and ends the prompt', async () => {
    const { client, user } = await server.signIn();
    const accepted = await client.post<Status & { message: string }>('/api/v1/legal/accept', {
      documents: [
        { document: 'terms', version: '1.0' },
        { document: 'privacy', version: privacyVersion },
      ],
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(legalMessages.accepted);
    expect(accepted.body.pending).toEqual([]);

    server.config.legal.currentVersions.terms = '1.1';
    const status = await client.get<Status>('/api/v1/legal/acceptance');
    expect(status.body.pending).toEqual([
      { document: 'terms', title: 'Terms of Service', version: '1.1', effectiveDate: '2025-02-01' },
    ]);
    expect(status.body.accepted.find((a) => a.document === 'terms')).toMatchObject({
      version: '1.0',
      current: false,
    });

    // The version the page showed before the change cannot be accepted any more.
    const stale = await client.post('/api/v1/legal/accept', {
      documents: [{ document: 'terms', version: '1.0' }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(legalMessages.versionNotCurrent);

    server.clock.advance(60_000);
    const again = await client.post<Status>('/api/v1/legal/accept', {
      documents: [{ document: 'terms', version: '1.1' }],
    });
    expect(again.status).toBe(200);
    expect(again.body.pending).toEqual([]);
    expect(again.body.accepted.map((a) => `${a.document} ${a.version} ${a.current}`)).toEqual([
      'terms 1.1 true',
      `privacy ${privacyVersion} true`,
      'terms 1.0 false',
    ]);
    // Accepting the same version twice keeps the first acceptance.
    await client.post('/api/v1/legal/accept', { documents: [{ document: 'terms', version: '1.1' }] });
    expect(await acceptancesOf(user.id)).toHaveLength(3);
    const audits = await auditOf(user.id, 'LEGAL_DOCUMENTS_ACCEPTED');
    expect(audits.map((a) => a.metadata)).toEqual(
      expect.arrayContaining([
        { context: 'update', terms: '1.0', privacy: privacyVersion },
        { context: 'update', terms: '1.1' },
      ]),
    );
  });

  it('is asked of providers and admins too, and refused signed out', async () => {
    for (const role of ['provider', 'admin'] as const) {
      const { client } = await server.signIn({ role });
      expect((await client.get<Status>('/api/v1/legal/acceptance')).body.pending).toHaveLength(2);
      const accepted = await client.post<Status>('/api/v1/legal/accept', {
        documents: [{ document: 'privacy', version: privacyVersion }],
      });
      expect(accepted.body.pending.map((p) => p.document)).toEqual(['terms']);
    }
    expect((await server.client().get('/api/v1/legal/acceptance')).status).toBe(401);
    expect(
      (
        await server.client().post('/api/v1/legal/accept', {
          documents: [{ document: 'terms', version: '1.0' }],
        })
      ).status,
    ).toBe(401);
  });

  it('accepts only the documents there are to accept', async () => {
    const { client } = await server.signIn();
    for (const documents of [[], [{ document: 'hipaa-notice', version: '1.0' }], [{ document: 'terms' }]]) {
      const reply = await client.post('/api/v1/legal/accept', { documents });
      expect(reply.status).toBe(400);
    }
  });

  it('records the demo accounts as having accepted the current versions', async () => {
    await seedDemo(server.database.db);
    await seedDemoAcceptance(server.ctx);
    const reply = await server.client().post<{ accessToken: string }>('/api/v1/login', {
      email: 'patient@demo.local',
      password: 'Demo@1234',
    });
    const status = await server.client().get<Status>('/api/v1/legal/acceptance', {
      token: reply.body.accessToken,
    });
    expect(status.body.pending).toEqual([]);
  });
});

describe('GET legal/documents', () => {
  it('answers signed out: the versions, the configured privacy address and the AI processing', async () => {
    const reply = await server.client().get<{
      documents: { document: string; version: string; effectiveDate: string; path: string }[];
      privacyEmail: string;
      privacyPostalAddress: string | null;
      aiProcessing: { thirdParty: boolean };
    }>('/api/v1/legal/documents');
    expect(reply.status).toBe(200);
    expect(
      reply.body.documents.map((d) => `${d.document} ${d.version} ${d.effectiveDate} ${d.path}`),
    ).toEqual([
      'terms 1.0 2025-02-01 /legal/terms',
      'privacy 1.1 2026-11-28 /legal/privacy',
      'hipaa-notice 1.0 2024-02-01 /legal/hipaa-notice',
      'marketing-authorization 1.0 2025-02-01 /legal/marketing-authorization',
    ]);
    expect(reply.body.privacyEmail).toBe('privacy@clinic.example');
    expect(reply.body.privacyPostalAddress).toBeNull();
    expect(reply.body.aiProcessing).toEqual({ thirdParty: false });
  });

  it('names a configured third-party model, never its key or private address', async () => {
    const other = await startServer({
      env: {
        OPENAI_BASE_URL: 'https://api.openai.com/v1',
        OPENAI_MODEL: 'gpt-4o-mini',
        OPENAI_API_KEY: 'sk-secret-key',
        PRIVACY_POSTAL_ADDRESS: 'Privacy Officer, 1 Main St, Springfield',
      },
    });
    try {
      const reply = await other.client().get<Record<string, unknown>>('/api/v1/legal/documents');
      expect(reply.body.aiProcessing).toEqual({
        thirdParty: true,
        model: 'gpt-4o-mini',
        service: 'OpenAI (api.openai.com)',
      });
      expect(reply.body.privacyPostalAddress).toBe('Privacy Officer, 1 Main St, Springfield');
      expect(JSON.stringify(reply.body)).not.toContain('sk-secret');
    } finally {
      await other.close();
    }
  });
});

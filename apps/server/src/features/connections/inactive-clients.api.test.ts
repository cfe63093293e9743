import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.js';
import { reactivationTokens } from '../../db/schema/index.js';
import { sha256 } from '../../platform/crypto.js';
import { auditOf, connect, connectionRow, eventsOf } from '../../../test/connections.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const DAY = 24 * 60 * 60 * 1000;

function tokenIn(text: string): string {
  const match = /reactivation-consent\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no token in mail');
  return match[1];
}

async function setup() {
  const provider = await server.signIn({ role: 'provider', firstName: 'Pro', lastName: 'Vider' });
  const client = await server.signIn({ firstName: 'Cli', lastName: 'Ent' });
  const row = await connect(server, provider.user.id, client.user.id);
  return { provider, client, row, base: `/api/v1/provider/clients/${client.user.id}` };
}

interface InactiveList {
  clients: {
    id: string;
    connectionId: string;
    connectionStatus: string;
    accessLevel: string;
    reason: string;
  }[];
  total: number;
  hasNext: boolean;
}

describe('mark inactive, reactivate with consent', () => {
  it('marks inactive, mails a 7-day link, and only the client’s consent restores access', async () => {
    const { provider, client, row, base } = await setup();
    const marked = await provider.client.patch<{
      client: { connectionStatus: string; inactiveReason: string };
    }>(`${base}/mark-inactive`, { reason: 'Treatment paused', notes: 'Back in spring' });
    expect(marked.status).toBe(200);
    expect(marked.body.client).toMatchObject({
      connectionStatus: 'inactive',
      inactiveReason: 'Treatment paused',
    });
    await server.mail(client.user.email, /marked your connection inactive/);
    const again = await provider.client.patch(`${base}/mark-inactive`, { reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an accepted, active client can be marked inactive.');

    const status = await provider.client.get(`${base}/connection-status`);
    expect(status.body).toEqual({
      success: true,
      status: 'accepted',
      connectionStatus: 'inactive',
      accessLevel: 'full',
      hasAccess: false,
    });

    const listed = await provider.client.get<InactiveList>('/api/v1/provider/inactive-clients');
    expect(listed.body.clients).toEqual([
      expect.objectContaining({ id: client.user.id, connectionId: row.id, reason: 'Treatment paused' }),
    ]);
    expect(
      (await provider.client.get<InactiveList>('/api/v1/provider/inactive-clients?reasonFilter=paused')).body
        .total,
    ).toBe(1);
    expect(
      (await provider.client.get<InactiveList>('/api/v1/provider/inactive-clients?searchTerm=nobody')).body
        .total,
    ).toBe(0);

    const requested = await provider.client.post<{ expiresAt: string }>(
      `${base}/generate-reactivation-token`,
    );
    expect(requested.status).toBe(200);
    const expires = new Date(requested.body.expiresAt).getTime() - server.clock.now().getTime();
    expect(expires).toBeGreaterThan(7 * DAY - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * DAY + 60_000);
    const mail = await server.mail(client.user.email, /reactivate/);
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(`${server.config.publicUrl}/user/reactivation-consent?token=`);
    expect((await connectionRow(server, row.id))?.connectionStatus).toBe('inactive');

    // Another client cannot consent with the token; the provider cannot either.
    const other = await server.signIn();
    const refused = await other.client.post('/api/v1/provider/reactivation/consent', { token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This reactivation link is invalid or has expired.');
    expect(await auditOf(server, 'AUTHORIZATION_FAILURE', other.user.id)).toHaveLength(1);
    expect((await provider.client.post('/api/v1/provider/reactivation/consent', { token })).status).toBe(403);
    expect(
      (await client.client.post('/api/v1/provider/reactivation/consent', { token: 'nope' })).status,
    ).toBe(400);
    expect((await client.client.post('/api/v1/provider/reactivation/consent', {})).body.message).toBe(
      'Token is required',
    );
    expect((await connectionRow(server, row.id))?.connectionStatus).toBe('inactive');

    const consent = await client.client.post('/api/v1/provider/reactivation/consent', { token });
    expect(consent.status).toBe(200);
    expect(consent.body.success).toBe(true);
    await server.mail(provider.user.email, /consented/);
    expect(await connectionRow(server, row.id)).toMatchObject({
      connectionStatus: 'active',
      inactiveReason: null,
    });
    expect((await provider.client.get(`/api/v1/user-detail/${client.user.id}`)).status).toBe(200);
    expect((await client.client.post('/api/v1/provider/reactivation/consent', { token })).status).toBe(400);

    const history = await provider.client.get<{
      history: { kind: string; actorRole: string; reason: string }[];
    }>(`${base}/status-history`);
    expect(history.body.history.map((h) => h.kind)).toEqual([
      'reactivated',
      'reactivation_requested',
      'marked_inactive',
    ]);
    expect(history.body.history[2]).toMatchObject({ actorRole: 'provider', reason: 'Treatment paused' });
    expect((await eventsOf(server, row.id)).find((e) => e.kind === 'marked_inactive')?.notes).toBe(
      'Back in spring',
    );
  });

  it('refuses an expired link and reactivation of an active client; PATCH reactivate mails a link too', async () => {
    const { provider, client, base } = await setup();
    const early = await provider.client.patch(`${base}/reactivate`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only an inactive client can be reactivated.');
    await provider.client.patch(`${base}/mark-inactive`, { reason: 'Moved' });
    expect((await provider.client.patch(`${base}/reactivate`)).status).toBe(200);
    const token = tokenIn((await server.mail(client.user.email, /reactivate/)).text);
    // The link is past its 7 days (moved in the database: the session must stay valid).
    await server.database.db
      .update(reactivationTokens)
      .set({ expiresAt: new Date(server.clock.now().getTime() - 1000) })
      .where(eq(reactivationTokens.tokenHash, sha256(token)));
    const late = await client.client.post('/api/v1/provider/reactivation/consent', { token });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This reactivation link is invalid or has expired.');
  });

  it('validates the reason', async () => {
    const { provider, base } = await setup();
    const missing = await provider.client.patch(`${base}/mark-inactive`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Reason is required');
    const long = await provider.client.patch(`${base}/mark-inactive`, { reason: 'x'.repeat(501) });
    expect(long.body.message).toBe('Must not exceed 500 characters');
    expect((await provider.client.get('/api/v1/provider/inactive-clients?statusFilter=gone')).status).toBe(
      400,
    );
  });
});

describe('disconnect', () => {
  it('sets disconnected and accessLevel none; final until a new invitation', async () => {
    const { provider, client, row, base } = await setup();
    const reply = await provider.client.patch(`${base}/disconnect`, { reason: 'Ended care' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Client disconnected.' });
    expect(await connectionRow(server, row.id)).toMatchObject({
      status: 'accepted',
      connectionStatus: 'disconnected',
      accessLevel: 'none',
    });
    await server.mail(client.user.email, /disconnected/);
    const twice = await provider.client.patch(`${base}/disconnect`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This client is already disconnected.');
    expect((await provider.client.post(`${base}/generate-reactivation-token`)).status).toBe(409);

    expect((await provider.client.get<InactiveList>('/api/v1/provider/inactive-clients')).body.total).toBe(0);
    const all = await provider.client.get<InactiveList>(
      '/api/v1/provider/inactive-clients?includeDisconnected=true',
    );
    expect(all.body.clients[0]).toMatchObject({ connectionStatus: 'disconnected', accessLevel: 'none' });
    expect(
      (await provider.client.get<InactiveList>('/api/v1/provider/inactive-clients?statusFilter=disconnected'))
        .body.total,
    ).toBe(1);

    // A new invitation is the way back.
    const invited = await provider.client.post('/api/v1/add-patient', { email: client.user.email });
    expect(invited.status).toBe(201);
    expect(await connectionRow(server, row.id)).toMatchObject({
      status: 'pending',
      connectionStatus: 'active',
      accessLevel: 'full',
    });
    // Until the client accepts again they are not the provider's client.
    const pendingDisconnect = await provider.client.patch(`${base}/disconnect`);
    expect(pendingDisconnect.status).toBe(404);
    expect(pendingDisconnect.body.message).toBe('Client not found');
  });
});

describe('bulk update', () => {
  it('runs each item and answers success false with per-item results when one fails', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const a = await server.createUser();
    const b = await server.createUser();
    const c = await server.createUser();
    await connect(server, provider.user.id, a.id);
    await connect(server, provider.user.id, b.id);
    await connect(server, provider.user.id, c.id, { status: 'pending', invitedBy: 'patient' });
    const reply = await provider.client.patch<{
      success: boolean;
      results: { clientId: string; success: boolean; message: string }[];
    }>('/api/v1/provider/inactive-clients/bulk-update', {
      clientIds: [a.id, b.id, c.id, 'junk'],
      action: 'mark-inactive',
      reason: 'Quarterly review',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(false);
    expect(reply.body.results).toEqual([
      { clientId: a.id, success: true, message: 'Client marked inactive.' },
      { clientId: b.id, success: true, message: 'Client marked inactive.' },
      { clientId: c.id, success: false, message: 'Only an accepted, active client can be marked inactive.' },
      { clientId: 'junk', success: false, message: 'Client not found' },
    ]);
    const ok = await provider.client.patch<{ success: boolean }>(
      '/api/v1/provider/inactive-clients/bulk-update',
      {
        clientIds: [a.id, b.id],
        action: 'reactivate',
      },
    );
    expect(ok.body.success).toBe(true);
    await server.mail(a.email, /reactivate/);
    const dis = await provider.client.patch<{ success: boolean }>(
      '/api/v1/provider/inactive-clients/bulk-update',
      {
        clientIds: [a.id],
        action: 'disconnect',
      },
    );
    expect(dis.body.success).toBe(true);

    const noReason = await provider.client.patch('/api/v1/provider/inactive-clients/bulk-update', {
      clientIds: [a.id],
      action: 'mark-inactive',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Reason is required');
    const empty = await provider.client.patch('/api/v1/provider/inactive-clients/bulk-update', {
      clientIds: [],
      action: 'disconnect',
    });
    expect(empty.status).toBe(400);
  });
});

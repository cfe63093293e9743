import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.js';
import { auditOf, connect, connectionRow, eventsOf } from '../../../test/connections.js';
import { auditLogs } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function docPatients(client: Awaited<ReturnType<TestServer['signIn']>>['client'], ids: string[]) {
  const reply = await client.get<{ patients: { patientId: string }[] }>(
    `/api/v1/get-doc-patient?userIds=${ids.join(',')}`,
  );
  expect(reply.status).toBe(200);
  return reply.body.patients.map((p) => p.patientId);
}

describe('get-doc-patient and user-detail follow the access policy', () => {
  it('answers only accepted + active clients and writes one ACCESS_PHI row per client read', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const states = [
      { status: 'accepted', connectionStatus: 'active' },
      { status: 'pending', connectionStatus: 'active' },
      { status: 'rejected', connectionStatus: 'active' },
      { status: 'deleted', connectionStatus: 'active' },
      { status: 'accepted', connectionStatus: 'inactive' },
      { status: 'accepted', connectionStatus: 'disconnected' },
    ] as const;
    const clients = [];
    for (const state of states) {
      const user = await server.createUser();
      await connect(server, provider.user.id, user.id, state);
      clients.push(user);
    }
    const stranger = await server.createUser();
    const ids = [...clients.map((c) => c.id), stranger.id, 'not-a-uuid', randomUUID()];
    expect(await docPatients(provider.client, ids)).toEqual([clients[0]?.id]);

    const phi = await auditOf(server, 'ACCESS_PHI', provider.user.id);
    expect(phi).toHaveLength(1);
    expect(phi[0]).toMatchObject({
      patientId: clients[0]?.id,
      actorRole: 'provider',
      resourceType: 'client-summary',
    });

    expect((await provider.client.get(`/api/v1/user-detail/${clients[0]?.id}`)).status).toBe(200);
    for (const c of [...clients.slice(1), stranger]) {
      expect((await provider.client.get(`/api/v1/user-detail/${c.id}`)).status).toBe(404);
    }
    expect((await auditOf(server, 'ACCESS_PHI', provider.user.id)).length).toBe(2);
    expect(
      (
        await provider.client.get(
          '/api/v1/get-doc-patient?userIds=' + Array.from({ length: 101 }, (_, i) => `a${i}`).join(','),
        )
      ).status,
    ).toBe(400);
  });

  it('ends access after rejection, removal, inactivation and disconnection, through the API', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const readable = async (id: string) => (await docPatients(provider.client, [id])).length === 1;

    const a = await server.signIn();
    const row = await connect(server, provider.user.id, a.user.id);
    expect(await readable(a.user.id)).toBe(true);
    await a.client.put('/api/v1/delete-doctor', { id: row.id });
    expect(await readable(a.user.id)).toBe(false);
    expect((await provider.client.get(`/api/v1/user-detail/${a.user.id}`)).status).toBe(404);

    const b = await server.signIn();
    const pending = await connect(server, provider.user.id, b.user.id, { status: 'pending' });
    await b.client.put('/api/v1/update-doctor-status', { id: pending.id, newStatus: 'rejected' });
    expect(await readable(b.user.id)).toBe(false);

    const c = await server.createUser();
    await connect(server, provider.user.id, c.id);
    await provider.client.patch(`/api/v1/provider/clients/${c.id}/mark-inactive`, { reason: 'Paused' });
    expect(await readable(c.id)).toBe(false);
    expect((await provider.client.get(`/api/v1/user-detail/${c.id}`)).status).toBe(404);

    const d = await server.createUser();
    await connect(server, provider.user.id, d.id);
    await provider.client.patch(`/api/v1/provider/clients/${d.id}/disconnect`, {});
    expect(await readable(d.id)).toBe(false);
  });

  it('a second provider reads nothing of a client connected only to the first', async () => {
    const first = await server.signIn({ role: 'provider' });
    const second = await server.signIn({ role: 'provider' });
    const client = await server.createUser();
    await connect(server, first.user.id, client.id);
    expect(await docPatients(second.client, [client.id])).toEqual([]);
    expect((await second.client.get(`/api/v1/user-detail/${client.id}`)).status).toBe(404);
    expect(await auditOf(server, 'ACCESS_PHI', second.user.id)).toEqual([]);
  });
});

describe('ids of other people (IDOR) answer 404 and change nothing', () => {
  it('covers every route that takes an id', async () => {
    const owner = await server.signIn({ role: 'provider' });
    const ownerClient = await server.signIn();
    const row = await connect(server, owner.user.id, ownerClient.user.id, {
      status: 'pending',
      invitedBy: 'patient',
    });
    const otherProvider = await server.signIn({ role: 'provider' });
    const otherPatient = await server.signIn();
    const before = await connectionRow(server, row.id);
    const cid = ownerClient.user.id;

    const providerCalls = [
      () => otherProvider.client.put('/api/v1/update-patient-status', { id: row.id, newStatus: 'accepted' }),
      () => otherProvider.client.put('/api/v1/delete-patient-invitation', { id: row.id }),
      () => otherProvider.client.patch(`/api/v1/provider/clients/${cid}/mark-inactive`, { reason: 'x' }),
      () => otherProvider.client.post(`/api/v1/provider/clients/${cid}/generate-reactivation-token`),
      () => otherProvider.client.patch(`/api/v1/provider/clients/${cid}/reactivate`),
      () => otherProvider.client.patch(`/api/v1/provider/clients/${cid}/disconnect`, {}),
      () => otherProvider.client.get(`/api/v1/provider/clients/${cid}/status-history`),
      () => otherProvider.client.get(`/api/v1/provider/clients/${cid}/connection-status`),
      // A connection id where a client id is expected is not found either.
      () => otherProvider.client.get(`/api/v1/provider/clients/${row.id}/connection-status`),
    ];
    const patientCalls = [
      () => otherPatient.client.put('/api/v1/update-doctor-status', { id: row.id, newStatus: 'accepted' }),
      () => otherPatient.client.put('/api/v1/delete-doctor', { id: row.id }),
    ];
    for (const call of [...providerCalls, ...patientCalls]) {
      const reply = await call();
      expect(reply.status).toBe(404);
      expect(reply.body.success).toBe(false);
    }
    const failures = [
      ...(await auditOf(server, 'AUTHORIZATION_FAILURE', otherProvider.user.id)),
      ...(await auditOf(server, 'AUTHORIZATION_FAILURE', otherPatient.user.id)),
    ];
    expect(failures).toHaveLength(providerCalls.length + patientCalls.length);
    expect(await connectionRow(server, row.id)).toEqual(before);
    expect(await eventsOf(server, row.id)).toEqual([]);

    const bulk = await otherProvider.client.patch<{
      success: boolean;
      results: { success: boolean; message: string }[];
    }>('/api/v1/provider/inactive-clients/bulk-update', { clientIds: [cid], action: 'disconnect' });
    expect(bulk.body.success).toBe(false);
    expect(bulk.body.results[0]).toMatchObject({ success: false, message: 'Client not found' });
    expect(await connectionRow(server, row.id)).toEqual(before);
  });
});

describe('roles', () => {
  it('refuses the other role with 403 and an AUTHORIZATION_FAILURE row', async () => {
    const patient = await server.signIn();
    const provider = await server.signIn({ role: 'provider' });
    const admin = await server.signIn({ role: 'admin' });
    const id = randomUUID();
    const providerOnly: [string, string][] = [
      ['POST', '/api/v1/add-patient'],
      ['POST', '/api/v1/get-patients'],
      ['GET', '/api/v1/get-doc-patient'],
      ['PUT', '/api/v1/update-patient-status'],
      ['PUT', '/api/v1/delete-patient-invitation'],
      ['PATCH', `/api/v1/provider/clients/${id}/mark-inactive`],
      ['POST', `/api/v1/provider/clients/${id}/generate-reactivation-token`],
      ['PATCH', `/api/v1/provider/clients/${id}/reactivate`],
      ['PATCH', `/api/v1/provider/clients/${id}/disconnect`],
      ['GET', '/api/v1/provider/inactive-clients'],
      ['GET', `/api/v1/provider/clients/${id}/status-history`],
      ['PATCH', '/api/v1/provider/inactive-clients/bulk-update'],
      ['GET', `/api/v1/provider/clients/${id}/connection-status`],
    ];
    const patientOnly: [string, string][] = [
      ['POST', '/api/v1/add-doctor'],
      ['GET', '/api/v1/invite-doctor?email=a@b.test'],
      ['GET', `/api/v1/patient-invite-doctor/${id}`],
      ['GET', '/api/v1/get-doctors'],
      ['PUT', '/api/v1/update-doctor-status'],
      ['PUT', '/api/v1/delete-doctor'],
      ['GET', '/api/v1/get-accepted-doctors'],
      ['GET', '/api/v1/access-history'],
      ['POST', '/api/v1/provider/reactivation/consent'],
    ];
    const check = async (who: typeof patient, routes: [string, string][]) => {
      for (const [method, path] of routes) {
        const options = method === 'GET' ? {} : { body: {} };
        const reply = await who.client.request(method, path, options);
        expect(reply.status, `${method} ${path}`).toBe(403);
        expect((await server.client().request(method, path, options)).status).toBe(401);
      }
      const rows = await server.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'AUTHORIZATION_FAILURE'), eq(auditLogs.actorId, who.user.id)));
      return rows.length;
    };
    expect(await check(patient, providerOnly)).toBe(providerOnly.length);
    expect(await check(provider, patientOnly)).toBe(patientOnly.length);
    expect(await check(admin, [...providerOnly, ...patientOnly])).toBe(
      providerOnly.length + patientOnly.length,
    );
  });
});

describe('access-history', () => {
  it('lists the ACCESS_PHI rows about the caller with the provider name, paged', async () => {
    const patient = await server.signIn();
    const provider = await server.signIn({ role: 'provider', firstName: 'Reed', lastName: 'Reader' });
    await connect(server, provider.user.id, patient.user.id);
    await docPatients(provider.client, [patient.user.id]);
    await provider.client.get(`/api/v1/user-detail/${patient.user.id}`);
    await docPatients(provider.client, [patient.user.id]);

    const page = await patient.client.get<{
      entries: { providerName: string; providerId: string; resourceType: string; occurredAt: string }[];
      total: number;
      hasNext: boolean;
    }>('/api/v1/access-history?limit=2');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.hasNext).toBe(true);
    expect(page.body.entries).toHaveLength(2);
    expect(page.body.entries[0]).toMatchObject({ providerName: 'Reed Reader', providerId: provider.user.id });
    const types = (
      await patient.client.get<{ entries: { resourceType: string }[] }>('/api/v1/access-history')
    ).body.entries
      .map((e) => e.resourceType)
      .sort();
    expect(types).toEqual(['client-summary', 'client-summary', 'user-detail']);
    const other = await server.signIn();
    expect((await other.client.get<{ total: number }>('/api/v1/access-history')).body.total).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectionRow, outbox } from '../../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { connections, users } from '../../db/schema/index.js';

/**
 * A provider learns nothing about a person until that person accepts: add-patient answers alike
 * for every address, and every provider list shows an unaccepted client only by the address typed.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const uniform = {
  success: true,
  message: 'Invitation sent. The client appears in your list once they accept.',
};

interface Sent {
  id: string;
  email: string;
  sentOn: string;
}
interface PatientsPage {
  patients: { _id: string; patientId: string; displayName: string }[];
  total: number;
  pendingEmailInvitations: Sent[];
}

const patients = async (client: Client, data: Record<string, unknown> = {}) =>
  (await client.post<PatientsPage>('/api/v1/get-patients', { data })).body;

/** The mails to an address once there are at least `count` (mail is a background job). */
async function mailsTo(email: string, count: number) {
  const deadline = Date.now() + 15_000;
  let mails = await outbox(server, email);
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    mails = await outbox(server, email);
  }
  return mails;
}

async function secretClient() {
  return server.signIn({ email: address('secret'), firstName: 'Sabine', lastName: 'Secretwood' });
}

async function connectionOf(providerId: string, patientId: string) {
  const [row] = await server.database.db
    .select()
    .from(connections)
    .where(eq(connections.providerId, providerId));
  expect(row?.patientId).toBe(patientId);
  return row;
}

describe('add-patient', () => {
  it('answers the same for a client account, another account and no account, and mails each address once', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await secretClient();
    const colleague = await server.createUser({ role: 'provider', email: address('colleague') });
    const admin = await server.createUser({ role: 'admin', email: address('admin') });
    const nobody = address('nobody');

    for (const email of [patient.user.email, colleague.email, admin.email, nobody]) {
      const reply = await provider.client.post('/api/v1/add-patient', { email });
      expect(reply.status, email).toBe(201);
      expect(reply.body, email).toEqual(uniform);
      await server.mail(email);
      expect(await outbox(server, email), email).toHaveLength(1);
    }
    // Nothing of the client in any answer: not the name, not the id.
    const list = await patients(provider.client);
    const text = JSON.stringify(list);
    expect(text).not.toContain('Secretwood');
    expect(text).not.toContain(patient.user.id);
    expect(list.total).toBe(0);
    expect(list.patients).toEqual([]);
    // Every invitation is listed alike, by the address typed.
    expect(list.pendingEmailInvitations.map((p) => p.email).sort()).toEqual(
      [patient.user.email, colleague.email, admin.email, nobody].sort(),
    );
    for (const sent of list.pendingEmailInvitations)
      expect(Object.keys(sent).sort()).toEqual(['email', 'id', 'sentOn']);
  });

  it('answers 201 again for a client who has not answered (mailed again), 409 only for a client the provider already sees', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await secretClient();
    await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    const again = await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(uniform);
    expect(await mailsTo(patient.user.email, 2)).toHaveLength(2);

    const known = await server.signIn();
    await connect(server, provider.user.id, known.user.id);
    const connected = await provider.client.post('/api/v1/add-patient', { email: known.user.email });
    expect(connected.status).toBe(409);
    const asking = await server.signIn();
    await connect(server, provider.user.id, asking.user.id, { status: 'pending', invitedBy: 'patient' });
    expect((await provider.client.post('/api/v1/add-patient', { email: asking.user.email })).status).toBe(
      409,
    );
  });
});

describe('what a provider sees of a client who has not accepted', () => {
  it('only the address typed, in every list and on every client route, until the client accepts', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await secretClient();
    const typed = patient.user.email;
    await provider.client.post('/api/v1/add-patient', { email: typed });
    const row = await connectionOf(provider.user.id, patient.user.id);
    const id = patient.user.id;

    // The client changes their address: the provider still sees only the one they typed.
    const moved = address('moved');
    await server.database.db.update(users).set({ email: moved }).where(eq(users.id, id));
    const list = await patients(provider.client);
    expect(list.pendingEmailInvitations).toEqual([{ id: row?.id, email: typed, sentOn: expect.any(String) }]);
    expect(JSON.stringify(list)).not.toContain(moved);
    for (const data of [
      { search: 'Sabine' },
      { search: 'secretwood' },
      { status: 'pending' },
      { status: 'rejected' },
    ])
      expect((await patients(provider.client, data)).total, JSON.stringify(data)).toBe(0);

    // The client's id answers like a stranger's on every provider route.
    const base = `/api/v1/provider/clients/${id}`;
    const notFound = [
      await provider.client.get(`${base}/connection-status`),
      await provider.client.get(`${base}/status-history`),
      await provider.client.patch(`${base}/mark-inactive`, { reason: 'x' }),
      await provider.client.patch(`${base}/disconnect`, {}),
      await provider.client.post(`${base}/generate-reactivation-token`),
      await provider.client.get(`/api/v1/user-detail/${id}`),
    ];
    for (const reply of notFound) expect(reply.status).toBe(404);
    const bulk = await provider.client.patch<{ results: { message: string }[] }>(
      '/api/v1/provider/inactive-clients/bulk-update',
      { clientIds: [id], action: 'mark-inactive', reason: 'x' },
    );
    expect(bulk.body.results[0]?.message).toBe('Client not found');
    const inactive = await provider.client.get<{ total: number }>(
      '/api/v1/provider/inactive-clients?includeDisconnected=true',
    );
    expect(inactive.body.total).toBe(0);
    // Its connection id answers like an email invitation's to a decision.
    const decide = await provider.client.put('/api/v1/update-patient-status', {
      id: row?.id,
      newStatus: 'accepted',
    });
    expect(decide.status).toBe(404);
    expect(decide.body.message).toBe('Invitation not found');

    // Once the client accepts, the provider sees them.
    const accepted = await patient.client.put('/api/v1/update-doctor-status', {
      id: row?.id,
      newStatus: 'accepted',
    });
    expect(accepted.status).toBe(200);
    const after = await patients(provider.client);
    expect(after.patients).toEqual([
      expect.objectContaining({ patientId: id, displayName: 'Sabine Secretwood' }),
    ]);
    expect(after.pendingEmailInvitations).toEqual([]);
    expect((await provider.client.get(`${base}/connection-status`)).status).toBe(200);
  });

  it('a client declining or removing the invitation is not told to the provider', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await secretClient();
    await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    const row = await connectionOf(provider.user.id, patient.user.id);
    const declined = await patient.client.put('/api/v1/update-doctor-status', {
      id: row?.id,
      newStatus: 'rejected',
    });
    expect(declined.status).toBe(200);
    expect((await connectionRow(server, row?.id ?? ''))?.status).toBe('rejected');
    const list = await patients(provider.client);
    expect(list.pendingEmailInvitations.map((p) => p.email)).toEqual([patient.user.email]);
    expect(list.total).toBe(0);
    expect(JSON.stringify(list)).not.toContain('Secretwood');

    expect((await patient.client.put('/api/v1/delete-doctor', { id: row?.id })).status).toBe(200);
    // Let the mail job run, then check no mail named the client to the provider.
    await server.mail(patient.user.email, /invitation/i);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = await outbox(server, provider.user.email);
    expect(mails.map((m) => m.subject)).toEqual([]);
  });

  it('the provider cancels either kind of sent invitation by its id', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await secretClient();
    const nobody = address('nobody');
    await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    await provider.client.post('/api/v1/add-patient', { email: nobody });
    const sent = (await patients(provider.client)).pendingEmailInvitations;
    expect(sent).toHaveLength(2);
    for (const invitation of sent) {
      const reply = await provider.client.put('/api/v1/delete-patient-invitation', { id: invitation.id });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, message: 'Invitation deleted successfully.' });
    }
    expect((await patients(provider.client)).pendingEmailInvitations).toEqual([]);
    // Another provider cannot cancel them.
    const other = await server.signIn({ role: 'provider' });
    await provider.client.post('/api/v1/add-patient', { email: nobody });
    const [again] = (await patients(provider.client)).pendingEmailInvitations;
    expect((await other.client.put('/api/v1/delete-patient-invitation', { id: again?.id })).status).toBe(404);
    expect((await patients(provider.client)).pendingEmailInvitations).toHaveLength(1);
  });
});

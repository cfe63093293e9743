import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { connect, connectionRow, eventsOf } from '../../../test/connections.js';

interface ProviderRow {
  _id: string;
  invitationId: string;
  doctorName: string;
  doctorEmail: { email: string };
  customerId: string;
  invitationStatus: string;
  connectionStatus: string;
  getInvited: string;
}
interface ClientRow {
  _id: string;
  patientId: string;
  invitationStatus: string;
  displayName: string;
  email: string;
  getInvited: string;
  isDeleted: boolean;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function pair() {
  const provider = await server.signIn({ role: 'provider', firstName: 'Dana', lastName: 'Doc' });
  const patient = await server.signIn({ role: 'patient', firstName: 'Pia', lastName: 'Client' });
  return { provider, patient };
}

async function doctors(client: Client) {
  return (await client.get<{ doctors: ProviderRow[]; total: number }>('/api/v1/get-doctors')).body;
}
async function patients(client: Client, data: Record<string, unknown> = {}) {
  return (await client.post<{ patients: ClientRow[]; total: number }>('/api/v1/get-patients', { data })).body;
}

describe('provider invites a client (add-patient)', () => {
  it('creates a pending invitation, lists it on both sides, mails the client; the client accepts once', async () => {
    const { provider, patient } = await pair();
    const added = await provider.client.post('/api/v1/add-patient', {
      email: patient.user.email.toUpperCase(),
    });
    expect(added.status).toBe(201);
    // The provider learns nothing of the client until they accept (invitation-privacy.api.test.ts).
    expect(added.body).toEqual({
      success: true,
      message: 'Invitation sent. The client appears in your list once they accept.',
    });
    await server.mail(patient.user.email, /invitation/i);

    const listed = await doctors(patient.client);
    expect(listed.total).toBe(1);
    const id = listed.doctors[0]?._id ?? '';
    expect(listed.doctors[0]).toMatchObject({
      _id: id,
      invitationId: id,
      doctorName: 'Dana Doc',
      doctorEmail: { email: provider.user.email },
      customerId: provider.user.id,
      invitationStatus: 'pending',
      getInvited: 'recieveInvitation',
    });
    expect((await patients(provider.client)).patients).toEqual([]);

    const accepted = await patient.client.put('/api/v1/update-doctor-status', { id, newStatus: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, message: 'Provider status updated to accepted' });
    await server.mail(provider.user.email, /^Your invitation was accepted$/);
    expect((await patients(provider.client)).patients).toEqual([
      expect.objectContaining({
        _id: id,
        patientId: patient.user.id,
        invitationStatus: 'accepted',
        getInvited: 'sendInvitation',
        displayName: 'Pia Client',
        isDeleted: false,
      }),
    ]);

    for (const newStatus of ['accepted', 'rejected']) {
      const again = await patient.client.put('/api/v1/update-doctor-status', { id, newStatus });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This action is disabled because the user is already Accepted.');
    }
    const row = await connectionRow(server, id);
    expect(row).toMatchObject({ status: 'accepted', statusChangedBy: patient.user.id });
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    expect((await eventsOf(server, id)).map((e) => [e.kind, e.actorRole])).toEqual([
      ['invited', 'provider'],
      ['accepted', 'patient'],
    ]);
    const accepted2 = await patient.client.get<{ doctors: ProviderRow[] }>('/api/v1/get-accepted-doctors');
    expect(accepted2.body.doctors.map((d) => d._id)).toEqual([id]);
  });

  it('locks a rejection with its message and refuses the inviter deciding', async () => {
    const { provider, patient } = await pair();
    await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    const id = (await doctors(patient.client)).doctors[0]?._id ?? '';
    // The provider's own unanswered invitation is not found to a decision (it is listed by address).
    const own = await provider.client.put('/api/v1/update-patient-status', { id, newStatus: 'accepted' });
    expect(own.status).toBe(404);
    expect((await connectionRow(server, id))?.status).toBe('pending');
    // A client deciding their own invitation is told why.
    const mine = await server.signIn({ role: 'provider' });
    await patient.client.post('/api/v1/add-doctor', { email: mine.user.email });
    const sent = (await doctors(patient.client)).doctors.find((d) => d.customerId === mine.user.id);
    const self = await patient.client.put('/api/v1/update-doctor-status', {
      id: sent?._id,
      newStatus: 'accepted',
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Only the invited person can accept or reject this invitation.');

    const rejected = await patient.client.put('/api/v1/update-doctor-status', { id, newStatus: 'rejected' });
    expect(rejected.body.message).toBe('Provider status updated to rejected');
    const again = await patient.client.put('/api/v1/update-doctor-status', { id, newStatus: 'accepted' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This user is Rejected by Client.');
    expect((await connectionRow(server, id))?.status).toBe('rejected');

    // A rejected pair may be invited again: back to pending.
    const reinvite = await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    expect(reinvite.status).toBe(201);
    expect((await connectionRow(server, id))?.status).toBe('pending');
  });

  it('ignores an empty newStatus or a missing id and changes nothing', async () => {
    const { provider, patient } = await pair();
    const row = await connect(server, provider.user.id, patient.user.id, { status: 'pending' });
    for (const body of [
      { id: row.id, newStatus: '' },
      { newStatus: 'accepted' },
      { id: '', newStatus: 'accepted' },
      {},
    ]) {
      const reply = await patient.client.put('/api/v1/update-doctor-status', body);
      expect(reply.status, JSON.stringify(body)).toBe(200);
      expect(reply.body).toMatchObject({ success: true, ignored: true });
      const p = await provider.client.put('/api/v1/update-patient-status', body);
      expect(p.body).toMatchObject({ success: true, ignored: true });
    }
    expect((await patient.client.put('/api/v1/delete-doctor', {})).body).toMatchObject({ ignored: true });
    expect((await provider.client.put('/api/v1/delete-patient-invitation', { id: null })).body).toMatchObject(
      {
        ignored: true,
      },
    );
    expect((await connectionRow(server, row.id))?.status).toBe('pending');
    expect(await eventsOf(server, row.id)).toEqual([]);
  });

  it('refuses duplicates (409), yourself and the wrong role (400), and bad fields (400)', async () => {
    const { provider, patient } = await pair();
    await connect(server, provider.user.id, patient.user.id, { status: 'pending', invitedBy: 'patient' });
    const dup = await provider.client.post('/api/v1/add-patient', { email: patient.user.email });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An invitation already exists for this person.');
    const dup2 = await patient.client.post('/api/v1/add-doctor', { email: provider.user.email });
    expect(dup2.body.message).toBe('An invitation already exists for this person.');

    const self = await provider.client.post('/api/v1/add-patient', { email: provider.user.email });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot invite yourself.');
    // add-patient never tells what kind of account an address has (invitation-privacy.api.test.ts).
    const other = await server.createUser({ role: 'provider' });
    const wrong = await provider.client.post('/api/v1/add-patient', { email: other.email });
    expect(wrong.status).toBe(201);
    const wrong2 = await patient.client.post('/api/v1/add-doctor', {
      email: (await server.createUser()).email,
    });
    expect(wrong2.body.message).toBe('This email belongs to an account that is not a provider.');
    const unapproved = await server.createUser({ role: 'provider', approved: false });
    expect((await patient.client.post('/api/v1/add-doctor', { email: unapproved.email })).status).toBe(400);

    const missing = await provider.client.post('/api/v1/add-patient', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Email is required');
    const bad = await patient.client.post('/api/v1/add-doctor', { email: 'not-an-email' });
    expect(bad.body.message).toBe('Invalid format');
    const badStatus = await patient.client.put('/api/v1/update-doctor-status', {
      id: 'x',
      newStatus: 'maybe',
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('Must be one of: accepted, rejected');
    const badList = await provider.client.post('/api/v1/get-patients', { data: { limit: 500 } });
    expect(badList.status).toBe(400);
    expect(badList.body.message).toBe('Must not exceed 100');
  });
});

describe('client invites a provider', () => {
  it('add-doctor, invite-doctor and patient-invite-doctor create client-sent invitations the provider accepts', async () => {
    const { provider, patient } = await pair();
    const byId = await patient.client.get<{ invitation: ProviderRow }>(
      `/api/v1/patient-invite-doctor/${provider.user.id}`,
    );
    expect(byId.status).toBe(200);
    expect(byId.body.invitation).toMatchObject({ invitationStatus: 'pending', getInvited: 'sendInvitation' });
    const id = byId.body.invitation._id;
    await server.mail(provider.user.email, /invitation/i);

    const own = await patient.client.put('/api/v1/update-doctor-status', { id, newStatus: 'accepted' });
    expect(own.status).toBe(403);
    const listed = await patients(provider.client, { status: 'pending' });
    expect(listed.patients[0]).toMatchObject({ _id: id, getInvited: 'recieveInvitation' });
    const accepted = await provider.client.put<{ invitation: ClientRow }>('/api/v1/update-patient-status', {
      id,
      newStatus: 'accepted',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation.invitationStatus).toBe('accepted');

    const second = await pair();
    const viaGet = await second.patient.client.get<{ invitation: ProviderRow }>(
      `/api/v1/invite-doctor?email=${encodeURIComponent(second.provider.user.email)}`,
    );
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.invitation.customerId).toBe(second.provider.user.id);
    const viaPost = await (
      await pair()
    ).patient.client.post('/api/v1/add-doctor', { email: provider.user.email });
    expect(viaPost.status).toBe(201);

    for (const bad of [
      'not-a-uuid',
      patient.user.id,
      (await server.createUser({ role: 'provider', approved: false })).id,
    ]) {
      expect((await patient.client.get(`/api/v1/patient-invite-doctor/${bad}`)).status, bad).toBe(404);
    }
  });
});

describe('removing', () => {
  it('delete-doctor marks deleted, hides the row on both sides and ends access; a new invitation reopens it', async () => {
    const { provider, patient } = await pair();
    const row = await connect(server, provider.user.id, patient.user.id);
    const removed = await patient.client.put('/api/v1/delete-doctor', { id: row.id });
    expect(removed.body).toEqual({ success: true, message: 'Provider deleted successfully.' });
    expect((await connectionRow(server, row.id))?.status).toBe('deleted');
    expect((await doctors(patient.client)).total).toBe(0);
    expect((await patients(provider.client)).total).toBe(0);
    expect((await provider.client.get(`/api/v1/user-detail/${patient.user.id}`)).status).toBe(404);
    await server.mail(provider.user.email, /^A connection was removed$/);
    expect((await patient.client.put('/api/v1/delete-doctor', { id: row.id })).status).toBe(404);

    const again = await patient.client.post<{ invitation: ProviderRow }>('/api/v1/add-doctor', {
      email: provider.user.email,
    });
    expect(again.status).toBe(201);
    expect(again.body.invitation).toMatchObject({
      _id: row.id,
      invitationStatus: 'pending',
      getInvited: 'sendInvitation',
    });
  });

  it('delete-patient-invitation removes it for the provider', async () => {
    const { provider, patient } = await pair();
    const row = await connect(server, provider.user.id, patient.user.id, { status: 'pending' });
    const removed = await provider.client.put('/api/v1/delete-patient-invitation', { id: row.id });
    expect(removed.body).toEqual({ success: true, message: 'Invitation deleted successfully.' });
    expect((await doctors(patient.client)).total).toBe(0);
    expect((await eventsOf(server, row.id)).map((e) => e.kind)).toEqual(['deleted']);
  });
});

describe('lists', () => {
  it('get-patients and get-doctors page, search and filter', async () => {
    const provider = await server.signIn({ role: 'provider' });
    for (let i = 0; i < 3; i += 1) {
      const p = await server.createUser({ firstName: `Zed${i}`, lastName: 'Searchable' });
      await connect(
        server,
        provider.user.id,
        p.id,
        i === 0 ? { status: 'pending', invitedBy: 'patient' } : { status: 'accepted' },
      );
    }
    const page1 = await provider.client.post<{
      patients: ClientRow[];
      total: number;
      pages: number;
      hasNext: boolean;
    }>('/api/v1/get-patients', { data: { limit: 2 } });
    expect(page1.body).toMatchObject({ total: 3, pages: 2, hasNext: true });
    expect(page1.body.patients).toHaveLength(2);
    expect((await patients(provider.client, { status: 'pending' })).total).toBe(1);
    expect((await patients(provider.client, { search: 'zed1 search' })).total).toBe(1);
    expect((await patients(provider.client, { page: 5 })).total).toBe(3);

    const patient = await server.signIn();
    for (let i = 0; i < 3; i += 1) {
      const d = await server.createUser({ role: 'provider', firstName: `Doc${i}`, lastName: 'Who' });
      await connect(server, d.id, patient.user.id, { status: i === 0 ? 'deleted' : 'accepted' });
    }
    const list = await patient.client.get<{ total: number; doctors: ProviderRow[] }>(
      '/api/v1/get-doctors?limit=5&search=doc2',
    );
    expect(list.body.total).toBe(1);
    expect(list.body.doctors[0]?.doctorName).toBe('Doc2 Who');
    expect((await patient.client.get('/api/v1/get-doctors?limit=101')).status).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { emailInvitations } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const strong = 'Journal@2024';

async function registerAndActivate(email: string, role: 'patient' | 'provider') {
  const reply = await server.client().post<{ activationToken: string }>('/api/v1/registration', {
    firstName: 'New',
    lastName: 'Person',
    email,
    password: strong,
    confirmPassword: strong,
    termsAccepted: true,
    ...(role === 'provider' ? { role } : {}),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const code = codeIn((await server.mail(email, /Activate/)).text);
  const activated = await server.client().post('/api/v1/activate-user', {
    activation_token: reply.body.activationToken,
    activation_code: code,
  });
  expect(activated.status).toBe(200);
}

async function login(email: string): Promise<Client> {
  const client = server.client();
  const reply = await client.post<{ accessToken: string }>('/api/v1/login', { email, password: strong });
  expect(reply.status).toBe(200);
  client.token = reply.body.accessToken;
  return client;
}

describe('email invitations', () => {
  it('invites an address without an account; after register + activate the invitation is pending', async () => {
    const provider = await server.signIn({ role: 'provider', firstName: 'Ivy', lastName: 'Inviter' });
    const email = `invitee-${randomUUID().slice(0, 8)}@example.test`;
    const reply = await provider.client.post('/api/v1/add-patient', { email, firstName: 'New' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      message: 'Invitation sent. The client appears in your list once they accept.',
    });

    const mail = await server.mail(email, /invited/);
    const link = new RegExp(
      `${server.config.publicUrl}/auth/register\\?invite=([\\w-]+)&email=${encodeURIComponent(email)}`,
    ).exec(mail.text);
    expect(link?.[1]).toBeTruthy();
    const [stored] = await server.database.db
      .select()
      .from(emailInvitations)
      .where(eq(emailInvitations.email, email));
    expect(stored?.tokenHash).not.toBe(link?.[1]);
    expect(stored?.claimedAt).toBeNull();

    const list = await provider.client.post<{ pendingEmailInvitations: { email: string }[]; total: number }>(
      '/api/v1/get-patients',
      {},
    );
    expect(list.body.pendingEmailInvitations.map((p) => p.email)).toEqual([email]);
    expect(list.body.total).toBe(0);

    await registerAndActivate(email, 'patient');
    const client = await login(email);
    const doctors = await client.get<{
      doctors: { _id: string; customerId: string; invitationStatus: string; getInvited: string }[];
    }>('/api/v1/get-doctors');
    expect(doctors.body.doctors).toEqual([
      expect.objectContaining({
        customerId: provider.user.id,
        invitationStatus: 'pending',
        getInvited: 'recieveInvitation',
      }),
    ]);
    const accept = await client.put('/api/v1/update-doctor-status', {
      id: doctors.body.doctors[0]?._id,
      newStatus: 'accepted',
    });
    expect(accept.body.message).toBe('Provider status updated to accepted');

    const after = await provider.client.post<{ pendingEmailInvitations: unknown[]; total: number }>(
      '/api/v1/get-patients',
      {},
    );
    expect(after.body.pendingEmailInvitations).toEqual([]);
    expect(after.body.total).toBe(1);
  });

  it('a client invites a provider by email; the provider account gets the pending invitation', async () => {
    const patient = await server.signIn();
    const email = `doc-${randomUUID().slice(0, 8)}@example.test`;
    const reply = await patient.client.post('/api/v1/add-doctor', { email });
    expect(reply.status).toBe(201);
    expect(reply.body.emailInvitation).toBe(true);
    await server.mail(email, /invited/);
    await registerAndActivate(email, 'provider');
    const doctors = await patient.client.get<{ doctors: { invitationStatus: string; getInvited: string }[] }>(
      '/api/v1/get-doctors',
    );
    expect(doctors.body.doctors).toEqual([
      expect.objectContaining({ invitationStatus: 'pending', getInvited: 'sendInvitation' }),
    ]);
  });

  it('an invitation to an address that registers with the same role is claimed without a connection', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const email = `same-${randomUUID().slice(0, 8)}@example.test`;
    await provider.client.post('/api/v1/add-patient', { email });
    await registerAndActivate(email, 'provider');
    const [row] = await server.database.db
      .select()
      .from(emailInvitations)
      .where(eq(emailInvitations.email, email));
    expect(row?.claimedAt).toBeInstanceOf(Date);
    const list = await provider.client.post<{ total: number }>('/api/v1/get-patients', {});
    expect(list.body.total).toBe(0);
  });
});

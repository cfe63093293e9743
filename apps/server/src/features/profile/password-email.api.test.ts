import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { auditLogs, users } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const rule =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
const freshEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

interface Reply {
  success: boolean;
  message: string;
  accessToken?: string;
  activationToken: string;
  email?: string;
  oldEmail?: string;
  user?: { id: string; email: string };
  errors?: { path: string; message: string }[];
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function outbox(to: string, subject: RegExp): Promise<Mail[]> {
  const reply = await server.client().get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return reply.body.filter((m) => subject.test(m.subject));
}

/** Waits until `count` mails to the address match the subject; answers the newest. */
async function nthMail(to: string, subject: RegExp, count: number): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = await outbox(to, subject);
    if (found.length >= count && found[0]) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

const login = (email: string, pass = password) =>
  server.client().post('/api/v1/login', { email, password: pass });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function audits(action: string, resourceId: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, resourceId)));
}

describe('update-user-password', () => {
  const change = (client: Client, body: unknown) => client.put<Reply>('/api/v1/update-user-password', body);

  it('answers 400 (not 401) for a wrong current password and keeps the session', async () => {
    const { client } = await server.signIn();
    const reply = await change(client, { oldPassword: 'Wrong@1234', newPassword: 'Brand&New99' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Current password is incorrect.');
    expect((await client.get('/api/v1/me')).status).toBe(200);
    expect((await client.get('/api/v1/refresh')).status).toBe(200);
  });

  it('answers the password rule for a weak new password and refuses the same password', async () => {
    const { client } = await server.signIn();
    const weak = await change(client, { oldPassword: password, newPassword: 'alllowercase1' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContainEqual({ path: 'newPassword', message: rule });
    const same = await change(client, { oldPassword: password, newPassword: password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toContainEqual({
      path: 'newPassword',
      message: 'New password must differ from the current password',
    });
    const missing = await change(client, { newPassword: 'Brand&New99' });
    expect(missing.body.errors).toContainEqual({
      path: 'oldPassword',
      message: 'Current password is required',
    });
  });

  it('changes the password, answers a new access token and signs the other sessions out', async () => {
    const { client, user } = await server.signIn();
    const other = server.client();
    expect((await other.post('/api/v1/login', { email: user.email, password })).status).toBe(200);
    const before = client.cookie('ml_refresh');

    const reply = await change(client, { oldPassword: password, newPassword: 'Brand&New99' });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(typeof reply.body.accessToken).toBe('string');
    expect(client.cookie('ml_refresh')).not.toBe(before);
    expect((await client.get('/api/v1/me', { token: reply.body.accessToken ?? null })).status).toBe(200);

    expect((await other.get('/api/v1/refresh')).status).toBe(401);
    expect((await client.get('/api/v1/refresh')).status).toBe(200);
    expect((await login(user.email)).status).toBe(401);
    expect((await login(user.email, 'Brand&New99')).status).toBe(200);
    await nthMail(user.email, /password was changed/, 1);
    expect(await audits('PASSWORD_CHANGED', user.id)).toHaveLength(1);
  });

  it('needs a bearer token', async () => {
    const reply = await change(server.client(), { oldPassword: password, newPassword: 'Brand&New99' });
    expect(reply.status).toBe(401);
  });
});

describe('confirm-password', () => {
  it('confirms the right password and refuses a wrong one with 400', async () => {
    const { client } = await server.signIn();
    const ok = await client.post<Reply>('/api/v1/confirm-password', { password });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const wrong = await client.post<Reply>('/api/v1/confirm-password', { password: 'Wrong@1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password.');
    const huge = await client.post<Reply>('/api/v1/confirm-password', { password: 'x'.repeat(10_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toContainEqual({ path: 'password', message: 'Must not exceed 128 characters' });
    expect((await server.client().post('/api/v1/confirm-password', { password })).status).toBe(401);
  });
});

describe('update-user-email and verify-new-email', () => {
  const request = (client: Client, body: unknown) => client.put<Reply>('/api/v1/update-user-email', body);
  const verify = (client: Client, token: string, code: string) =>
    client.post<Reply>('/api/v1/verify-new-email', { activation_token: token, activation_code: code });

  it('refuses a wrong current email, a wrong password, the same email and a taken email', async () => {
    const { client, user } = await server.signIn();
    const taken = await server.createUser();
    const newEmail = freshEmail('new');

    const mismatch = await request(client, {
      currentEmail: taken.email,
      currentPassword: password,
      newEmail,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Current email does not match your account.');

    const wrong = await request(client, {
      currentEmail: user.email,
      currentPassword: 'Wrong@1234',
      newEmail,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password.');

    const same = await request(client, {
      currentEmail: user.email,
      currentPassword: password,
      newEmail: user.email.toUpperCase(),
    });
    expect(same.status).toBe(400);

    const conflict = await request(client, {
      currentEmail: user.email,
      currentPassword: password,
      newEmail: taken.email.toUpperCase(),
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('An account with this email already exists.');

    const invalid = await request(client, {
      currentEmail: user.email,
      currentPassword: password,
      newEmail: 'not-an-email',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({ path: 'newEmail', message: 'Invalid format' });
    expect(await outbox(newEmail, /Confirm your new email/)).toHaveLength(0);
  });

  it('changes the email with the mailed code, tells the old address, and logs in with the new one', async () => {
    const { client, user } = await server.signIn();
    const newEmail = freshEmail('moved');
    const reply = await request(client, {
      currentEmail: user.email,
      currentPassword: password,
      newEmail: newEmail.toUpperCase(),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, email: newEmail, oldEmail: user.email });
    const code = codeIn((await nthMail(newEmail, /Confirm your new email/, 1)).text);

    // Another signed-in user holding the token and a wrong code gets nowhere.
    const stranger = await server.signIn();
    expect((await verify(stranger.client, reply.body.activationToken, otherCode(code))).status).toBe(400);
    const wrong = await verify(client, reply.body.activationToken, otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid code. Please check the code and try again.');
    expect((await verify(server.client(), reply.body.activationToken, code)).status).toBe(401);

    const ok = await verify(client, reply.body.activationToken, code);
    expect(ok.status).toBe(200);
    expect(ok.body.user?.email).toBe(newEmail);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(newEmail);

    const notice = await nthMail(user.email, /email address was changed/, 1);
    expect(notice.text).toContain(newEmail);
    expect((await login(newEmail)).status).toBe(200);
    expect((await login(user.email)).status).toBe(401);
    expect(await audits('EMAIL_CHANGED', user.id)).toHaveLength(1);
    expect((await verify(client, reply.body.activationToken, code)).status).toBe(400);
  });

  it('refuses the code of another user', async () => {
    const { client, user } = await server.signIn();
    const stranger = await server.signIn();
    const newEmail = freshEmail('theirs');
    const reply = await request(client, { currentEmail: user.email, currentPassword: password, newEmail });
    const code = codeIn((await nthMail(newEmail, /Confirm your new email/, 1)).text);
    const stolen = await verify(stranger.client, reply.body.activationToken, code);
    expect(stolen.status).toBe(400);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, stranger.user.id));
    expect(row?.email).toBe(stranger.user.email);
    // The refused attempt did not use up the owner's code.
    const own = await verify(client, reply.body.activationToken, code);
    expect(own.status).toBe(200);
    expect(own.body.user?.email).toBe(newEmail);
  });
});

describe('resend-otp for an email change', () => {
  it('needs a bearer token', async () => {
    const { user } = await server.signIn();
    const reply = await server.client().post('/api/v1/resend-otp', {
      newEmail: freshEmail('anon'),
      currentEmail: user.email,
    });
    expect(reply.status).toBe(401);
  });

  it('mails a new code for the pending change; the old code stops working', async () => {
    const { client, user } = await server.signIn();
    const newEmail = freshEmail('again');
    const first = await client.put<Reply>('/api/v1/update-user-email', {
      currentEmail: user.email,
      currentPassword: password,
      newEmail,
    });
    const oldCode = codeIn((await nthMail(newEmail, /Confirm your new email/, 1)).text);
    const resent = await client.post<Reply>('/api/v1/resend-otp', { newEmail, currentEmail: user.email });
    expect(resent.status).toBe(200);
    expect(resent.body.success).toBe(true);
    const newCode = codeIn((await nthMail(newEmail, /Confirm your new email/, 2)).text);

    const stale = await client.post('/api/v1/verify-new-email', {
      activation_token: first.body.activationToken,
      activation_code: oldCode,
    });
    expect(stale.status).toBe(400);
    const ok = await client.post<Reply>('/api/v1/verify-new-email', {
      activation_token: resent.body.activationToken,
      activation_code: newCode,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user?.email).toBe(newEmail);
  });

  it('refuses a wrong current email', async () => {
    const { client } = await server.signIn();
    const reply = await client.post('/api/v1/resend-otp', {
      newEmail: freshEmail('x'),
      currentEmail: freshEmail('not-mine'),
    });
    expect(reply.status).toBe(400);
  });

  it('does not start an email change without the password (no pending change for that address)', async () => {
    const { client, user } = await server.signIn();
    const attacker = freshEmail('attacker');
    const reply = await client.post('/api/v1/resend-otp', { newEmail: attacker, currentEmail: user.email });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      message: 'No email change is pending for this address. Start the change again.',
    });
    expect(reply.body).not.toHaveProperty('activationToken');

    // A change started (with the password) for one address does not let a resend redirect it.
    await client.put('/api/v1/update-user-email', {
      currentEmail: user.email,
      currentPassword: password,
      newEmail: freshEmail('mine'),
    });
    const redirected = await client.post('/api/v1/resend-otp', {
      newEmail: attacker,
      currentEmail: user.email,
    });
    expect(redirected.status).toBe(400);
    expect(await outbox(attacker, /Confirm your new email/)).toHaveLength(0);
  });
});

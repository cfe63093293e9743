import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type Client, type TestServer } from '../../../test/harness.js';

/**
 * Ending a session ends it (issue 10 item 5, OWASP ASVS 3.3.1/3.3.3): after logout, a password
 * change or reset, refresh-token reuse or the account's deletion, the access tokens of that
 * session answer 401 at once, not when they expire 15 minutes later.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const mood = {
  mood: 'Fine',
  emoji: '🙂',
  notes: 'A steady day.',
  journalType: 'prompt',
  userTimezone: 'UTC',
  emotionData: {
    primaryEmotion: 'Calm',
    intensity: 6,
    color: '#60A5FA',
    category: 'neutral',
    path: ['Calm'],
  },
};

/** The three calls the issue found still open after a session ended. */
async function expectRefused(token: string, label: string) {
  const client = server.client();
  const me = await client.get('/api/v1/me', { token });
  expect(me.status, `${label}: me`).toBe(401);
  expect(me.body, `${label}: me`).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  const create = await client.post('/api/v1/create-mood', mood, { token });
  expect(create.status, `${label}: create-mood`).toBe(401);
  const audit = await client.post('/api/audit-logs', { logs: [{ action: 'VIEW_PAGE' }] }, { token });
  expect(audit.status, `${label}: audit-logs`).toBe(401);
}

/** A patient whose token works on all three calls before the event under test. */
async function signedInPatient() {
  const signed = await server.signIn();
  const token = signed.client.token ?? '';
  expect((await signed.client.get('/api/v1/me')).status).toBe(200);
  expect((await signed.client.post('/api/v1/create-mood', mood)).status).toBe(201);
  return { ...signed, token };
}

function withCookie(value: string): Client {
  const client = server.client();
  client.setCookie('ml_refresh', value);
  return client;
}

describe('the access token of an ended session is refused at once', () => {
  it('after logout', async () => {
    const { client, token } = await signedInPatient();
    expect((await client.post('/api/v1/logout')).status).toBe(200);
    await expectRefused(token, 'logout');
  });

  it('after logout that carries only the bearer token (no cookie)', async () => {
    const { client, token } = await signedInPatient();
    const bare = server.client();
    expect((await bare.post('/api/v1/logout', {}, { token })).status).toBe(200);
    await expectRefused(token, 'bearer logout');
    // The refresh cookie of that session is dead too.
    expect((await client.get('/api/v1/refresh')).status).toBe(401);
  });

  it('keeps the other sessions of the same user when one logs out', async () => {
    const { client, user } = await signedInPatient();
    const other = server.client();
    const login = await other.post<{ accessToken: string }>('/api/v1/login', {
      email: user.email,
      password,
    });
    expect((await client.post('/api/v1/logout')).status).toBe(200);
    expect((await other.get('/api/v1/me', { token: login.body.accessToken })).status).toBe(200);
  });

  it('after a password change in the profile, except the new session of the device that changed it', async () => {
    const { client, token, user } = await signedInPatient();
    const other = server.client();
    const login = await other.post<{ accessToken: string }>('/api/v1/login', {
      email: user.email,
      password,
    });
    const changed = await client.put<{ accessToken: string }>('/api/v1/update-user-password', {
      oldPassword: password,
      newPassword: 'Brand&New99',
    });
    expect(changed.status).toBe(200);
    await expectRefused(token, 'password change (own old token)');
    await expectRefused(login.body.accessToken, 'password change (other device)');
    expect((await client.get('/api/v1/me', { token: changed.body.accessToken })).status).toBe(200);
  });

  it('after a password reset', async () => {
    const { token, user } = await signedInPatient();
    const { body } = await server
      .client()
      .post<{ activationToken: string }>('/api/v1/reset-user-password', { email: user.email });
    const code = codeIn((await server.mail(user.email, /Reset your MindLedger password/)).text);
    const reset = await server.client().put('/api/v1/set-password', {
      data: {
        activation_token: body.activationToken,
        activation_code: code,
        password: 'Fresh&Start42',
        confirmPassword: 'Fresh&Start42',
      },
    });
    expect(reset.status).toBe(200);
    await expectRefused(token, 'password reset');
  });

  it('after refresh-token reuse is detected', async () => {
    const { client } = await signedInPatient();
    const stolen = client.cookie('ml_refresh') ?? '';
    const rotated = await client.get<{ accessToken: string }>('/api/v1/refresh');
    expect(rotated.status).toBe(200);
    server.clock.advance(20_000);
    expect((await withCookie(stolen).get('/api/v1/refresh')).status).toBe(401);
    await expectRefused(rotated.body.accessToken, 'reuse detection');
  });

  it('after delete-account: 401, never 500 or 202', async () => {
    const { client, token } = await signedInPatient();
    const deleted = await client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' });
    expect(deleted.status).toBe(200);
    await expectRefused(token, 'delete-account');
    for (const path of ['/api/v1/goals/', '/api/v1/get-2fa-settings', '/api/v1/refresh']) {
      expect((await server.client().get(path, { token })).status, path).toBe(401);
    }
  });

  it('after an admin deletes the account', async () => {
    const { token, user } = await signedInPatient();
    const { client: admin } = await server.signIn({ role: 'admin' });
    expect((await admin.delete(`/api/v1/users/${user.id}/delete`)).status).toBe(200);
    await expectRefused(token, 'admin deletion');
  });
});

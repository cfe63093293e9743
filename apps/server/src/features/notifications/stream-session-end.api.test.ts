import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { eventually, openStream } from '../../../test/sse.js';
import { users } from '../../db/schema/index.js';

/**
 * A live stream ends with its session (SECURITY.md, Sessions): whatever ends the session (logout,
 * a password change or reset, a two-factor change, refresh-token reuse, the idle limit, the account
 * made inactive or deleted, by its owner or an admin), the streams it opened close within a second
 * and carry nothing more, not at the next 25 s heartbeat. Other sessions' streams stay open.
 * Two instances: session-instances.api.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Stream = Awaited<ReturnType<typeof openStream>>;

/** A stream of the client's session, open and past its first event (the unread count). */
async function liveStream(client: Client): Promise<Stream & { isClosed: () => boolean }> {
  const stream = await openStream(server.url, client);
  expect(stream.status).toBe(200);
  await eventually(() => stream.events.some((e) => e.event === 'unread'), 5_000, 'the stream to open');
  let closed = false;
  void stream.closed.then(() => (closed = true));
  return Object.assign(stream, { isClosed: () => closed });
}

/** Another device of the same user: its own session (and cookie). */
async function otherDevice(email: string): Promise<Client> {
  const device = server.client();
  const login = await device.post<{ accessToken: string }>('/api/v1/login', { email, password });
  expect(login.status).toBe(200);
  device.token = login.body.accessToken;
  return device;
}

const notification = (title: string) => ({ type: 'important_update' as const, title, message: title });

/**
 * The stream closes within 1 s of the ending's answer, and a notification made for the user
 * afterwards never reaches it (none can be made for a deleted user).
 */
async function expectEnded(stream: Stream & { isClosed: () => boolean }, userId: string, label: string) {
  await eventually(stream.isClosed, 1_000, `${label}: the stream to close`);
  const seen = stream.events.length;
  if ((await server.database.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length)
    await server.services.notifications.notify(userId, notification(`After ${label}`));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(stream.events.slice(seen), label).toEqual([]);
}

/** A stream that must stay open: after a second it is, and a new notification reaches it. */
async function expectStillLive(stream: Stream & { isClosed: () => boolean }, userId: string, label: string) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(stream.isClosed(), `${label}: still open`).toBe(false);
  const row = await server.services.notifications.notify(userId, notification(`Still live ${label}`));
  await eventually(
    () => stream.events.some((e) => e.event === 'notification' && (e.data as { id: string }).id === row?.id),
    5_000,
    `${label}: the notification on the live stream`,
  );
  stream.close();
}

describe('a live stream closes within a second when its session ends', () => {
  it('logout: the stream of that session closes; another device’s stays live', async () => {
    const { client, user } = await server.signIn();
    const other = await otherDevice(user.email);
    const stream = await liveStream(client);
    const kept = await liveStream(other);
    expect((await client.post('/api/v1/logout')).status).toBe(200);
    await expectEnded(stream, user.id, 'logout');
    await expectStillLive(kept, user.id, 'logout elsewhere');
  });

  it('logout with the bearer token only (no cookie)', async () => {
    const { client, user } = await server.signIn();
    const stream = await liveStream(client);
    expect((await server.client().post('/api/v1/logout', {}, { token: client.token })).status).toBe(200);
    await expectEnded(stream, user.id, 'bearer logout');
  });

  it('password change: the streams of every session close, the old one of the changing device too', async () => {
    const { client, user } = await server.signIn();
    const other = await otherDevice(user.email);
    const own = await liveStream(client);
    const elsewhere = await liveStream(other);
    const changed = await client.put<{ accessToken: string }>('/api/v1/update-user-password', {
      oldPassword: password,
      newPassword: 'Brand&New99',
    });
    expect(changed.status).toBe(200);
    await expectEnded(elsewhere, user.id, 'password change (other device)');
    await expectEnded(own, user.id, 'password change (own old session)');
    // The device goes on in its new session: a stream opened with the new token is live.
    client.token = changed.body.accessToken;
    await expectStillLive(await liveStream(client), user.id, 'password change (new session)');
  });

  it('password reset', async () => {
    const { client, user } = await server.signIn();
    const stream = await liveStream(client);
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
    await expectEnded(stream, user.id, 'password reset');
  });

  it('two-factor turned on, then off: the other devices’ streams close each time', async () => {
    const { client, user } = await server.signIn();
    const first = await liveStream(await otherDevice(user.email));
    const on = await client.put<{ accessToken: string }>('/api/v1/update-2fa-settings', {
      action: 'enable-email',
      password,
    });
    expect(on.status).toBe(200);
    await expectEnded(first, user.id, 'two-factor on');
    client.token = on.body.accessToken;
    // Another device signs in, now with the mailed code.
    const device = server.client();
    const pending = await device.post<{ two_factor_token: string }>('/api/v1/login', {
      email: user.email,
      password,
    });
    const code = codeIn((await server.mail(user.email, /sign-in code/)).text);
    const verified = await device.post<{ accessToken: string }>('/api/v1/verify-2fa', {
      two_factor_token: pending.body.two_factor_token,
      two_factor_code: code,
    });
    expect(verified.status).toBe(200);
    device.token = verified.body.accessToken;
    const second = await liveStream(device);
    const off = await client.put('/api/v1/update-2fa-settings', { action: 'disable', password });
    expect(off.status).toBe(200);
    await expectEnded(second, user.id, 'two-factor off');
  });

  it('refresh-token reuse', async () => {
    const { client, user } = await server.signIn();
    const stream = await liveStream(client);
    const stolen = client.cookie('ml_refresh') ?? '';
    expect((await client.get('/api/v1/refresh')).status).toBe(200);
    server.clock.advance(20_000);
    const thief = server.client();
    thief.setCookie('ml_refresh', stolen);
    expect((await thief.get('/api/v1/refresh')).status).toBe(401);
    await expectEnded(stream, user.id, 'refresh-token reuse');
  });

  it('the idle limit, found by a refresh', async () => {
    const { client, user } = await server.signIn();
    const stream = await liveStream(client);
    server.clock.advance(16 * 60_000 + 1_000);
    expect((await client.get('/api/v1/refresh')).status).toBe(401);
    await expectEnded(stream, user.id, 'idle');
  });

  it('the account made inactive: the first refresh or request that finds it ends every session', async () => {
    const { client, user } = await server.signIn({ role: 'provider' });
    const other = await otherDevice(user.email);
    const own = await liveStream(client);
    const elsewhere = await liveStream(other);
    // An administrator withdraws the approval (no route does this yet: the row, as one would).
    await server.database.db.update(users).set({ approved: false }).where(eq(users.id, user.id));
    expect((await client.get('/api/v1/refresh')).status).toBe(401);
    await expectEnded(own, user.id, 'approval withdrawn (refreshing device)');
    await expectEnded(elsewhere, user.id, 'approval withdrawn (other device)');

    const second = await server.signIn({ role: 'patient' });
    const stream = await liveStream(second.client);
    await server.database.db.update(users).set({ activated: false }).where(eq(users.id, second.user.id));
    // Past the 10 s a cached answer is trusted: the request reads the account again.
    server.clock.advance(10_000);
    expect((await second.client.get('/api/v1/me')).status).toBe(401);
    await expectEnded(stream, second.user.id, 'deactivated (request)');
  });

  it('delete-account', async () => {
    const { client, user } = await server.signIn();
    const other = await otherDevice(user.email);
    const own = await liveStream(client);
    const elsewhere = await liveStream(other);
    const deleted = await client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' });
    expect(deleted.status).toBe(200);
    await expectEnded(own, user.id, 'delete-account');
    await expectEnded(elsewhere, user.id, 'delete-account (other device)');
  });

  it('an admin deletes the account', async () => {
    const { client, user } = await server.signIn();
    const stream = await liveStream(client);
    const { client: admin } = await server.signIn({ role: 'admin' });
    expect((await admin.delete(`/api/v1/users/${user.id}/delete`)).status).toBe(200);
    await expectEnded(stream, user.id, 'admin deletion');
  });
});

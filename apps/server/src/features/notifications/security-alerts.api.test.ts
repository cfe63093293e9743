import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { notifications } from '../../db/schema/index.js';

/** Security alerts (issue 13): new-device sign-in, password changed, each one the user may turn off. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const alertsOf = (userId: string) =>
  server.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'security_alert')));

async function loginFrom(client: Client, email: string, userAgent: string) {
  const reply = await client.post<{ accessToken: string }>(
    '/api/v1/login',
    { email, password },
    { headers: { 'user-agent': userAgent } },
  );
  expect(reply.status).toBe(200);
  client.token = reply.body.accessToken;
}

describe('security alerts', () => {
  it('tells a sign-in from a new browser, not one already seen, and not after it is turned off', async () => {
    const user = await server.createUser();
    const client = server.client();
    await loginFrom(client, user.email, 'Browser A');
    expect(await alertsOf(user.id)).toHaveLength(0);
    await loginFrom(client, user.email, 'Browser A');
    expect(await alertsOf(user.id)).toHaveLength(0);
    await loginFrom(client, user.email, 'Browser B');
    const alerts = await alertsOf(user.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'New sign-in to your account',
      priority: 'low',
      data: { url: '/profile/edit-profile', kind: 'new_device_login' },
    });
    const off = await client.put('/api/v1/security-notification-settings', {
      settings: { newDeviceLogin: false },
    });
    expect(off.status).toBe(200);
    await loginFrom(client, user.email, 'Browser C');
    expect(await alertsOf(user.id)).toHaveLength(1);
  });

  it('tells a password change in-app (its own mail is the one the account always gets)', async () => {
    const { client, user } = await server.signIn();
    const changed = await client.put('/api/v1/update-user-password', {
      oldPassword: password,
      newPassword: 'Brand&New99',
    });
    expect(changed.status).toBe(200);
    const alerts = await alertsOf(user.id);
    expect(alerts.map((a) => a.data.kind)).toEqual(['password_changed']);
  });
});

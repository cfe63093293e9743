import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SMTPServer } from 'smtp-server';
import type { NotificationResponse } from '@mindledger/domain';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { freePort, smtpPeer, until, type ReceivedMail } from '../../../test/smtp-peer.js';
import { eventually, openStream } from '../../../test/sse.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { deviceTokens } from '../../db/schema/index.js';

/**
 * Delivery by channel (issue 13): email through a real SMTP server with a one-click unsubscribe,
 * Web Push to a local push service that decrypts what it gets, and the live stream.
 */
let server: TestServer;
let peer: SMTPServer;
let push: PushService;
const mail: ReceivedMail[] = [];

beforeAll(async () => {
  const port = await freePort();
  peer = await smtpPeer(port, mail);
  push = await startPushService();
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await server.close();
  await push.close();
  await new Promise<void>((resolve) => peer.close(() => resolve()));
});

const mailTo = (email: string) => mail.filter((m) => m.to.includes(email));
/** The raw message with soft line breaks and quoted-printable escapes undone. */
const plain = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('email', () => {
  it('mails by type with List-Unsubscribe headers, and one click turns that type off', async () => {
    const { user } = await server.signIn();
    await server.services.notifications.notify(user.id, {
      type: 'journal_reminder',
      title: 'Ready to reflect?',
      message: 'Start wherever feels right...',
      data: { url: '/user/journaling-feature' },
    });
    await until(() => mailTo(user.email).length === 1, 15_000);
    const raw = plain(mailTo(user.email)[0]?.raw ?? '');
    expect(raw).toMatch(/Subject: Ready to reflect\?/);
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(raw).toContain('/user/journaling-feature');
    const link = /List-Unsubscribe:\s*<([^>]+)>/.exec(raw.replace(/\r?\n\s+/g, ''))?.[1];
    expect(link).toBeDefined();
    const url = new URL(link as string);
    // The one-click POST a mail client sends (RFC 8058), without signing in.
    const response = await fetch(`${server.url}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ type: 'journalReminders' });
    const settings = await server.services.notifications.settings(user.id);
    expect(settings.settings.emailTypes).toEqual({
      journalReminders: false,
      weeklyReviews: true,
      teamUpdates: true,
    });
    await server.services.notifications.notify(user.id, {
      type: 'journal_reminder',
      title: 'Again',
      message: 'x',
    });
    await server.services.notifications.notify(user.id, {
      type: 'important_update',
      title: 'News',
      message: 'y',
    });
    await until(() => mailTo(user.email).length === 2, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailTo(user.email).map((m) => /Subject: (.*)/.exec(m.raw)?.[1])).toEqual([
      'Ready to reflect?',
      'News',
    ]);
  });

  it('never mails the message of a type that could carry PHI, and refuses a bad unsubscribe token', async () => {
    const provider = await server.signIn({ role: 'provider' });
    await server.services.notifications.notify(provider.user.id, {
      type: 'weekly_summary_to_provider',
      title: 'A client shared a weekly summary',
      message: 'Alex wrote about panic attacks',
    });
    await until(() => mailTo(provider.user.email).length === 1, 15_000);
    const raw = plain(mailTo(provider.user.email)[0]?.raw ?? '');
    expect(raw).not.toContain('panic');
    expect(raw).toContain('Sign in to MindLedger to see it');
    const bad = await server
      .client()
      .post<{ message: string }>('/api/v1/notifications/unsubscribe?token=forged');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This unsubscribe link is not valid.');
  });

  it('mails nothing when email is off', async () => {
    const { client, user } = await server.signIn();
    await client.put('/api/v1/notification-settings', { emailNotifications: false });
    await server.services.notifications.notify(user.id, {
      type: 'important_update',
      title: 'Quiet',
      message: 'z',
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mailTo(user.email)).toHaveLength(0);
  });
});

describe('web push', () => {
  it('registers a device, pushes an encrypted payload the push service decrypts, and drops a gone subscription', async () => {
    const { client, user } = await server.signIn();
    const key = await client.get<{ data: { publicKey: string } }>('/api/v1/notifications/push-key');
    const subscription = push.subscribe({ applicationServerKey: key.body.data.publicKey });
    const registered = await client.post<{ deviceCount: number }>('/api/v1/device-tokens', {
      token: subscription.token,
      platform: 'web',
    });
    expect(registered.body.deviceCount).toBe(1);
    const row = await server.services.notifications.notify(user.id, {
      type: 'journal_reminder',
      title: 'Ready to reflect?',
      message: 'Start wherever feels right...',
      data: { url: '/user/journaling-feature' },
    });
    await until(() => subscription.received.length === 1, 15_000);
    expect(subscription.received[0]?.payload).toEqual({
      title: 'Ready to reflect?',
      body: 'Start wherever feels right...',
      url: '/user/journaling-feature',
      tag: 'journal_reminder',
    });
    // The same delivery again (a retried job): no second push.
    await server.services.notifications.deliver({ ids: [row?.id as string] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(subscription.received).toHaveLength(1);
    push.setStatus(subscription.id, 410);
    await server.services.notifications.notify(user.id, {
      type: 'important_update',
      title: 'News',
      message: 'x',
    });
    await until(() => push.rejections.some((r) => r.subscriptionId === subscription.id), 15_000);
    for (let i = 0; i < 50; i += 1) {
      const left = await server.database.db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, user.id));
      if (left.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(
      await server.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id)),
    ).toHaveLength(0);
  });

  it('refuses a token that is no push subscription, and unregisters by token', async () => {
    const { client } = await server.signIn();
    for (const token of [
      'x',
      '{}',
      JSON.stringify({ endpoint: 'https://a.example', keys: { p256dh: 'AA', auth: 'BB' } }),
    ]) {
      const reply = await client.post<{ message: string }>('/api/v1/device-tokens', {
        token,
        platform: 'web',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Invalid device token');
    }
    const subscription = push.subscribe();
    await client.post('/api/v1/device-tokens', { token: subscription.token, platform: 'web' });
    const removed = await client.delete<{ deviceCount: number }>('/api/v1/device-tokens', {
      token: subscription.token,
    });
    expect(removed.body.deviceCount).toBe(0);
  });

  it('a production server never calls a stored endpoint its rules refuse (a loopback one stored in development), and drops it', async () => {
    const production = await startServer({ env: { NODE_ENV: 'production' } });
    try {
      const user = await production.createUser();
      const subscription = push.subscribe();
      // what a development server on the same database stored
      await production.database.db.insert(deviceTokens).values({
        userId: user.id,
        endpoint: subscription.endpoint,
        ...subscription.keys,
        platform: 'web',
      });
      const [device] = await production.database.db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, user.id));
      const row = await production.services.notifications.notify(user.id, {
        type: 'important_update',
        title: 'News',
        message: 'x',
      });
      // the delivery job's own step, run at once as well
      await production.services.notifications.push({
        notificationId: row?.id as string,
        deviceId: device?.id as string,
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(subscription.received).toEqual([]);
      expect(push.rejections.filter((r) => r.subscriptionId === subscription.id)).toEqual([]);
      expect(
        await production.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id)),
      ).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe('the live stream', () => {
  it('sends the unread count on open, then new notifications without a reload, and the count as it changes', async () => {
    const { client, user } = await server.signIn();
    const stream = await openStream(server.url, client);
    expect(stream.status).toBe(200);
    await eventually(() => stream.events.some((e) => e.event === 'unread'), 10_000, 'unread');
    expect(stream.events[0]).toEqual({ event: 'unread', data: { unreadCount: 0 } });
    const row = await server.services.notifications.notify(user.id, {
      type: 'mood_checkin',
      title: 'Hello',
      message: 'Check in',
    });
    await eventually(() => stream.events.some((e) => e.event === 'notification'), 10_000, 'notification');
    const sent = stream.events.find((e) => e.event === 'notification');
    expect(sent?.id).toBe(String(row?.seq));
    expect((sent?.data as NotificationResponse).title).toBe('Hello');
    await client.patch(`/api/v1/notifications/${row?.id}/read`);
    await eventually(
      () =>
        stream.events.filter((e) => e.event === 'unread').at(-1)?.data !== undefined &&
        (stream.events.filter((e) => e.event === 'unread').at(-1)?.data as { unreadCount: number })
          .unreadCount === 0 &&
        stream.events.filter((e) => e.event === 'unread').length >= 3,
      10_000,
      'unread back to 0',
    );
    stream.close();
  });

  it('resumes after Last-Event-ID without losing or repeating a notification', async () => {
    const { client, user } = await server.signIn();
    const first = await server.services.notifications.notify(user.id, {
      type: 'wellness_tip',
      title: 'One',
      message: '1',
    });
    await server.services.notifications.notify(user.id, { type: 'wellness_tip', title: 'Two', message: '2' });
    await server.services.notifications.notify(user.id, {
      type: 'wellness_tip',
      title: 'Three',
      message: '3',
    });
    const stream = await openStream(server.url, client, { lastEventId: first?.seq as number });
    await eventually(
      () => stream.events.filter((e) => e.event === 'notification').length === 2,
      10_000,
      'catch-up',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      stream.events
        .filter((e) => e.event === 'notification')
        .map((e) => (e.data as NotificationResponse).title),
    ).toEqual(['Two', 'Three']);
    stream.close();
  });

  it("never sends another user's notifications", async () => {
    const a = await server.signIn();
    const b = await server.signIn();
    const stream = await openStream(server.url, b.client);
    await eventually(() => stream.events.length > 0, 10_000, 'open');
    await server.services.notifications.notify(a.user.id, {
      type: 'wellness_tip',
      title: 'For A',
      message: 'a',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(0);
    stream.close();
  });
});

describe('the stream without an event-stream Accept header', () => {
  it('answers 406 instead of holding the connection', async () => {
    const { client } = await server.signIn();
    const reply = await client.get('/api/v1/notifications/stream');
    expect(reply.status).toBe(406);
  });
});

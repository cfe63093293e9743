import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages as msg, phiSafeMessage, type NotificationResponse } from '@mindledger/domain';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { notifications } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface ListBody {
  success: boolean;
  notifications: NotificationResponse[];
  hasNext: boolean;
  pages: number;
  total: number;
  counts: { all: number; unread: number; read: number };
  message?: string;
}

async function seed(
  userId: string,
  n: number,
  type: 'journal_reminder' | 'important_update' = 'journal_reminder',
) {
  const made = [];
  for (let i = 0; i < n; i += 1)
    made.push(
      await server.services.notifications.notify(userId, {
        type,
        title: `Title ${i}`,
        message: `Message ${i}`,
        data: { url: '/user/journaling-feature' },
      }),
    );
  return made.map((row) => row?.id as string);
}

const unread = async (client: Client) =>
  (await client.get<{ data: { unreadCount: number } }>('/api/v1/notifications/unread-count')).body.data
    .unreadCount;

describe('in-app notifications', () => {
  it('lists newest first in pages of 20 with counts, priority from the type and hasNext', async () => {
    const { client, user } = await server.signIn();
    await seed(user.id, 22);
    await seed(user.id, 1, 'important_update');
    const first = await client.get<ListBody>('/api/v1/notifications');
    expect(first.status).toBe(200);
    expect(first.body.notifications).toHaveLength(20);
    expect(first.body.hasNext).toBe(true);
    expect(first.body.pages).toBe(2);
    expect(first.body.counts).toEqual({ all: 23, unread: 23, read: 0 });
    const [newest, next] = first.body.notifications;
    expect(newest).toMatchObject({
      type: 'important_update',
      priority: 'high',
      read: false,
      _id: newest?.id,
    });
    expect(next).toMatchObject({ type: 'journal_reminder', priority: 'medium', title: 'Title 21' });
    expect(newest?.timeFormatted).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M$/);
    const second = await client.get<ListBody>('/api/v1/notifications?page=2');
    expect(second.body.notifications).toHaveLength(3);
    expect(second.body.hasNext).toBe(false);
    const typed = await client.get<ListBody>('/api/v1/notifications?type=important_update');
    expect(typed.body.total).toBe(1);
  });

  it('reads one, reads all, filters by status and counts unread', async () => {
    const { client, user } = await server.signIn();
    const [a, b] = await seed(user.id, 3);
    expect(await unread(client)).toBe(3);
    const read = await client.patch<{ notification: NotificationResponse }>(
      `/api/v1/notifications/${a}/read`,
    );
    expect(read.status).toBe(200);
    expect(read.body.notification.read).toBe(true);
    expect(await unread(client)).toBe(2);
    const onlyUnread = await client.get<ListBody>('/api/v1/notifications?unreadOnly=true');
    expect(onlyUnread.body.notifications.map((n) => n.id)).not.toContain(a);
    expect(onlyUnread.body.counts).toEqual({ all: 3, unread: 2, read: 1 });
    const onlyRead = await client.get<ListBody>('/api/v1/notifications?status=read');
    expect(onlyRead.body.notifications.map((n) => n.id)).toEqual([a]);
    const bulk = await client.post<{ updated: number; failed: string[] }>('/api/v1/notifications/bulk-read', {
      ids: [b, '00000000-0000-4000-8000-000000000000'],
    });
    expect(bulk.body).toMatchObject({ updated: 1, failed: ['00000000-0000-4000-8000-000000000000'] });
    const all = await client.patch<{ updated: number }>('/api/v1/notifications/read-all');
    expect(all.body.updated).toBe(1);
    expect(await unread(client)).toBe(0);
  });

  it('deletes one, a selection and all, with the spec toasts', async () => {
    const { client, user } = await server.signIn();
    const [a, b, c] = await seed(user.id, 5);
    const one = await client.delete<{ message: string }>(`/api/v1/notifications/${a}`);
    expect(one.body.message).toBe('Notification deleted successfully');
    const again = await client.delete<{ message: string }>(`/api/v1/notifications/${a}`);
    expect(again.status).toBe(404);
    const some = await client.post<{ deleted: number; message: string }>(
      '/api/v1/notifications/bulk-delete',
      {
        ids: [b, c],
      },
    );
    expect(some.body).toMatchObject({ deleted: 2, message: '2 notifications deleted successfully' });
    const rest = await client.delete<{ deleted: number; message: string }>('/api/v1/notifications');
    expect(rest.body).toMatchObject({ deleted: 2, message: 'All notifications deleted successfully' });
    expect((await client.get<ListBody>('/api/v1/notifications')).body.total).toBe(0);
  });

  it("answers 404 for another user's notification and never touches it", async () => {
    const owner = await server.signIn();
    const other = await server.signIn({ role: 'provider' });
    const [id] = await seed(owner.user.id, 1);
    expect((await other.client.patch(`/api/v1/notifications/${id}/read`)).status).toBe(404);
    expect((await other.client.delete(`/api/v1/notifications/${id}`)).status).toBe(404);
    expect((await other.client.patch('/api/v1/notifications/not-a-uuid/read')).status).toBe(404);
    const bulk = await other.client.post<{ deleted: number; failed: string[] }>(
      '/api/v1/notifications/bulk-delete',
      { ids: [id] },
    );
    expect(bulk.body).toMatchObject({ deleted: 0, failed: [id] });
    await other.client.delete('/api/v1/notifications');
    await other.client.patch('/api/v1/notifications/read-all');
    const [row] = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id as string));
    expect(row?.readAt).toBeNull();
    expect((await other.client.get<ListBody>('/api/v1/notifications')).body.total).toBe(0);
  });

  it('refuses the signed-out (401) and bad input (400)', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/notifications')).status).toBe(401);
    expect((await anonymous.get('/api/v1/notifications/unread-count')).status).toBe(401);
    expect((await anonymous.get('/api/v1/notifications/stream')).status).toBe(401);
    const { client } = await server.signIn();
    expect((await client.get('/api/v1/notifications?limit=1000')).status).toBe(400);
    expect((await client.get('/api/v1/notifications?type=nope')).status).toBe(400);
    expect((await client.post('/api/v1/notifications/bulk-read', { ids: [] })).status).toBe(400);
    expect((await client.post('/api/v1/notifications/bulk-read', { ids: ['x'] })).status).toBe(400);
  });

  it('a notify with a key already used is a no-op (a retried job notifies once)', async () => {
    const { user } = await server.signIn();
    const input = { type: 'journal_reminder' as const, title: 'Ready to reflect?', message: 'x', key: 'k:1' };
    const first = await server.services.notifications.notify(user.id, input);
    const second = await server.services.notifications.notify(user.id, input);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('notifyMany (scheduled reminders)', () => {
  it('inserts a batch in one statement, and the same batch again inserts nothing', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const items = [a, b].map((u) => ({
      userId: u.id,
      input: {
        type: 'journal_reminder' as const,
        title: 'Ready to reflect?',
        message: 'x',
        key: `journal-reminder:${u.id}:2026-11-25`,
      },
    }));
    const first = await server.database.db.transaction((tx) =>
      server.services.notifications.notifyMany(items, tx),
    );
    const again = await server.database.db.transaction((tx) =>
      server.services.notifications.notifyMany(items, tx),
    );
    expect([first, again]).toEqual([2, 0]);
  });
});

describe('connection events', () => {
  it('tell the other side in-app as well as by mail: an invitation, then its acceptance', async () => {
    const provider = await server.signIn({ role: 'provider', firstName: 'Rae', lastName: 'Provider' });
    const patient = await server.signIn({ firstName: 'Cleo', lastName: 'Client' });
    expect((await provider.client.post('/api/v1/add-patient', { email: patient.user.email })).status).toBe(
      201,
    );
    const invited = await patient.client.get<ListBody>('/api/v1/notifications');
    expect(invited.body.notifications[0]).toMatchObject({
      type: 'connection_update',
      title: 'New connection invitation',
      message: 'Rae Provider invited you to connect.',
      data: { url: '/user/providers' },
    });
    const id = (await patient.client.get<{ doctors: { _id: string }[] }>('/api/v1/get-doctors')).body
      .doctors[0]?._id;
    const accepted = await patient.client.put('/api/v1/update-doctor-status', { id, newStatus: 'accepted' });
    expect(accepted.status).toBe(200);
    const told = await provider.client.get<ListBody>('/api/v1/notifications');
    expect(told.body.notifications[0]).toMatchObject({
      title: 'Invitation accepted',
      message: 'Cleo Client accepted your invitation.',
      data: { url: '/provider/dashboard' },
    });
  });
});

describe('notification settings', () => {
  it('answers the defaults of Part 2 §3 until saved', async () => {
    const { client } = await server.signIn();
    const reply = await client.get<{ data: { settings: Record<string, unknown>; deviceCount: number } }>(
      '/api/v1/notification-settings',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.deviceCount).toBe(0);
    expect(reply.body.data.settings).toMatchObject({
      pushNotifications: true,
      emailNotifications: true,
      journalReminders: true,
      weeklySummaryReminders: true,
      impUpdates: true,
      reminderConfig: {
        frequency: 'daily',
        dailyHour: 19,
        weeklyDay: 1,
        weeklyHour: 9,
        monthlyDay: 1,
        monthlyHour: 10,
      },
      reminderMessages: { title: 'Ready to reflect?', body: 'Start wherever feels right...' },
    });
  });

  it('saves, strips < > " \' & and replaces a message that may carry PHI', async () => {
    const { client, user } = await server.signIn();
    const saved = await client.put<{
      message: string;
      data: {
        settings: { customMessage: string; reminderConfig: { dailyHour: number } };
        messageReplaced: boolean;
      };
    }>('/api/v1/notification-settings', {
      reminderConfig: { dailyHour: 7 },
      customMessage: 'Write <b>"one" & thing\'s</b>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Notification settings updated successfully!');
    expect(saved.body.data.settings.customMessage).toBe('Write one things');
    expect(saved.body.data.settings.reminderConfig.dailyHour).toBe(7);
    const phi = await client.put<{ data: { settings: { customMessage: string }; messageReplaced: boolean } }>(
      '/api/v1/notification-settings',
      { customMessage: 'Take medication Prozac', id: user.id, userId: user.id },
    );
    expect(phi.body.data.messageReplaced).toBe(true);
    expect(phi.body.data.settings.customMessage).toBe(phiSafeMessage);
    const reloaded = await client.get<{
      data: { settings: { customMessage: string; reminderConfig: { dailyHour: number } } };
    }>('/api/v1/notification-settings');
    expect(reloaded.body.data.settings.customMessage).toBe(phiSafeMessage);
    expect(reloaded.body.data.settings.reminderConfig.dailyHour).toBe(7);
  });

  it('refuses bad settings (400), another user id (404) and other roles (403)', async () => {
    const { client } = await server.signIn();
    const bad = await client.put<{ message: string }>('/api/v1/notification-settings', {
      reminderConfig: { dailyHour: 24 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(msg.settingsInvalid);
    expect((await client.put('/api/v1/notification-settings', { pushNotifications: 'yes' })).status).toBe(
      400,
    );
    expect((await client.put('/api/v1/notification-settings', { nope: true })).status).toBe(400);
    const other = await client.put<{ message: string }>('/api/v1/notification-settings', {
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(msg.settingsUserNotFound);
    const provider = await server.signIn({ role: 'provider' });
    expect((await provider.client.get('/api/v1/notification-settings')).status).toBe(403);
    expect((await provider.client.put('/api/v1/notification-settings', {})).status).toBe(403);
  });

  it('keeps security notification settings for every role', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const first = await provider.client.get<{ data: { settings: Record<string, boolean> } }>(
      '/api/v1/security-notification-settings',
    );
    expect(first.body.data.settings).toMatchObject({
      newDeviceLogin: true,
      passwordChanged: true,
      email: true,
    });
    const saved = await provider.client.put<{ data: { settings: Record<string, boolean> } }>(
      '/api/v1/security-notification-settings',
      { settings: { email: false } },
    );
    expect(saved.body.data.settings).toMatchObject({ email: false, push: true });
    expect(
      (await provider.client.put('/api/v1/security-notification-settings', { email: 'no' })).status,
    ).toBe(400);
  });
});

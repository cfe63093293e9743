import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntry } from '../../../test/entries.js';
import { password, startServer, type TestServer } from '../../../test/harness.js';
import { goals, notifications, userSchedules } from '../../db/schema/index.js';
import { reminderKinds } from './reminders.js';

/**
 * Reminders in the client's own time zone (issue 13): one per local day across a daylight-saving
 * change, skipped on a day already journaled, a doubled tick or delivery notifies once, the goal
 * reminder follows the goal reminder period, and a time zone change moves every schedule.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const ny = 'America/New_York';

async function remindersOf(userId: string, type = 'journal_reminder') {
  return server.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'journal_reminder')));
}

/** Claims what is due at `instant` (twice, as two workers would) and lets the deliveries run. */
async function tickAt(instant: string) {
  server.clock.set(instant);
  await Promise.all([server.ctx.jobs.tick(), server.ctx.jobs.tick()]);
  await settle();
}

/** Waits until the job queue has nothing left for the notification jobs. */
async function settle() {
  await server.ctx.jobs.relay();
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

async function scheduleOf(userId: string, kind: string) {
  const [row] = await server.database.db
    .select()
    .from(userSchedules)
    .where(and(eq(userSchedules.userId, userId), eq(userSchedules.kind, kind)));
  return row;
}

describe('reminders', () => {
  it('sends the journal reminder at the preferred hour, once per local day across the end of DST', async () => {
    server.clock.set('2026-10-31T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: ny });
    const saved = await client.put('/api/v1/notification-settings', {
      reminderConfig: { dailyHour: 19 },
      customMessage: 'Write three lines',
    });
    expect(saved.status).toBe(200);
    expect((await scheduleOf(user.id, reminderKinds.journal))?.dueAt.toISOString()).toBe(
      '2026-10-31T23:00:00.000Z',
    );

    await tickAt('2026-10-31T22:59:00Z');
    expect(await remindersOf(user.id)).toHaveLength(0);
    await tickAt('2026-10-31T23:00:30Z');
    const first = await remindersOf(user.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: 'Ready to reflect?',
      message: 'Write three lines',
      priority: 'medium',
      data: { url: '/user/journaling-feature' },
    });
    // 19:00 on 1 November is 00:00 UTC on the 2nd (EST): not at 23:00 UTC any more.
    await tickAt('2026-11-01T23:30:00Z');
    expect(await remindersOf(user.id)).toHaveLength(1);
    await tickAt('2026-11-02T00:00:30Z');
    expect(await remindersOf(user.id)).toHaveLength(2);
    await tickAt('2026-11-02T00:10:00Z');
    expect(await remindersOf(user.id)).toHaveLength(2);
    server.clock.reset();
  });

  it('skips the day the client already journaled', async () => {
    server.clock.set('2026-06-10T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: ny });
    await client.put('/api/v1/notification-settings', { reminderConfig: { dailyHour: 20 } });
    await insertEntry(server, user.id, { localDay: '2026-06-10' });
    await tickAt('2026-06-11T00:00:30Z');
    expect(await remindersOf(user.id)).toHaveLength(0);
    // The next day, nothing written: reminded.
    await tickAt('2026-06-12T00:00:30Z');
    expect(await remindersOf(user.id)).toHaveLength(1);
    server.clock.reset();
  });

  it('removes the schedule when journal reminders are turned off', async () => {
    const { client, user } = await server.signIn();
    await client.put('/api/v1/notification-settings', { journalReminders: true });
    expect(await scheduleOf(user.id, reminderKinds.journal)).toBeDefined();
    await client.put('/api/v1/notification-settings', {
      journalReminders: false,
      weeklySummaryReminders: false,
    });
    expect(await scheduleOf(user.id, reminderKinds.journal)).toBeUndefined();
    expect(await scheduleOf(user.id, reminderKinds.weekly)).toBeUndefined();
  });

  it('follows the goal reminder period, and only while the client has an active goal', async () => {
    server.clock.set('2026-03-01T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: 'UTC' });
    await client.put('/api/v1/notification-settings', { reminderConfig: { monthlyDay: 2, monthlyHour: 10 } });
    expect((await client.post('/api/v1/goals/goal-notification', { reminderPeriod: 'monthly' })).status).toBe(
      200,
    );
    await server.database.db
      .insert(goals)
      .values({ patientId: user.id, createdBy: user.id, type: 'personal', text: 'Walk', textKey: 'walk' });
    await tickAt('2026-03-01T12:10:00Z');
    await tickAt('2026-03-02T10:00:30Z');
    const goalReminders = await remindersOf(user.id, 'goal_reminder');
    expect(goalReminders).toHaveLength(1);
    expect(goalReminders[0]?.data).toEqual({ url: '/user/goals' });
    await tickAt('2026-03-03T10:00:30Z');
    expect(await remindersOf(user.id, 'goal_reminder')).toHaveLength(1);
    server.clock.reset();
    // The access token of 1 March has long expired on today's clock: sign in again.
    const login = await client.post<{ accessToken: string }>('/api/v1/login', {
      email: user.email,
      password,
    });
    client.token = login.body.accessToken;
    const never = await client.post('/api/v1/goals/goal-notification', { reminderPeriod: 'never' });
    expect(never.status).toBe(200);
    expect(await scheduleOf(user.id, reminderKinds.goals)).toBeUndefined();
  });

  it('moves every schedule when the client changes time zone, at the same local time', async () => {
    server.clock.set('2026-07-01T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: 'UTC' });
    await client.put('/api/v1/notification-settings', { reminderConfig: { dailyHour: 19 } });
    expect((await scheduleOf(user.id, reminderKinds.journal))?.dueAt.toISOString()).toBe(
      '2026-07-01T19:00:00.000Z',
    );
    const moved = await client.put('/api/v1/update-user-info', {
      firstName: user.firstName,
      lastName: user.lastName,
      timezone: 'Asia/Tokyo',
    });
    expect(moved.status).toBe(200);
    const after = await scheduleOf(user.id, reminderKinds.journal);
    expect(after?.timeZone).toBe('Asia/Tokyo');
    expect(after?.dueAt.toISOString()).toBe('2026-07-02T10:00:00.000Z');
    server.clock.reset();
  });

  it('gives activated patients without settings their default schedules', async () => {
    const user = await server.createUser({ timezone: ny });
    const provider = await server.createUser({ role: 'provider' });
    await server.services.notifications.ensureDefaults();
    expect((await scheduleOf(user.id, reminderKinds.journal))?.localTime).toBe('19:00');
    expect((await scheduleOf(user.id, reminderKinds.weekly))?.weekdays).toEqual([1]);
    expect(await scheduleOf(provider.id, reminderKinds.journal)).toBeUndefined();
  });
});

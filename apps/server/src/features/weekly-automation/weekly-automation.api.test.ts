import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WeeklyAutomationSettings } from '@mindledger/domain';
import { connect } from '../../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { userSchedules, weeklyAutomationSettings } from '../../db/schema/index.js';
import type { ScheduleDelivery } from '../../platform/jobs/index.js';
import { WEEKLY_INSIGHTS_KIND } from './generator.js';
import { nothingToSave } from './routes.js';

/**
 * Weekly automation settings (issue 14, Part 2 §3–§5, §7): the defaults (the profile's zone), a
 * day change turning generation on, generation off removing the schedule, ignored days, roles, the
 * `weekly-insights` schedule at 12:00 AM local on the automation day (America/Santiago across its
 * DST change, Asia/Kolkata at a half-hour offset), a time zone change moving it, the defaults tick
 * and the hand-over of due runs to the weekly report generator.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.clock.reset();
  delete server.services.weeklyInsights;
});

const path = '/api/v1/automated-weekly-summary-settings';
const santiago = 'America/Santiago';
const kolkata = 'Asia/Kolkata';

interface Answer {
  success: boolean;
  data: WeeklyAutomationSettings;
  message?: string;
}

const get = (client: Client) => client.get<Answer>(path);
const put = (client: Client, body: unknown) => client.put<Answer>(path, body);

async function scheduleOf(userId: string) {
  const [row] = await server.database.db
    .select()
    .from(userSchedules)
    .where(and(eq(userSchedules.userId, userId), eq(userSchedules.kind, WEEKLY_INSIGHTS_KIND)));
  return row;
}

async function rowOf(userId: string) {
  const [row] = await server.database.db
    .select()
    .from(weeklyAutomationSettings)
    .where(eq(weeklyAutomationSettings.patientId, userId));
  return row;
}

async function until(done: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET automated-weekly-summary-settings', () => {
  it('answers the defaults for a client who never saved: on, Sunday, the profile zone, no recipients', async () => {
    const { client } = await server.signIn({ timezone: kolkata });
    const reply = await get(client);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      data: {
        automaticGeneration: true,
        automationDay: 0,
        timezone: kolkata,
        sharingSettings: { recipients: [] },
      },
    });
    const denver = await server.signIn({ timezone: 'America/Denver' });
    expect((await get(denver.client)).body.data.timezone).toBe('America/Denver');
  });

  it('falls back to America/Denver when the profile zone is not a zone', async () => {
    const { client } = await server.signIn({ timezone: 'Not/AZone' });
    expect((await get(client)).body.data.timezone).toBe('America/Denver');
  });

  it('lists the connected providers (accepted and active) as read-only recipients', async () => {
    const { client, user } = await server.signIn();
    const accepted = await server.createUser({
      role: 'provider',
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: `rosa-${user.id.slice(0, 8)}@example.test`,
    });
    const pending = await server.createUser({ role: 'provider', firstName: 'Pending' });
    const inactive = await server.createUser({ role: 'provider', firstName: 'Inactive' });
    await connect(server, accepted.id, user.id);
    await connect(server, pending.id, user.id, { status: 'pending' });
    await connect(server, inactive.id, user.id, { connectionStatus: 'inactive' });
    const reply = await get(client);
    expect(reply.body.data.sharingSettings.recipients).toEqual([
      { doctorName: 'Rosa Diaz', doctorEmail: accepted.email },
    ]);
    // read only: a PUT carrying recipients changes nothing of them
    const saved = await put(client, {
      automaticGeneration: true,
      sharingSettings: { recipients: [{ doctorName: 'X', doctorEmail: 'x@example.test' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.sharingSettings.recipients).toHaveLength(1);
  });

  it('answers the same on the proxy path', async () => {
    const { client } = await server.signIn({ timezone: kolkata });
    const reply = await client.get<Answer>('/api/proxy/v1/automated-weekly-summary-settings');
    expect(reply.status).toBe(200);
    expect(reply.body.data.timezone).toBe(kolkata);
  });
});

describe('PUT automated-weekly-summary-settings', () => {
  it('turns generation off (the schedule goes), and a day change turns it back on', async () => {
    const { client, user } = await server.signIn({ timezone: kolkata });
    const off = await put(client, { automaticGeneration: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ automaticGeneration: false, automationDay: 0, timezone: kolkata });
    expect(await scheduleOf(user.id)).toBeUndefined();
    expect((await get(client)).body.data).toMatchObject({ automaticGeneration: false, automationDay: 0 });

    const day = await put(client, { automationDay: 3 });
    expect(day.status).toBe(200);
    expect(day.body.data).toMatchObject({ automaticGeneration: true, automationDay: 3 });
    expect(await scheduleOf(user.id)).toMatchObject({
      kind: WEEKLY_INSIGHTS_KIND,
      localTime: '00:00',
      weekdays: [3],
      timeZone: kolkata,
    });
    expect(await rowOf(user.id)).toMatchObject({ automaticGeneration: true, automationDay: 3 });

    // both sent are taken as sent
    const both = await put(client, { automaticGeneration: false, automationDay: 5 });
    expect(both.body.data).toMatchObject({ automaticGeneration: false, automationDay: 5 });
    expect(await scheduleOf(user.id)).toBeUndefined();

    const on = await put(client, { automaticGeneration: true });
    expect(on.body.data).toMatchObject({ automaticGeneration: true, automationDay: 5 });
    expect((await scheduleOf(user.id))?.weekdays).toEqual([5]);
  });

  it('Sunday is ISO weekday 7', async () => {
    const { client, user } = await server.signIn();
    await put(client, { automationDay: 0 });
    expect((await scheduleOf(user.id))?.weekdays).toEqual([7]);
  });

  it('ignores an automation day outside 0–6: alone it is a 400, beside a valid field it is dropped', async () => {
    const { client, user } = await server.signIn();
    await put(client, { automationDay: 2 });
    for (const body of [
      { automationDay: 9 },
      { automationDay: -1 },
      { automationDay: 2.5 },
      { automationDay: '3' },
      {},
      [],
      { automaticGeneration: 'yes' },
      { automaticGeneration: null },
    ]) {
      const reply = await put(client, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: nothingToSave });
    }
    const mixed = await put(client, { automationDay: 9, automaticGeneration: true });
    expect(mixed.status).toBe(200);
    expect(mixed.body.data.automationDay).toBe(2);
    expect((await scheduleOf(user.id))?.weekdays).toEqual([2]);
  });

  it('refuses a body that is not JSON, or no body at all', async () => {
    const { client } = await server.signIn();
    const broken = await client.request('PUT', path, {
      raw: '{"automationDay": 1',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
    const none = await client.request('PUT', path);
    expect(none.status).toBe(400);
  });

  it('is idempotent: the same save twice leaves one row and the same next run', async () => {
    server.clock.set('2026-06-10T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: kolkata });
    const first = await put(client, { automationDay: 4, automaticGeneration: true });
    const before = await scheduleOf(user.id);
    const second = await put(client, { automationDay: 4, automaticGeneration: true });
    expect(second.body).toEqual(first.body);
    const after = await scheduleOf(user.id);
    expect(after?.nextSlot).toBe(before?.nextSlot);
    expect(after?.dueAt.toISOString()).toBe(before?.dueAt.toISOString());
  });

  it('keeps the row and the schedule in agreement under concurrent saves', async () => {
    const { client, user } = await server.signIn();
    const replies = await Promise.all([1, 2, 3, 4, 5, 6].map((day) => put(client, { automationDay: day })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const stored = await rowOf(user.id);
    const schedule = await scheduleOf(user.id);
    expect(schedule?.weekdays).toEqual([stored?.automationDay]);
    expect((await get(client)).body.data.automationDay).toBe(stored?.automationDay);
  });
});

describe('roles', () => {
  it('answers 401 without a token', async () => {
    const anonymous = server.client();
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await anonymous.put(path, { automationDay: 1 })).status).toBe(401);
  });

  it('answers 403 to providers and admins', async () => {
    for (const role of ['provider', 'admin'] as const) {
      const { client, user } = await server.signIn({ role });
      const read = await client.get(path);
      expect(read.status, role).toBe(403);
      expect(read.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await client.put(path, { automationDay: 1 })).status, role).toBe(403);
      expect(await rowOf(user.id)).toBeUndefined();
      expect(await scheduleOf(user.id)).toBeUndefined();
    }
  });
});

describe('the weekly-insights schedule', () => {
  it('runs at 12:00 AM on the automation day in Asia/Kolkata (UTC+5:30)', async () => {
    server.clock.set('2026-06-10T12:00:00Z'); // Wednesday 17:30 in Kolkata
    const { client, user } = await server.signIn({ timezone: kolkata });
    await put(client, { automationDay: 4 });
    expect(await scheduleOf(user.id)).toMatchObject({ nextSlot: '2026-06-11', weekdays: [4] });
    expect((await scheduleOf(user.id))?.dueAt.toISOString()).toBe('2026-06-10T18:30:00.000Z');
    // today's midnight has passed: the next Wednesday
    await put(client, { automationDay: 3 });
    expect(await scheduleOf(user.id)).toMatchObject({ nextSlot: '2026-06-17' });
    expect((await scheduleOf(user.id))?.dueAt.toISOString()).toBe('2026-06-16T18:30:00.000Z');
  });

  it('runs at 12:00 AM local in America/Santiago, and just after the gap when DST starts at midnight', async () => {
    server.clock.set('2026-06-10T12:00:00Z');
    const winter = await server.signIn({ timezone: santiago });
    await put(winter.client, { automationDay: 1 });
    expect(await scheduleOf(winter.user.id)).toMatchObject({ nextSlot: '2026-06-15', timeZone: santiago });
    expect((await scheduleOf(winter.user.id))?.dueAt.toISOString()).toBe('2026-06-15T04:00:00.000Z');

    // Sunday 6 September 2026: 00:00 does not exist in Santiago (clocks go to 01:00, UTC-3)
    server.clock.set('2026-09-02T12:00:00Z');
    const spring = await server.signIn({ timezone: santiago });
    await put(spring.client, { automationDay: 0 });
    expect(await scheduleOf(spring.user.id)).toMatchObject({ nextSlot: '2026-09-06', weekdays: [7] });
    expect((await scheduleOf(spring.user.id))?.dueAt.toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('follows a time zone change of the profile, at 12:00 AM in the new zone', async () => {
    server.clock.set('2026-06-10T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: kolkata });
    await put(client, { automationDay: 4 });
    expect((await scheduleOf(user.id))?.dueAt.toISOString()).toBe('2026-06-10T18:30:00.000Z');
    const moved = await client.put('/api/v1/update-user-info', {
      firstName: user.firstName,
      lastName: user.lastName,
      timezone: santiago,
    });
    expect(moved.status).toBe(200);
    const after = await scheduleOf(user.id);
    expect(after).toMatchObject({ timeZone: santiago, nextSlot: '2026-06-11', localTime: '00:00' });
    expect(after?.dueAt.toISOString()).toBe('2026-06-11T04:00:00.000Z');
    expect((await get(client)).body.data.timezone).toBe(santiago);
    // a save after the move keeps the new zone
    await put(client, { automaticGeneration: true });
    expect((await scheduleOf(user.id))?.timeZone).toBe(santiago);
  });

  it('gives activated patients who never saved the default row and Sunday schedule (the defaults tick)', async () => {
    const patient = await server.createUser({ timezone: kolkata });
    const inactive = await server.createUser({ activated: false });
    const provider = await server.createUser({ role: 'provider' });
    const off = await server.signIn();
    await put(off.client, { automaticGeneration: false });

    await server.services.weeklyAutomation.ensureDefaults();
    expect(await rowOf(patient.id)).toMatchObject({
      automaticGeneration: true,
      automationDay: 0,
      timezone: kolkata,
    });
    expect(await scheduleOf(patient.id)).toMatchObject({
      localTime: '00:00',
      weekdays: [7],
      timeZone: kolkata,
    });
    for (const other of [inactive, provider]) {
      expect(await rowOf(other.id)).toBeUndefined();
      expect(await scheduleOf(other.id)).toBeUndefined();
    }
    expect(await scheduleOf(off.user.id)).toBeUndefined();
    expect((await rowOf(off.user.id))?.automaticGeneration).toBe(false);
    // a second run finds nothing more for them
    await server.services.weeklyAutomation.ensureDefaults();
    expect((await rowOf(off.user.id))?.automaticGeneration).toBe(false);
  });

  it('hands the due runs to the weekly report generator, once, and skips clients who turned it off', async () => {
    const seen: ScheduleDelivery[] = [];
    server.services.weeklyInsights = {
      runAutomation: async (deliveries) => {
        seen.push(...deliveries);
      },
    };
    server.clock.set('2026-06-10T12:00:00Z');
    const on = await server.signIn({ timezone: kolkata });
    const later = await server.signIn({ timezone: kolkata });
    await put(on.client, { automationDay: 4 });
    await put(later.client, { automationDay: 4 });
    // generation turned off between the claim and the run: the row says off, the schedule is still there
    await server.database.db
      .update(weeklyAutomationSettings)
      .set({ automaticGeneration: false })
      .where(eq(weeklyAutomationSettings.patientId, later.user.id));

    server.clock.set('2026-06-10T18:31:00Z');
    await Promise.all([server.ctx.jobs.tick(), server.ctx.jobs.tick()]);
    await server.ctx.jobs.relay();
    await until(() => seen.some((d) => d.userId === on.user.id), 'the automation run');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mine = seen.filter((d) => d.userId === on.user.id || d.userId === later.user.id);
    expect(mine).toEqual([
      {
        userId: on.user.id,
        kind: WEEKLY_INSIGHTS_KIND,
        slot: '2026-06-11',
        key: `${WEEKLY_INSIGHTS_KIND}:${on.user.id}:2026-06-11`,
        data: {},
      },
    ]);
    // moved on to the next Thursday
    expect(await scheduleOf(on.user.id)).toMatchObject({ nextSlot: '2026-06-18' });
  });

  it('does nothing with due runs while no generator is there', async () => {
    server.clock.set('2026-06-10T12:00:00Z');
    const { client, user } = await server.signIn({ timezone: kolkata });
    await put(client, { automationDay: 4 });
    server.clock.set('2026-06-10T18:31:00Z');
    await server.ctx.jobs.tick();
    await server.ctx.jobs.relay();
    expect(await scheduleOf(user.id)).toMatchObject({ nextSlot: '2026-06-18' });
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, automationPeriod } from '@mindledger/domain';
import { startServer, type TestServer } from '../../../test/harness.js';
import { aiDocuments, notifications } from '../../db/schema/index.js';
import type { ScheduleDelivery } from '../../platform/jobs/index.js';
import type { WeeklyInsightsService } from './service.js';
import { entriesOn, eventually, fakeGenerator, standardClient } from './weekly-test-kit.js';

let server: TestServer;
let fake: ReturnType<typeof fakeGenerator>;

beforeAll(async () => {
  server = await startServer();
  fake = fakeGenerator(server);
});
afterAll(async () => {
  fake.restore();
  await server.close();
});

const delivery = (userId: string, slot: string): ScheduleDelivery => ({
  userId,
  kind: 'weekly-insights',
  slot,
  key: `weekly-insights:${userId}:${slot}`,
  data: {},
});

describe('runAutomation (the weekly-insights schedule’s batches)', () => {
  it('one report per client and week however often a batch runs; free and quiet clients are skipped', async () => {
    const service = server.services.weeklyInsights as WeeklyInsightsService;
    const runDay = server.today();
    const period = automationPeriod(runDay);
    const writer = await standardClient(server);
    await entriesOn(server, writer.user.id, [period.startDate, addDays(period.startDate, 3), period.endDate]);
    await entriesOn(server, writer.user.id, [runDay]); // the run day itself is not in the period
    const quiet = await standardClient(server);
    await entriesOn(server, quiet.user.id, [period.endDate]);
    const free = await server.signIn();
    await entriesOn(server, free.user.id, [period.startDate, period.endDate]);

    const batch = [writer, quiet, free].map((c) => delivery(c.user.id, runDay));
    const before = fake.inputs.length;
    await service.runAutomation(batch);
    await service.runAutomation(batch); // a retried batch, or a second worker
    await Promise.all([service.runAutomation(batch), service.runAutomation([batch[0]!])]);

    const reports = () =>
      server.database.db
        .select()
        .from(aiDocuments)
        .where(inArray(aiDocuments.patientId, [writer.user.id, quiet.user.id, free.user.id]));
    const made = await eventually(async () => {
      const rows = await reports();
      return rows.length > 0 ? rows : undefined;
    });
    // give any duplicate job the time to run before counting
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await reports()).toHaveLength(1);
    expect(made[0]).toMatchObject({
      patientId: writer.user.id,
      source: 'automation',
      periodStart: period.startDate,
      periodEnd: period.endDate,
    });
    const inputs = fake.inputs.slice(before);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]?.entries).toHaveLength(3);

    const told = await eventually(async () => {
      const rows = await server.database.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, writer.user.id), eq(notifications.type, 'weekly_summary_generated')),
        );
      return rows.length > 0 ? rows : undefined;
    });
    expect(told).toHaveLength(1);
    for (const skipped of [quiet, free]) {
      const rows = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, skipped.user.id));
      expect(rows.filter((r) => r.type === 'weekly_summary_generated')).toEqual([]);
    }

    // the report is in the client's history, marked as automatic
    const history = await writer.client.get<{ data: { reports: { source: string; startDate: string }[] } }>(
      '/api/v1/get-historical-weekly-reports',
    );
    expect(history.body.data.reports).toEqual([
      expect.objectContaining({ source: 'automation', startDate: period.startDate }),
    ]);
  });

  it('does nothing for an empty batch', async () => {
    const service = server.services.weeklyInsights as WeeklyInsightsService;
    await expect(service.runAutomation([])).resolves.toBeUndefined();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf, weeklyInsightMessages } from '@mindledger/domain';
import { startServer, type TestServer } from '../../../test/harness.js';
import {
  aiDocuments,
  goalEntryLinks,
  goals,
  notifications,
  weeklyGenerationJobs,
} from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { WeeklyInsightsService } from './service.js';
import {
  entriesOn,
  eventually,
  fakeGenerator,
  lastWeek,
  reportFor,
  settled,
  standardClient,
  type JobAnswer,
} from './weekly-test-kit.js';

let server: TestServer;
let fake: ReturnType<typeof fakeGenerator> | undefined;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  fake?.restore();
  fake = undefined;
  server.clock.reset();
});

interface Started {
  success: boolean;
  message: string;
  data: {
    jobId: string;
    status: string;
    weekRange: string;
    startDate: string;
    endDate: string;
    startTime: string;
  };
}

const generate = (client: Awaited<ReturnType<typeof standardClient>>['client'], body: unknown) =>
  client.post<Started & { message: string; code?: string }>('/api/v1/generate-weekly-report', body);

describe('POST generate-weekly-report → job → history → fetch', () => {
  it('generates in the background with the built-in engine, lists, fetches and tells the client', async () => {
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, addDays(week.startDate, 2), week.endDate], {
      notes: 'Walked by the river and felt calmer after work.',
    });
    const before = new Date(server.clock.now().getTime() - 1000).toISOString();
    const started = await generate(client, week);
    expect(started.status).toBe(202);
    expect(started.body.success).toBe(true);
    expect(started.body.message).toBe('Generating weekly insights in background...');
    expect(started.body.data).toMatchObject({ status: 'generating', ...week });
    expect(started.body.data.weekRange).toMatch(/\d{4} - /);
    expect(Date.parse(started.body.data.startTime)).not.toBeNaN();

    const active = await client.get<{ data: { jobs: JobAnswer[] } }>('/api/v1/weekly-report-jobs');
    expect(active.body.data.jobs.map((j) => j.id)).toContain(started.body.data.jobId);

    const done = await settled(client, started.body.data.jobId);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    const reportId = done.result?.reportId ?? '';

    // the page's poll sees the completion (and is told to refresh)
    const polled = await client.get<{ data: { jobs: JobAnswer[]; refresh: boolean } }>(
      `/api/v1/weekly-report-jobs?since=${encodeURIComponent(before)}`,
    );
    expect(polled.body.data.refresh).toBe(true);
    // a `since` the date reader refuses (year -271821, which PostgreSQL cannot hold) counts as none
    for (const since of ['-271821-04-20', '+275760-09-13T00:00:00Z', 'yesterday']) {
      const odd = await client.get<{ data: { refresh: boolean } }>(
        `/api/v1/weekly-report-jobs?since=${encodeURIComponent(since)}`,
      );
      expect(odd.status).toBe(200);
      expect(odd.body.data.refresh).toBe(false);
    }

    const history = await client.get<{
      data: {
        reports: { id: string; startDate: string; endDate: string; title: string; source: string }[];
        total: number;
        page: number;
        hasNext: boolean;
      };
    }>('/api/v1/get-historical-weekly-reports');
    expect(history.status).toBe(200);
    expect(history.body.data).toMatchObject({ total: 1, page: 1, hasNext: false });
    expect(history.body.data.reports[0]).toMatchObject({ id: reportId, ...week, source: 'manual' });
    expect(history.body.data.reports[0]?.title).toBeTruthy();

    const fetched = await client.get<{
      data: {
        id: string;
        report: { title: string; summary: string; sections: unknown[]; startDate: string };
        shares: unknown[];
      };
    }>(`/api/v1/fetch-weekly-report/${reportId}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.id).toBe(reportId);
    expect(fetched.body.data.report.startDate).toBe(week.startDate);
    expect(fetched.body.data.report.summary.length).toBeGreaterThan(0);
    expect(fetched.body.data.shares).toEqual([]);

    const told = await eventually(async () => {
      const rows = await server.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'weekly_summary_generated')));
      return rows.length > 0 ? rows : undefined;
    });
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toBe('Your weekly insights are ready');
    expect(`${told[0]?.title} ${told[0]?.message}`).not.toMatch(/river|calmer/i);

    // a completed job leaves the active list after 3 s
    server.clock.advance(3_500);
    const later = await client.get<{ data: { jobs: JobAnswer[] } }>('/api/v1/weekly-report-jobs');
    expect(later.body.data.jobs.map((j) => j.id)).not.toContain(started.body.data.jobId);
  });

  it('answers the running job to a second request for the same week', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake = fakeGenerator(server, async (request) => {
      await gate;
      return {
        document: reportFor(request.input),
        model: 'test',
        promptVersion: 't',
        generatedAt: new Date(),
      };
    });
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, week.endDate]);
    const first = await generate(client, week);
    const second = await generate(client, week);
    expect(second.status).toBe(202);
    expect(second.body.data.jobId).toBe(first.body.data.jobId);
    release();
    expect((await settled(client, first.body.data.jobId)).status).toBe('completed');
    const rows = await server.database.db
      .select()
      .from(aiDocuments)
      .where(eq(aiDocuments.patientId, user.id));
    expect(rows).toHaveLength(1);
    // a regeneration after completion replaces the week's report in place
    const again = await generate(client, week);
    expect(again.body.data.jobId).not.toBe(first.body.data.jobId);
    const redone = await settled(client, again.body.data.jobId);
    expect(redone.result?.reportId).toBe(rows[0]?.id);
  });

  it('needs an active Standard subscription (403, message names the subscription)', async () => {
    const { client, user } = await server.signIn();
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, week.endDate]);
    const reply = await generate(client, week);
    expect(reply.status).toBe(403);
    expect(reply.body.message).toMatch(/subscription/i);
    const synchronous = await client.post<{ message: string }>('/api/ai/generate-sevenday-summary', {});
    expect(synchronous.status).toBe(403);
    expect(synchronous.body.message).toMatch(/subscription/i);
  });

  it('needs at least 2 entries in the period; private entries do not count', async () => {
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate]);
    await entriesOn(server, user.id, [week.endDate, week.endDate], { isPrivate: true });
    await entriesOn(server, user.id, [addDays(week.endDate, 1)]); // outside the week
    await entriesOn(server, user.id, [addDays(week.startDate, 1)], { deleted: true });
    const reply = await generate(client, week);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(weeklyInsightMessages.tooFewEntries);
  });

  it('refuses days that are not real, reversed, longer than 7 days or in the future', async () => {
    const { client } = await standardClient(server);
    const today = server.today();
    const cases: [unknown, string][] = [
      [{}, 'Please choose a valid start and end date.'],
      [{ startDate: '2026-02-30', endDate: '2026-03-01' }, 'Please choose a valid start and end date.'],
      [{ startDate: 'yesterday', endDate: today }, 'Please choose a valid start and end date.'],
      [{ startDate: 12, endDate: today }, 'Please choose a valid start and end date.'],
      [
        { startDate: addDays(today, -2), endDate: addDays(today, -4) },
        'The end date must be on or after the start date.',
      ],
      [
        { startDate: addDays(today, -9), endDate: addDays(today, -1) },
        'A weekly report covers at most 7 days.',
      ],
      [
        { startDate: today, endDate: addDays(today, 1) },
        'Weekly insights can only cover days that have already started.',
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await generate(client, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message, JSON.stringify(body)).toBe(message);
    }
  });

  it('gives the generator the week’s shared entries only, with their days, times and goals', async () => {
    fake = fakeGenerator(server);
    const { client, user } = await standardClient(server, { firstName: 'Robin' });
    const week = lastWeek(server);
    const [a, b] = await entriesOn(server, user.id, [week.startDate, week.endDate], {
      notes: 'Morning run with a friend.',
      activities: ['Exercise'],
      dayDetails: { sleepRoutine: { hours: 7.5, quality: 4, bedtime: '23:00', wakeTime: '06:30' } },
    });
    const [secret] = await entriesOn(server, user.id, [week.startDate], {
      notes: 'Lanternmoth secret.',
      isPrivate: true,
    });
    const [goal] = await server.database.db
      .insert(goals)
      .values({
        patientId: user.id,
        createdBy: user.id,
        type: 'personal',
        text: 'Run twice a week',
        textKey: 'run twice a week',
      })
      .returning();
    await server.database.db
      .insert(goalEntryLinks)
      .values({ goalId: goal!.id, entryId: a!.id, patientId: user.id });
    const started = await generate(client, week);
    await settled(client, started.body.data.jobId);
    const input = fake.inputs[0];
    expect(input?.goals).toEqual([{ id: goal!.id, text: 'Run twice a week' }]);
    expect(input?.entries.find((e) => e.id === a!.id)?.goalIds).toEqual([goal!.id]);
    expect(input).toMatchObject({ firstName: 'Robin', ...week });
    expect(input?.entries.map((e) => e.id).sort()).toEqual([a?.id, b?.id].sort());
    expect(JSON.stringify(input)).not.toContain(secret?.id ?? 'x');
    expect(JSON.stringify(input)).not.toContain('Lanternmoth');
    expect(input?.entries[0]).toMatchObject({
      day: week.startDate,
      text: 'Morning run with a friend.',
      activities: ['Exercise'],
      sleepHours: 7.5,
      sentiment: 'positive',
    });
    expect(input?.entries[0]?.time).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('cancel and failure', () => {
  it('cancels a running generation: aborted through the signal, nothing stored', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    fake = fakeGenerator(server, (request) => {
      started();
      return new Promise((_resolve, reject) => {
        request.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    });
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, week.endDate]);
    const reply = await generate(client, week);
    const jobId = reply.body.data.jobId;
    await running;

    const cancelled = await client.post<{ message: string; data: JobAnswer }>(
      `/api/v1/weekly-report-jobs/${jobId}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Generation cancelled');
    expect(cancelled.body.data.status).toBe('cancelled');
    await eventually(async () => fake?.signals[0]?.aborted);

    const job = await client.get<{ data: JobAnswer }>(`/api/v1/weekly-report-jobs/${jobId}`);
    expect(job.body.data.status).toBe('cancelled');
    const active = await client.get<{ data: { jobs: JobAnswer[] } }>('/api/v1/weekly-report-jobs');
    expect(active.body.data.jobs).toEqual([]);
    const stored = await server.database.db
      .select()
      .from(aiDocuments)
      .where(eq(aiDocuments.patientId, user.id));
    expect(stored).toEqual([]);
    // cancelling again answers the same; the week can be generated again
    expect((await client.post(`/api/v1/weekly-report-jobs/${jobId}/cancel`)).status).toBe(200);
    fake.restore();
    fake = fakeGenerator(server);
    const again = await generate(client, week);
    expect(again.body.data.jobId).not.toBe(jobId);
    const done = await settled(client, again.body.data.jobId);
    expect(done.status).toBe('completed');
    const finished = await client.post<{ message: string }>(`/api/v1/weekly-report-jobs/${done.id}/cancel`);
    expect(finished.status).toBe(409);
  });

  it('a failed generation says why, and leaves the active list after 5 s', async () => {
    fake = fakeGenerator(server, () =>
      Promise.reject(
        new AppError('UNAVAILABLE', 'The assistant is unavailable right now. Please try again.'),
      ),
    );
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, week.endDate]);
    const reply = await generate(client, week);
    const failed = await settled(client, reply.body.data.jobId);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The assistant is unavailable right now. Please try again.',
    });
    const listed = await client.get<{ data: { jobs: JobAnswer[] } }>('/api/v1/weekly-report-jobs');
    expect(listed.body.data.jobs.map((j) => j.status)).toEqual(['failed']);
    server.clock.advance(5_500);
    const later = await client.get<{ data: { jobs: JobAnswer[] } }>('/api/v1/weekly-report-jobs');
    expect(later.body.data.jobs).toEqual([]);
  });

  it('the purge tick removes finished jobs after an hour and fails lost ones', async () => {
    fake = fakeGenerator(server);
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, week.endDate]);
    const reply = await generate(client, week);
    await settled(client, reply.body.data.jobId);
    const [lost] = await server.database.db
      .insert(weeklyGenerationJobs)
      .values({
        patientId: user.id,
        startDate: addDays(week.startDate, -7),
        endDate: addDays(week.endDate, -7),
        status: 'generating',
        startTime: server.clock.now(),
      })
      .returning();
    const jobs = () =>
      server.database.db
        .select()
        .from(weeklyGenerationJobs)
        .where(eq(weeklyGenerationJobs.patientId, user.id));
    const service = server.services.weeklyInsights as WeeklyInsightsService;

    server.clock.advance(10 * 60_000);
    await service.purge();
    expect((await jobs()).map((j) => j.status).sort()).toEqual(['completed', 'generating']);

    server.clock.advance(6 * 60_000);
    await service.purge();
    const afterLost = await jobs();
    expect(afterLost.find((j) => j.id === lost?.id)?.status).toBe('failed');

    server.clock.advance(61 * 60_000);
    await service.purge();
    expect(await jobs()).toEqual([]);
  });
});

describe('who may read what', () => {
  it('another patient, a provider or a made-up id gets 404 for jobs and reports', async () => {
    fake = fakeGenerator(server);
    const { client, user } = await standardClient(server);
    const week = lastWeek(server);
    await entriesOn(server, user.id, [week.startDate, week.endDate]);
    const reply = await generate(client, week);
    const job = await settled(client, reply.body.data.jobId);
    const reportId = job.result?.reportId ?? '';
    const other = (await server.signIn()).client;
    const provider = (await server.signIn({ role: 'provider' })).client;
    expect((await other.get(`/api/v1/fetch-weekly-report/${reportId}`)).status).toBe(404);
    expect((await provider.get(`/api/v1/fetch-weekly-report/${reportId}`)).status).toBe(404);
    expect((await other.get(`/api/v1/weekly-report-jobs/${job.id}`)).status).toBe(404);
    expect((await other.post(`/api/v1/weekly-report-jobs/${job.id}/cancel`)).status).toBe(404);
    expect((await client.get('/api/v1/fetch-weekly-report/not-a-uuid')).status).toBe(404);
    expect((await client.get('/api/v1/weekly-report-jobs/not-a-uuid')).status).toBe(404);
    expect((await provider.get('/api/v1/weekly-report-jobs')).status).toBe(403);
    const history = await other.get<{ data: { total: number } }>('/api/v1/get-historical-weekly-reports');
    expect(history.body.data.total).toBe(0);
  });
});

describe('history, the four-weeks view and the seven-day summary', () => {
  it('pages the history newest first (limit 10 by default, at most 50)', async () => {
    fake = fakeGenerator(server);
    const { client, user } = await standardClient(server);
    const monday = mondayOf(server.today());
    const weeks = Array.from({ length: 12 }, (_, i) => addDays(monday, -7 * (i + 1)));
    for (const start of weeks) {
      await entriesOn(server, user.id, [start, addDays(start, 1)]);
      const started = await generate(client, { startDate: start, endDate: addDays(start, 6) });
      await settled(client, started.body.data.jobId);
    }
    const first = await client.get<{
      data: { reports: { startDate: string }[]; total: number; hasNext: boolean };
    }>('/api/v1/get-historical-weekly-reports?page=1');
    expect(first.body.data.reports.map((r) => r.startDate)).toEqual(weeks.slice(0, 10));
    expect(first.body.data).toMatchObject({ total: 12, hasNext: true });
    const second = await client.get<{ data: { reports: { startDate: string }[]; hasNext: boolean } }>(
      '/api/v1/get-historical-weekly-reports?page=2&limit=10',
    );
    expect(second.body.data.reports.map((r) => r.startDate)).toEqual(weeks.slice(10));
    expect(second.body.data.hasNext).toBe(false);
    expect((await client.get('/api/v1/get-historical-weekly-reports?limit=51')).status).toBe(400);

    // the four-weeks view: eight weeks by default, the current one first, with the week's report
    const four = await client.get<{
      data: {
        weeks: {
          weekStart: string;
          entryCount: number;
          positive: number;
          reportId: string | null;
          isCurrentWeek: boolean;
          topEmotion: { name: string; count: number } | null;
        }[];
        hasNext: boolean;
      };
    }>('/api/v1/get-mood-report-by-four-weeks');
    expect(four.status).toBe(200);
    expect(four.body.data.weeks).toHaveLength(8);
    expect(four.body.data.weeks[0]).toMatchObject({
      weekStart: monday,
      isCurrentWeek: true,
      entryCount: 0,
      reportId: null,
    });
    expect(four.body.data.weeks[1]).toMatchObject({ weekStart: weeks[0], entryCount: 2, positive: 2 });
    expect(four.body.data.weeks[1]?.reportId).toEqual(expect.any(String));
    expect(four.body.data.weeks[1]?.topEmotion).toEqual({ name: 'Calm', count: 2 });
    expect(four.body.data.hasNext).toBe(true);
    const page2 = await client.get<{ data: { weeks: { weekStart: string }[]; hasNext: boolean } }>(
      '/api/v1/get-mood-report-by-four-weeks?page=2&limit=8',
    );
    expect(page2.body.data.weeks[0]?.weekStart).toBe(addDays(monday, -56));
    expect(page2.body.data.hasNext).toBe(false);
  });

  it('get-sevenday-summary answers null until generate-sevenday-summary made it', async () => {
    fake = fakeGenerator(server);
    const { client, user } = await standardClient(server);
    const today = server.today();
    const none = await client.post<{ data: unknown }>('/api/ai/get-sevenday-summary', {});
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const tooFew = await client.post<{ message: string }>('/api/proxy/ai/generate-sevenday-summary', {});
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toBe(weeklyInsightMessages.tooFewEntries);
    await entriesOn(server, user.id, [addDays(today, -7), addDays(today, -1)]);
    await entriesOn(server, user.id, [today]); // today is not in the seven days
    const made = await client.post<{
      message: string;
      data: { startDate: string; endDate: string; report: { summary: string } };
    }>('/api/ai/generate-sevenday-summary', {});
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Weekly insights generated successfully!');
    expect(made.body.data).toMatchObject({ startDate: addDays(today, -7), endDate: addDays(today, -1) });
    expect(made.body.data.report.summary).toBe('You wrote 2 entries this week.');
    const read = await client.post<{ data: { id: string } | null }>('/api/ai/get-sevenday-summary', {});
    expect(read.body.data?.id).toBeTruthy();
  });
});

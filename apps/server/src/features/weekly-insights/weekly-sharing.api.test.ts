import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, connect } from '../../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { connections, dashboardShares, notifications } from '../../db/schema/index.js';
import { entriesOn, fakeGenerator, lastWeek, settled, standardClient } from './weekly-test-kit.js';

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

/** A Standard client with a report of last week; answers the client and the report's id. */
async function clientWithReport(values: Parameters<TestServer['signIn']>[0] = {}) {
  const signed = await standardClient(server, values);
  const week = lastWeek(server);
  const rows = await entriesOn(server, signed.user.id, [week.startDate, week.endDate]);
  const started = await signed.client.post<{ data: { jobId: string } }>(
    '/api/v1/generate-weekly-report',
    week,
  );
  const job = await settled(signed.client, started.body.data.jobId);
  return { ...signed, reportId: job.result?.reportId ?? '', entryIds: rows.map((r) => r.id) };
}

async function provider(values: Parameters<TestServer['signIn']>[0] = {}) {
  return server.signIn({ role: 'provider', firstName: 'Dana', lastName: 'Reyes', ...values });
}

interface ShareAnswer {
  success: boolean;
  warning?: boolean;
  message: string;
  data?: {
    shareId: string;
    reportId: string;
    provider: { doctorName: string; doctorEmail: { email: string } };
  };
}

const share = (client: Client, body: unknown) =>
  client.post<ShareAnswer>('/api/v1/share-weekly-report', body);

describe('share-weekly-report', () => {
  it('shares with an accepted provider, who reads it (audited) until it is withdrawn', async () => {
    const owner = await clientWithReport({ firstName: 'Sam', lastName: 'Quill' });
    const doctor = await provider();
    await connect(server, doctor.user.id, owner.user.id);

    const shared = await share(owner.client, {
      reportId: owner.reportId,
      doctorEmail: doctor.user.email.toUpperCase(),
    });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ success: true, message: 'Weekly report shared successfully.' });
    expect(shared.body.data?.provider).toEqual({
      id: doctor.user.id,
      doctorName: 'Dana Reyes',
      doctorEmail: { email: doctor.user.email },
    });

    const told = await server.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, doctor.user.id), eq(notifications.type, 'weekly_summary_to_provider')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toBe('Sam Quill shared their weekly insights with you.');
    expect(told[0]?.data).toMatchObject({ clientId: owner.user.id });

    const read = await doctor.client.get<{
      data: { id: string; report: { sections: { items: { entryIds: string[] }[] }[] }; shares?: unknown };
    }>(`/api/v1/fetch-weekly-report/${owner.reportId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(owner.reportId);
    expect(read.body.data.shares).toBeUndefined();
    // no entry ids reach the provider
    for (const id of owner.entryIds) expect(JSON.stringify(read.body)).not.toContain(id);
    const audits = await auditOf(server, 'ACCESS_PHI', doctor.user.id);
    expect(audits.some((a) => a.resourceType === 'weekly-report' && a.patientId === owner.user.id)).toBe(
      true,
    );

    // the owner sees the share on the report
    const own = await owner.client.get<{
      data: { shares: { shareId: string }[]; report: { sections: { items: { entryIds: string[] }[] }[] } };
    }>(`/api/v1/fetch-weekly-report/${owner.reportId}`);
    expect(own.body.data.shares.map((s) => s.shareId)).toEqual([shared.body.data?.shareId]);
    expect(own.body.data.report.sections[0]?.items[0]?.entryIds.length).toBe(1);

    // the provider's Summaries list, and the owner's list of shares
    const listed = await doctor.client.get<{ data: { reports: { id: string; shareId: string }[] } }>(
      `/api/v1/shared-weekly-reports/${owner.user.id}`,
    );
    expect(listed.body.data.reports.map((r) => r.id)).toEqual([owner.reportId]);
    const mine = await owner.client.get<{ data: { reports: { provider: { id: string } }[] } }>(
      `/api/v1/shared-weekly-reports/${owner.user.id}`,
    );
    expect(mine.body.data.reports[0]?.provider.id).toBe(doctor.user.id);

    const again = await share(owner.client, {
      reportId: owner.reportId,
      doctorEmail: { email: doctor.user.email },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, warning: true, message: 'Summary Already Shared.' });

    const withdrawn = await owner.client.delete<{ message: string }>(
      `/api/v1/share-weekly-report/${shared.body.data?.shareId}`,
    );
    expect(withdrawn.status).toBe(200);
    expect((await doctor.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(404);
    const emptied = await doctor.client.get<{ data: { reports: unknown[] } }>(
      `/api/v1/shared-weekly-reports/${owner.user.id}`,
    );
    expect(emptied.body.data.reports).toEqual([]);
    expect(
      (await owner.client.delete(`/api/v1/share-weekly-report/${shared.body.data?.shareId}`)).status,
    ).toBe(404);

    // shared again after a withdrawal: a new share
    expect(
      (await share(owner.client, { reportId: owner.reportId, doctorEmail: doctor.user.email })).status,
    ).toBe(201);
    expect((await doctor.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(200);
  });

  it('only with accepted, active providers; a provider must be chosen', async () => {
    const owner = await clientWithReport();
    const pending = await provider();
    await connect(server, pending.user.id, owner.user.id, { status: 'pending' });
    const stranger = await provider();
    const other = await server.signIn();

    const none = await share(owner.client, { reportId: owner.reportId });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select a provider');
    expect((await share(owner.client, { reportId: owner.reportId, doctorEmail: '  ' })).body.message).toBe(
      'Please select a provider',
    );
    for (const email of [pending.user.email, stranger.user.email, other.user.email, 'nobody@example.test']) {
      const refused = await share(owner.client, { reportId: owner.reportId, doctorEmail: email });
      expect(refused.status, email).toBe(400);
      expect(refused.body.message).toMatch(/not connected/);
    }
    expect((await pending.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(404);
    expect((await pending.client.get(`/api/v1/shared-weekly-reports/${owner.user.id}`)).status).toBe(404);
  });

  it('a report is shared only by its owner; a disconnected provider loses it at once', async () => {
    const owner = await clientWithReport();
    const doctor = await provider();
    const connection = await connect(server, doctor.user.id, owner.user.id);
    const intruder = await clientWithReport();
    await connect(server, doctor.user.id, intruder.user.id);

    const stolen = await share(intruder.client, { reportId: owner.reportId, doctorEmail: doctor.user.email });
    expect(stolen.status).toBe(404);
    expect((await intruder.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(404);
    expect((await intruder.client.get(`/api/v1/shared-weekly-reports/${owner.user.id}`)).status).toBe(404);

    // the provider cannot read an unshared report of a connected client
    expect((await doctor.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(404);
    expect(
      (await share(owner.client, { reportId: owner.reportId, doctorEmail: doctor.user.email })).status,
    ).toBe(201);
    expect((await doctor.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(200);

    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'disconnected' })
      .where(eq(connections.id, connection.id));
    expect((await doctor.client.get(`/api/v1/fetch-weekly-report/${owner.reportId}`)).status).toBe(404);
    expect((await doctor.client.get(`/api/v1/shared-weekly-reports/${owner.user.id}`)).status).toBe(404);
  });
});

describe('dashboard/share', () => {
  it('keeps a sanitised snapshot for a connected provider (audited); others get 404', async () => {
    const owner = await server.signIn();
    const doctor = await provider();
    await connect(server, doctor.user.id, owner.user.id);
    const dashboardData = {
      title: '<script>alert(1)</script>My week',
      note: '<img src=x onerror=alert(1)>Felt better',
      link: 'javascript:alert(1)',
      '<b>key</b>': 'bold key',
      prototype: 'dropped',
      stats: { entries: 5, streak: 3, ratio: 0.5, flags: [true, false, null] },
      moods: [{ name: 'Calm<svg onload=alert(1)>', count: 2 }],
    };
    // a "__proto__" key never gets in (the body parser refuses it)
    const poisoned = await owner.client.request('POST', '/api/v1/dashboard/share', {
      raw: `{"doctorEmail":"${doctor.user.email}","dashboardData":{"__proto__":{"polluted":true}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.status).toBe(400);
    const shared = await owner.client.post<{ message: string; data: { id: string } }>(
      '/api/v1/dashboard/share',
      {
        doctorEmail: doctor.user.email,
        dashboardData,
      },
    );
    expect(shared.status).toBe(201);
    expect(shared.body.message).toBe('Dashboard shared successfully.');

    const read = await doctor.client.get<{ data: { dashboardData: Record<string, unknown> } }>(
      `/api/v1/dashboard/shared/${encodeURIComponent(shared.body.data.id)}`,
    );
    expect(read.status).toBe(200);
    const data = read.body.data.dashboardData;
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/<script|onerror|onload|javascript:|<svg|<img|<b>/i);
    expect(data).toMatchObject({ title: 'My week', note: 'Felt better', key: 'bold key' });
    expect(data.stats).toEqual({ entries: 5, streak: 3, ratio: 0.5, flags: [true, false, null] });
    expect(Object.keys(data)).not.toContain('prototype');
    const [row] = await server.database.db
      .select()
      .from(dashboardShares)
      .where(eq(dashboardShares.id, shared.body.data.id));
    expect(JSON.stringify(row?.data)).not.toMatch(/<script|onerror/i);
    const audits = await auditOf(server, 'ACCESS_PHI', doctor.user.id);
    expect(audits.some((a) => a.resourceType === 'shared-dashboard')).toBe(true);

    expect((await owner.client.get(`/api/v1/dashboard/shared/${shared.body.data.id}`)).status).toBe(200);
    const otherDoctor = await provider();
    expect((await otherDoctor.client.get(`/api/v1/dashboard/shared/${shared.body.data.id}`)).status).toBe(
      404,
    );
    expect(
      (await (await server.signIn()).client.get(`/api/v1/dashboard/shared/${shared.body.data.id}`)).status,
    ).toBe(404);
    expect((await doctor.client.get('/api/v1/dashboard/shared/not-an-id')).status).toBe(404);
  });

  it('refuses data that is too large, too deep or not an object, and unconnected providers', async () => {
    const owner = await server.signIn();
    const doctor = await provider();
    await connect(server, doctor.user.id, owner.user.id);
    const post = (body: unknown) => owner.client.post<{ message: string }>('/api/v1/dashboard/share', body);
    const big = await post({ doctorEmail: doctor.user.email, dashboardData: { text: 'x'.repeat(70_000) } });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The dashboard data is too large to share (at most 64 KB).');
    let deep: unknown = 'leaf';
    for (let i = 0; i < 12; i++) deep = { next: deep };
    expect((await post({ doctorEmail: doctor.user.email, dashboardData: deep })).status).toBe(400);
    expect((await post({ doctorEmail: doctor.user.email, dashboardData: [1, 2] })).status).toBe(400);
    expect((await post({ doctorEmail: doctor.user.email })).status).toBe(400);
    const none = await post({ dashboardData: { a: 1 } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select a provider');
    const stranger = await provider();
    const refused = await post({ doctorEmail: stranger.user.email, dashboardData: { a: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not connected/);
  });
});

describe('what a provider is shown of a shared week and a shared dashboard', () => {
  it('a shared report on the Summaries tab carries no entry ids; a dashboard share tells the provider in-app', async () => {
    const owner = await clientWithReport();
    const doctor = await provider();
    await connect(server, doctor.user.id, owner.user.id);
    expect(
      (await share(owner.client, { reportId: owner.reportId, doctorEmail: doctor.user.email })).status,
    ).toBe(201);
    const summaries = await doctor.client.get<{
      data: { kind: string; document: { content: string } | null }[];
    }>(`/api/ai/shared-summaries/${owner.user.id}`);
    const weekly = summaries.body.data.find((s) => s.kind === 'weeklyReport');
    expect(weekly?.document).not.toBeNull();
    const text = JSON.stringify(weekly?.document);
    for (const id of owner.entryIds) expect(text).not.toContain(id);

    const dashboard = await owner.client.post<{ data: { id: string } }>('/api/v1/dashboard/share', {
      doctorEmail: doctor.user.email,
      dashboardData: { timerange: '1 Week', total: 2 },
    });
    expect(dashboard.status).toBe(201);
    const told = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctor.user.id), eq(notifications.type, 'summary_shared')));
    expect(told.map((n) => n.data.url)).toEqual([`/provider/shared-dashboard/${dashboard.body.data.id}`]);
  });

  it('the client’s analytics for a snapshot (shared=true) leave private entries out', async () => {
    const owner = await standardClient(server);
    const week = lastWeek(server);
    const rows = await entriesOn(server, owner.user.id, [week.startDate, week.endDate]);
    const { journalEntries } = await import('../../db/schema/index.js');
    await server.database.db
      .update(journalEntries)
      .set({ isPrivate: true })
      .where(eq(journalEntries.id, rows[0]!.id));
    const query = `timerange=30 Days&date=${week.endDate}`;
    const all = await owner.client.get<{ data: { total: number } }>(`/api/v1/get-mood-analytics/?${query}`);
    const shared = await owner.client.get<{ data: { total: number } }>(
      `/api/v1/get-mood-analytics/?${query}&shared=true`,
    );
    expect(all.body.data.total).toBe(rows.length);
    expect(shared.body.data.total).toBe(rows.length - 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { measureMessages, phq9, type CrisisResources } from '@mindledger/domain';
import { auditLogs, measureAssignments, notifications } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { testUserResources } from '../../../test/crisis.js';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

/** Answers to every PHQ-9 item: `scores` for the first items, 0 for the rest. */
const phqAnswers = (scores: number[], item9 = 0) =>
  Object.fromEntries(phq9.items.map((item, i) => [item.linkId, i === 8 ? item9 : (scores[i] ?? 0)]));
const gadAnswers = (score: number) =>
  Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7-${i + 1}`, score]));

interface Assignment {
  id: string;
  kind: string;
  everyWeeks: number | null;
  due: boolean;
  dueAt: string;
  stopped: boolean;
  providerName: string;
}
interface ResponseView {
  id: string;
  total: number;
  band: string;
  bandText: string;
  safetyAlert: boolean;
  flags: { change: number | null; reliableImprovement: boolean; response: boolean; remission: boolean };
  answers?: Record<string, number>;
}
interface Completed {
  response: ResponseView;
  safetyAlert: boolean;
  crisisResources: CrisisResources | null;
  disclaimer: string;
}
interface Overview {
  assignments: Assignment[];
  measures: { kind: string; responses: ResponseView[] }[];
  disclaimer?: string;
}

async function world() {
  const patient = await server.signIn({ firstName: 'Nora', lastName: 'Lind' });
  const provider = await server.signIn({ role: 'provider', firstName: 'Ada', lastName: 'Quinn' });
  await connect(server, provider.user.id, patient.user.id);
  return { patient, provider };
}

/** The assignment's next cycle began a minute ago. */
async function makeDue(id: string) {
  await server.database.db
    .update(measureAssignments)
    .set({ dueAt: new Date(server.clock.now().getTime() - 60_000) })
    .where(eq(measureAssignments.id, id));
}

async function told(userId: string) {
  return server.database.db
    .select({ type: notifications.type, priority: notifications.priority, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

describe('assigning a measure', () => {
  it('tells the client, who answers it; the provider sees the score, band and answers', async () => {
    const { patient, provider } = await world();
    const assigned = await provider.client.post<{ data: Assignment; message: string }>(
      '/api/v1/provider/measures/assign',
      { patientId: patient.user.id, kind: 'phq9' },
    );
    expect(assigned.status).toBe(201);
    expect(assigned.body.message).toBe(measureMessages.assigned);
    expect(assigned.body.data).toMatchObject({
      kind: 'phq9',
      everyWeeks: null,
      due: true,
      providerName: 'Ada Quinn',
    });
    expect(await told(patient.user.id)).toEqual([
      {
        type: 'measure_assigned',
        priority: 'medium',
        message: 'Ada asked you to complete the PHQ-9. It takes about two minutes.',
      },
    ]);

    const mine = await patient.client.get<{ data: Overview }>('/api/v1/measures');
    expect(mine.body.data.assignments.map((a) => a.id)).toEqual([assigned.body.data.id]);
    expect(mine.body.data.disclaimer).toBe(measureMessages.notDiagnosis);

    const done = await patient.client.post<{ data: Completed }>(
      `/api/v1/measures/assignments/${assigned.body.data.id}/responses`,
      { answers: phqAnswers([2, 2, 2, 2, 1, 1, 1, 1]) },
    );
    expect(done.status).toBe(201);
    expect(done.body.data.response).toMatchObject({ total: 12, band: 'Moderate', safetyAlert: false });
    expect(done.body.data.crisisResources).toBeNull();
    expect(done.body.data.disclaimer).toBe(measureMessages.notDiagnosis);

    // a one-off is done: answering again is refused, and nothing is waiting any more
    const again = await patient.client.post(
      `/api/v1/measures/assignments/${assigned.body.data.id}/responses`,
      {
        answers: phqAnswers([0]),
      },
    );
    expect(again.status).toBe(409);
    expect((await patient.client.get<{ data: Overview }>('/api/v1/measures')).body.data.assignments).toEqual(
      [],
    );

    const view = await provider.client.get<{ data: Overview }>(
      `/api/v1/provider/clients/${patient.user.id}/measures`,
    );
    expect(view.status).toBe(200);
    const phq = view.body.data.measures.find((m) => m.kind === 'phq9')!;
    expect(phq.responses.map((r) => [r.total, r.band])).toEqual([[12, 'Moderate']]);
    expect(phq.responses[0]!.answers!['phq9-1']).toBe(2);
    const phi = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.patientId, patient.user.id), eq(auditLogs.action, 'ACCESS_PHI')));
    expect(phi.some((row) => row.resourceType === 'measure_response')).toBe(true);
  });

  it('repeats every 2 weeks: the next cycle is told by the tick, and scores are flagged against the first', async () => {
    const { patient, provider } = await world();
    const assigned = await provider.client.post<{ data: Assignment }>('/api/v1/provider/measures/assign', {
      patientId: patient.user.id,
      kind: 'phq9',
      everyWeeks: 2,
    });
    const id = assigned.body.data.id;
    const answer = (scores: number[]) =>
      patient.client.post<{ data: Completed }>(`/api/v1/measures/assignments/${id}/responses`, {
        answers: phqAnswers(scores),
      });
    expect((await answer([3, 3, 3, 3, 2, 2])).body.data.response.total).toBe(16);
    // not due again before the next cycle
    const early = await answer([1]);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: measureMessages.alreadyCompleted });
    const waiting = (await patient.client.get<{ data: Overview }>('/api/v1/measures')).body.data.assignments;
    expect(waiting[0]).toMatchObject({ due: false });
    expect(Date.parse(waiting[0]!.dueAt) - server.clock.now().getTime()).toBeGreaterThanOrEqual(
      14 * DAY - 1000,
    );

    // two weeks on (the cycle is made due rather than the clock moved: sessions stay valid)
    await makeDue(id);
    expect(await server.services.measures.tellDue()).toBeGreaterThanOrEqual(1);
    expect(await server.services.measures.tellDue()).toBe(0); // told once
    expect((await told(patient.user.id)).filter((n) => n.type === 'measure_assigned')).toHaveLength(2);

    const second = await answer([2, 2, 2, 1, 1]);
    expect(second.body.data.response).toMatchObject({ total: 8, band: 'Mild' });
    expect(second.body.data.response.flags).toMatchObject({
      change: -8,
      reliableImprovement: true,
      response: true, // 8 ≤ 16 / 2
      remission: false,
    });
    const series = (
      await provider.client.get<{ data: Overview }>(`/api/v1/provider/clients/${patient.user.id}/measures`)
    ).body.data.measures.find((m) => m.kind === 'phq9')!.responses;
    expect(series.map((r) => r.total)).toEqual([16, 8]);
    expect(series[1]!.flags.change).toBe(-8);

    // the provider stops it: nothing is waiting, a later cycle is not told
    expect((await provider.client.post(`/api/v1/provider/measures/assignments/${id}/stop`)).status).toBe(200);
    await makeDue(id);
    await server.services.measures.tellDue();
    expect((await told(patient.user.id)).filter((n) => n.type === 'measure_assigned')).toHaveLength(2);
    expect((await answer([0])).status).toBe(409);
  });

  it('refuses a second live assignment of one kind, an unknown kind and a bad interval', async () => {
    const { patient, provider } = await world();
    const assign = (body: object) =>
      provider.client.post<{ message: string }>('/api/v1/provider/measures/assign', {
        patientId: patient.user.id,
        ...body,
      });
    expect((await assign({ kind: 'gad7', everyWeeks: 4 })).status).toBe(201);
    const twice = await assign({ kind: 'gad7' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(measureMessages.alreadyAssigned);
    expect((await assign({ kind: 'beck' })).status).toBe(400);
    expect((await assign({ kind: 'phq9', everyWeeks: 3 })).status).toBe(400);
  });
});

describe('answering', () => {
  it('a client takes a measure on their own; incomplete or foreign answers are refused', async () => {
    const { patient } = await world();
    const self = await patient.client.post<{ data: Completed }>('/api/v1/measures/responses', {
      kind: 'gad7',
      answers: gadAnswers(2),
    });
    expect(self.status).toBe(201);
    expect(self.body.data.response).toMatchObject({ total: 14, band: 'Moderate' });
    const missing = await patient.client.post<{ message: string }>('/api/v1/measures/responses', {
      kind: 'gad7',
      answers: { 'gad7-1': 1 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(measureMessages.answerEvery);
    const foreign = await patient.client.post<{ message: string }>('/api/v1/measures/responses', {
      kind: 'gad7',
      answers: { ...gadAnswers(1), 'phq9-1': 1 },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('GAD-7 has no question phq9-1.');
    const outOfRange = await patient.client.post('/api/v1/measures/responses', {
      kind: 'gad7',
      answers: { ...gadAnswers(1), 'gad7-3': 7 },
    });
    expect(outOfRange.status).toBe(400);
  });

  it('item 9 above 0: crisis resources for the client, an urgent alert to each connected provider, no answers outside the app', async () => {
    const { patient, provider } = await world();
    const other = await server.signIn({ role: 'provider', firstName: 'Ben', lastName: 'Roe' });
    await connect(server, other.user.id, patient.user.id);
    const done = await patient.client.post<{ data: Completed }>('/api/v1/measures/responses', {
      kind: 'phq9',
      answers: phqAnswers([0], 1),
    });
    expect(done.status).toBe(201);
    expect(done.body.data.safetyAlert).toBe(true);
    expect(done.body.data.response).toMatchObject({ total: 1, band: 'Minimal', safetyAlert: true });
    expect(done.body.data.crisisResources).toEqual(testUserResources);
    for (const who of [provider, other]) {
      const rows = await told(who.user.id);
      expect(rows.map((r) => [r.type, r.priority])).toEqual([['measure_alert', 'high']]);
      expect(rows[0]!.message).toMatch(/^Nora Lind answered the PHQ-9 question/);
    }
    const mail = await server.mail(provider.user.email, /Urgent/);
    expect(mail.text).toContain('needs your attention');
    expect(mail.text).not.toContain('Nora');
    expect(mail.text).not.toContain('Lind');
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });
});

describe('access', () => {
  it("a client answering another client's assignment, another provider and a client reading a provider view get 404 or 403", async () => {
    const { patient, provider } = await world();
    const stranger = await server.signIn();
    const outsider = await server.signIn({ role: 'provider' });
    const assigned = await provider.client.post<{ data: Assignment }>('/api/v1/provider/measures/assign', {
      patientId: patient.user.id,
      kind: 'phq9',
    });
    const id = assigned.body.data.id;
    const foreign = await stranger.client.post(`/api/v1/measures/assignments/${id}/responses`, {
      answers: phqAnswers([1]),
    });
    expect(foreign.status).toBe(404);
    expect((await outsider.client.get(`/api/v1/provider/clients/${patient.user.id}/measures`)).status).toBe(
      404,
    );
    expect(
      (
        await outsider.client.post('/api/v1/provider/measures/assign', {
          patientId: patient.user.id,
          kind: 'gad7',
        })
      ).status,
    ).toBe(404);
    expect((await outsider.client.post(`/api/v1/provider/measures/assignments/${id}/stop`)).status).toBe(404);
    expect((await patient.client.get(`/api/v1/provider/clients/${patient.user.id}/measures`)).status).toBe(
      403,
    );
    expect((await provider.client.get('/api/v1/measures')).status).toBe(403);
    // the assignment is still the client's to answer
    const mine = await patient.client.get<{ data: Overview }>('/api/v1/measures');
    expect(mine.body.data.assignments.map((a) => a.id)).toEqual([id]);
  });

  it('serves each measure as a FHIR Questionnaire with its LOINC codes', async () => {
    const { patient } = await world();
    const res = await patient.client.get<{
      data: { resourceType: string; code: { code: string }[]; item: unknown[] };
    }>('/api/v1/measures/questionnaires/phq9');
    expect(res.status).toBe(200);
    expect(res.body.data.resourceType).toBe('Questionnaire');
    expect(res.body.data.code[0]!.code).toBe('44249-1');
    expect((await patient.client.get('/api/v1/measures/questionnaires/beck')).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { carePlanMessages, notesSummaryMessages } from '@mindledger/domain';
import { connections } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface Summary {
  id: string;
  version: number;
  noteSum: string;
  jsonSummary: {
    sections: { heading: string; points: { text: string; sources: { type: string; id: string }[] }[] }[];
    basedOn: { notes: number };
    disclaimer: string;
  };
  editMode: string;
  refinmentDetails: string | null;
  shared: boolean;
  versions?: { version: number; editMode: string }[];
}

interface Plan {
  id: string;
  version: number;
  isSigned: boolean;
  carePlan: {
    title: string;
    date: string;
    diagnosis: { code: string; description?: string };
    problem?: string;
    goals: {
      id: string;
      title: string;
      objectives: { id: string; title: string; completion: number; strategy: { intervention: string }[] }[];
    }[];
    frequency: string;
    isSigned: boolean;
  };
  versions?: { version: number; isSigned: boolean; editMode: string }[];
}

const sessionTexts = [
  'Client reports poor sleep, waking at 3am most nights. Worry about work deadlines keeps returning at night.',
  'Sleep improved after reducing screens before bed. Work worry still present but manageable with breathing.',
  'Discussed panic before team meetings. Practised paced breathing in session; client will try it before meetings.',
];

async function world() {
  const patient = await server.signIn({ firstName: 'Iris', lastName: 'Vale' });
  const provider = await server.signIn({ role: 'provider', firstName: 'Sam', lastName: 'Ortiz' });
  const connection = await connect(server, provider.user.id, patient.user.id);
  const today = server.today();
  const noteIds: string[] = [];
  for (const [i, notes] of sessionTexts.entries()) {
    const res = await provider.client.post<{ data: { id: string } }>('/api/v1/create-notes', {
      patientId: patient.user.id,
      notes,
      date: today,
      time: { hour: 9 + i, minute: 0, period: 'AM' },
      recommendation: i === 0 ? ['Sleep diary every morning', 'CBT-I sleep hygiene handout'] : [],
      isSigned: i < 2,
    });
    noteIds.push(res.body.data.id);
  }
  await patient.client.post('/api/v1/goals/', { text: 'Sleep seven hours a night' });
  return { patient, provider, connection, noteIds };
}

async function summary(client: Client, patientId: string) {
  const res = await client.post<{ data: Summary }>('/api/ai/generate-notes-summary', {
    patientId,
    range: '1 Week',
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('notes summaries', () => {
  it('summarises the range extractively, naming the notes each point came from', async () => {
    const { provider, patient, noteIds } = await world();
    const s = await summary(provider.client, patient.user.id);
    expect(s.version).toBe(1);
    expect(s.editMode).toBe('generated');
    expect(s.jsonSummary.basedOn.notes).toBe(3);
    expect(s.jsonSummary.disclaimer).toBe(notesSummaryMessages.disclaimer);
    expect(s.jsonSummary.disclaimer).toMatch(/not a diagnosis/);
    const points = s.jsonSummary.sections.flatMap((x) => x.points);
    const noteSources = points.flatMap((p) => p.sources).filter((src) => src.type === 'note');
    expect(noteSources.length).toBeGreaterThan(0);
    for (const src of noteSources) expect(noteIds).toContain(src.id);
    for (const p of s.jsonSummary.sections.find((x) => x.heading === 'Across the sessions')!.points)
      expect(sessionTexts.join(' ')).toContain(p.text.replace(/…$/, ''));
    expect(s.noteSum).toMatch(/^# Notes Summary: Iris/);
    expect(s.noteSum).toContain('## Recommendations and follow-up');
    expect(s.noteSum).toContain('- Sleep diary every morning');
  });

  it('refuses a range without notes and a bad range', async () => {
    const { provider, patient } = await world();
    const empty = await provider.client.post<{ message: string }>('/api/ai/generate-notes-summary', {
      patientId: patient.user.id,
      startDate: '2020-01-01',
      endDate: '2020-01-31',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(notesSummaryMessages.nothingToSummarise);
    const bad = await provider.client.post('/api/ai/generate-notes-summary', {
      patientId: patient.user.id,
      range: '3 Years',
    });
    expect(bad.status).toBe(400);
  });

  it('keeps every version: a hand edit, then refinements ("shorter", "focus on sleep")', async () => {
    const { provider, patient } = await world();
    const s = await summary(provider.client, patient.user.id);
    const edited = await provider.client.put<{ data: Summary; message: string }>(
      `/api/ai/update-patient-notes-summary/${s.id}`,
      { noteSum: '# My summary\n- Sleep is **better**<script>x</script>', editMode: 'manual' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(notesSummaryMessages.updated);
    expect(edited.body.data.version).toBe(2);
    expect(edited.body.data.noteSum).not.toContain('<script>');
    const shorter = await provider.client.put<{ data: Summary; message: string }>(
      `/api/ai/update-patient-notes-summary/${s.id}`,
      { editMode: 'refine', refinmentDetails: 'shorter' },
    );
    expect(shorter.body.message).toBe(notesSummaryMessages.refined);
    expect(shorter.body.data.version).toBe(3);
    const countPoints = (x: Summary) => x.jsonSummary.sections.reduce((n, sec) => n + sec.points.length, 0);
    expect(countPoints(shorter.body.data)).toBeLessThan(countPoints(s));
    const focus = await provider.client.put<{ data: Summary }>(
      `/api/ai/update-patient-notes-summary/${s.id}`,
      {
        editMode: 'refine',
        refinmentDetails: 'focus on sleep',
      },
    );
    expect(focus.body.data.version).toBe(4);
    const first = focus.body.data.jsonSummary.sections[0]!;
    expect(first.heading).toBe('Focus: sleep');
    for (const p of first.points) expect(p.text.toLowerCase()).toContain('sleep');
    const unknown = await provider.client.put<{ message: string }>(
      `/api/ai/update-patient-notes-summary/${s.id}`,
      {
        editMode: 'refine',
        refinmentDetails: 'make it rhyme',
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(notesSummaryMessages.unknownRefinement);
    const missing = await provider.client.put<{ message: string }>(
      `/api/ai/update-patient-notes-summary/${s.id}`,
      {
        editMode: 'refine',
      },
    );
    expect(missing.body.message).toBe(notesSummaryMessages.refinementRequired);

    const full = await provider.client.get<{ data: Summary }>(`/api/ai/notes-summary/${s.id}`);
    expect(full.body.data.versions!.map((v) => [v.version, v.editMode])).toEqual([
      [4, 'refine'],
      [3, 'refine'],
      [2, 'manual'],
      [1, 'generated'],
    ]);
    const v1 = await provider.client.get<{ data: Summary }>(`/api/ai/notes-summary/${s.id}/versions/1`);
    expect(v1.body.data.noteSum).toBe(s.noteSum);
    const list = await provider.client.post<{ data: Summary[] }>('/api/ai/get-patient-notes-summary', {
      patientId: patient.user.id,
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]!.version).toBe(4);
  });
});

describe('care plans', () => {
  it('drafts a plan from notes and goals without inventing a diagnosis, edits, signs and keeps history', async () => {
    const { provider, patient } = await world();
    const generated = await provider.client.post<{ data: Plan }>('/api/ai/generate-careplan', {
      patientId: patient.user.id,
    });
    expect(generated.status).toBe(200);
    const plan = generated.body.data;
    expect(plan.carePlan.title).toBe('Treatment Plan');
    expect(plan.carePlan.diagnosis.code).toBe('');
    expect(plan.carePlan.goals.map((g) => g.title)).toEqual(['Sleep seven hours a night']);
    expect(plan.carePlan.goals[0]!.objectives[0]!.strategy.map((x) => x.intervention)).toContain(
      'Sleep diary every morning',
    );
    expect(plan.carePlan.problem).toMatch(/work|sleep|panic/i);
    expect(plan.carePlan.problem).toMatch(/\(Progress Note, [A-Z][a-z]{2} \d{1,2}, \d{4}\)/);
    expect(plan.isSigned).toBe(false);

    const noCode = await provider.client.put<{ message: string }>(`/api/ai/update-careplan/${plan.id}`, {
      isSigned: true,
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe(carePlanMessages.diagnosisToSign);

    const { isSigned: _signed, ...doc } = structuredClone(plan.carePlan);
    doc.diagnosis = { code: 'f411', description: 'Generalized anxiety disorder' };
    doc.goals[0]!.objectives[0]!.completion = 40;
    const badCode = await provider.client.put<{ message: string }>(`/api/ai/update-careplan/${plan.id}`, {
      carePlan: { ...doc, diagnosis: { code: 'XYZ' } },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe('Enter a valid ICD-10-CM code (for example F41.1)');

    const signed = await provider.client.put<{ data: Plan; message: string }>(
      `/api/ai/update-careplan/${plan.id}`,
      {
        carePlan: doc,
        editMode: 'manual',
        isSigned: true,
      },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.message).toBe(carePlanMessages.signed);
    expect(signed.body.data.isSigned).toBe(true);
    expect(signed.body.data.carePlan.diagnosis.code).toBe('F41.1');
    expect(signed.body.data.carePlan.goals[0]!.objectives[0]!.completion).toBe(40);

    const locked = await provider.client.put<{ message: string }>(`/api/ai/update-careplan/${plan.id}`, {
      carePlan: { ...doc, problem: 'Changed' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(carePlanMessages.signedLocked);

    const reopened = await provider.client.put<{ data: Plan }>(`/api/ai/update-careplan/${plan.id}`, {
      carePlan: { ...doc, problem: 'Changed after review' },
      editSigned: true,
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.isSigned).toBe(false);
    expect(reopened.body.data.carePlan.problem).toBe('Changed after review');
    expect(reopened.body.data.versions!.map((v) => [v.version, v.isSigned])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
    const signedVersion = await provider.client.get<{ data: Plan }>(`/api/ai/careplan/${plan.id}/versions/2`);
    expect(signedVersion.body.data.carePlan.isSigned).toBe(true);
    expect(signedVersion.body.data.carePlan.problem).toBe(plan.carePlan.problem);

    const resign = await provider.client.put<{ data: Plan }>(`/api/ai/update-careplan/${plan.id}`, {
      isSigned: true,
    });
    expect(resign.body.data.isSigned).toBe(true);
    expect(resign.body.data.version).toBe(3);

    const list = await provider.client.get<{ data: Plan[] }>(`/api/ai/get-careplan/${patient.user.id}/1`);
    expect(list.body.data.map((p) => p.id)).toEqual([plan.id]);
    const byId = await provider.client.get<{ data: Plan }>(`/api/ai/get-careplan-by-id/${plan.id}`);
    expect(byId.body.data.carePlan.diagnosis.code).toBe('F41.1');
    const items = await provider.client.get<{ data: { carePlanId: string; goals: { title: string }[] } }>(
      `/api/ai/careplanItems/${patient.user.id}`,
    );
    expect(items.body.data.carePlanId).toBe(plan.id);
    expect(items.body.data.goals[0]!.title).toBe('Sleep seven hours a night');

    // A new draft keeps the signed plan's diagnosis (the engine never makes one up).
    const next = await provider.client.post<{ data: Plan }>('/api/ai/generate-careplan', {
      patientId: patient.user.id,
    });
    expect(next.body.data.carePlan.diagnosis.code).toBe('F41.1');
  });

  it('refines a plan and turns a plan goal into a therapist goal within the goal limits', async () => {
    const { provider, patient } = await world();
    const plan = (
      await provider.client.post<{ data: Plan }>('/api/ai/generate-careplan', { patientId: patient.user.id })
    ).body.data;
    const shorter = await provider.client.put<{ data: Plan }>(`/api/ai/update-careplan/${plan.id}`, {
      editMode: 'refine',
      refinmentDetails: 'shorter',
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body.data.version).toBe(2);
    expect(shorter.body.data.carePlan.problem!.split('\n')).toHaveLength(1);

    const goalId = plan.carePlan.goals[0]!.id;
    const dup = await provider.client.post<{ message: string }>(
      `/api/ai/careplan/${plan.id}/goals/${goalId}/therapist-goal`,
    );
    // The client already has this text as a personal goal: the goals feature's duplicate rule.
    expect(dup.status).toBe(409);
    const { isSigned: _signed, ...doc } = structuredClone(shorter.body.data.carePlan);
    doc.goals.push({ id: 'goal-new', title: 'Practise paced breathing before meetings', objectives: [] });
    await provider.client.put(`/api/ai/update-careplan/${plan.id}`, { carePlan: doc });
    const adopted = await provider.client.post<{ data: { id: string; text: string } }>(
      `/api/ai/careplan/${plan.id}/goals/goal-new/therapist-goal`,
    );
    expect(adopted.status).toBe(201);
    const goals = await patient.client.get<{ data: { therapist: { text: string }[] } }>('/api/v1/goals/');
    expect(JSON.stringify(goals.body)).toContain('Practise paced breathing before meetings');
    const missing = await provider.client.post(`/api/ai/careplan/${plan.id}/goals/nope/therapist-goal`);
    expect(missing.status).toBe(404);
  });
});

describe('sharing with the client and access', () => {
  it('shares one frozen version with the client, who reads only that', async () => {
    const { provider, patient } = await world();
    const s = await summary(provider.client, patient.user.id);
    const shared = await provider.client.post<{ data: { id: string }; message: string; warning: boolean }>(
      '/api/ai/share-summary',
      { notesSummaryId: s.id },
    );
    expect(shared.status).toBe(200);
    expect(shared.body.warning).toBe(false);
    const again = await provider.client.post<{ message: string; warning: boolean }>('/api/ai/share-summary', {
      notesSummaryId: s.id,
    });
    expect(again.body).toMatchObject({ warning: true, message: 'Summary Already Shared.' });
    await provider.client.put(`/api/ai/update-patient-notes-summary/${s.id}`, {
      noteSum: '# Private working draft',
      editMode: 'manual',
    });
    const mine = await patient.client.get<{ data: { id: string; kind: string; providerName: string }[] }>(
      '/api/ai/shared-with-me',
    );
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ kind: 'notesSummary', providerName: 'Sam Ortiz' });
    const item = await patient.client.get<{ data: { noteSum: string } }>(
      `/api/ai/shared-with-me/${shared.body.data.id}`,
    );
    expect(item.body.data.noteSum).toBe(s.noteSum);
    expect(item.body.data.noteSum).not.toContain('Private working draft');
    const other = await server.signIn();
    expect((await other.client.get(`/api/ai/shared-with-me/${shared.body.data.id}`)).status).toBe(404);
    expect((await provider.client.delete(`/api/ai/provider-share/${shared.body.data.id}`)).status).toBe(200);
    expect((await patient.client.get(`/api/ai/shared-with-me/${shared.body.data.id}`)).status).toBe(404);
  });

  it('gives another provider, the client and a disconnected author 404 or 403', async () => {
    const { provider, patient, connection } = await world();
    const s = await summary(provider.client, patient.user.id);
    const plan = (
      await provider.client.post<{ data: Plan }>('/api/ai/generate-careplan', { patientId: patient.user.id })
    ).body.data;
    const stranger = await server.signIn({ role: 'provider' });
    expect((await stranger.client.get(`/api/ai/notes-summary/${s.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/ai/get-careplan-by-id/${plan.id}`)).status).toBe(404);
    expect((await stranger.client.put(`/api/ai/update-careplan/${plan.id}`, { isSigned: true })).status).toBe(
      404,
    );
    expect((await stranger.client.get(`/api/ai/get-careplan/${patient.user.id}`)).status).toBe(404);
    expect(
      (await stranger.client.post('/api/ai/generate-notes-summary', { patientId: patient.user.id })).status,
    ).toBe(404);
    expect((await stranger.client.post('/api/ai/share-summary', { carePlanId: plan.id })).status).toBe(404);
    expect((await patient.client.get(`/api/ai/get-careplan-by-id/${plan.id}`)).status).toBe(403);
    expect(
      (await patient.client.post('/api/ai/generate-careplan', { patientId: patient.user.id })).status,
    ).toBe(403);
    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'disconnected' })
      .where(eq(connections.id, connection.id));
    expect((await provider.client.get(`/api/ai/notes-summary/${s.id}`)).status).toBe(404);
    expect((await provider.client.get(`/api/ai/get-careplan-by-id/${plan.id}`)).status).toBe(404);
  });
});

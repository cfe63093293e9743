import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { noteDefaults, noteMessages, todoMessages } from '@mindledger/domain';
import { auditLogs, connections } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface Note {
  id: string;
  _id: string;
  title: string;
  notes: string;
  additionalNotes: string;
  category: string | null;
  priority: string;
  date: string;
  time: { hour: number; minute: number; period: string };
  duration: number;
  service: string;
  frequency: string;
  recommendation: string[];
  AIsummary: string;
  isSigned: boolean;
  signedAt: string | null;
  addenda: { authorName: string; text: string; createdAt: string }[];
}

async function pair() {
  const patient = await server.signIn({ firstName: 'Nora', lastName: 'Quill' });
  const provider = await server.signIn({ role: 'provider', firstName: 'Ada', lastName: 'Hart' });
  const connection = await connect(server, provider.user.id, patient.user.id);
  return { patient, provider, connection };
}

const progressNote = (patientId: string, extra: Record<string, unknown> = {}) => ({
  patientId,
  notes: 'Client reported better sleep this week. Practised the breathing exercise daily.',
  ...extra,
});

async function createNote(client: Client, patientId: string, extra: Record<string, unknown> = {}) {
  const res = await client.post<{ data: Note; message: string }>(
    '/api/v1/create-notes',
    progressNote(patientId, extra),
  );
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('provider notes', () => {
  it('creates a progress note with the spec defaults and reads it back', async () => {
    const { provider, patient } = await pair();
    const res = await provider.client.post<{ data: Note; message: string }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(noteMessages.created);
    const note = res.body.data;
    expect(note.title).toBe(noteDefaults.title);
    expect(note.duration).toBe(60);
    expect(note.service).toBe('in-person');
    expect(note.frequency).toBe('Every 4 Months');
    expect(note.priority).toBe('normal');
    expect(note.isSigned).toBe(false);
    expect(note.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['AM', 'PM']).toContain(note.time.period);
    const read = await provider.client.get<{ data: Note }>(`/api/v1/notes/${note.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.notes).toBe(note.notes);
  });

  it('keeps every field the editor sends and sanitises free text', async () => {
    const { provider, patient } = await pair();
    const note = await createNote(provider.client, patient.user.id, {
      title: 'Intake <b>assessment</b>',
      notes: 'Reports <script>alert(1)</script>low mood on waking.',
      additionalNotes: 'Mother attended.',
      category: 'assessment',
      priority: 'high',
      date: '2026-11-20',
      time: { hour: 3, minute: 30, period: 'PM' },
      duration: 90,
      service: 'telehealth',
      recommendation: ['Sleep diary', '  ', 'Breathing practice'],
      frequency: 'Weekly',
    });
    expect(note.title).toBe('Intake assessment');
    expect(note.notes).not.toContain('<script>');
    expect(note.category).toBe('assessment');
    expect(note.priority).toBe('high');
    expect(note.date).toBe('2026-11-20');
    expect(note.time).toEqual({ hour: 3, minute: 30, period: 'PM' });
    expect(note.duration).toBe(90);
    expect(note.service).toBe('telehealth');
    expect(note.recommendation).toEqual(['Sleep diary', 'Breathing practice']);
    expect(note.frequency).toBe('Weekly');
  });

  it('refuses a note without notes, with a bad category, or too long, with the spec words', async () => {
    const { provider, patient } = await pair();
    const missing = await provider.client.post<{ message: string }>('/api/v1/create-notes', {
      patientId: patient.user.id,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Notes is required');
    const blankTitle = await provider.client.post<{ message: string }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id, { title: '   ' }),
    );
    expect(blankTitle.status).toBe(400);
    expect(blankTitle.body.message).toBe('Title is required');
    const category = await provider.client.post<{ message: string }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id, { category: 'billing' }),
    );
    expect(category.status).toBe(400);
    expect(category.body.message).toBe('Must be one of: session, assessment, treatment, general, emergency');
    const long = await provider.client.post<{ message: string }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id, { notes: 'a'.repeat(50_001) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Must not exceed 50000 characters');
    const time = await provider.client.post<{ message: string }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id, { time: { hour: 13, minute: 0, period: 'PM' } }),
    );
    expect(time.status).toBe(400);
  });

  it('updates a draft through { data }, signs it, then refuses changes and deletion; addenda follow', async () => {
    const { provider, patient } = await pair();
    const note = await createNote(provider.client, patient.user.id);
    const edited = await provider.client.put<{ data: Note; message: string }>(`/api/v1/notes/${note.id}`, {
      data: { notes: 'Edited notes about the session.', additionalNotes: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(noteMessages.updated);
    expect(edited.body.data.notes).toBe('Edited notes about the session.');

    const signed = await provider.client.put<{ data: Note; message: string }>(`/api/v1/notes/${note.id}`, {
      data: { isSigned: true },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.message).toBe(noteMessages.signed);
    expect(signed.body.data.isSigned).toBe(true);
    expect(Date.parse(signed.body.data.signedAt!)).toBeLessThanOrEqual(server.clock.now().getTime());

    const locked = await provider.client.put<{ message: string }>(`/api/v1/notes/${note.id}`, {
      data: { notes: 'Sneaky change' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(noteMessages.signedLocked);
    const unsign = await provider.client.put<{ message: string }>(`/api/v1/notes/${note.id}`, {
      data: { isSigned: false },
    });
    expect(unsign.status).toBe(409);
    const del = await provider.client.delete<{ message: string }>(`/api/v1/notes/${note.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(noteMessages.signedNoDelete);

    const addendum = await provider.client.post<{ data: Note }>(`/api/v1/notes/${note.id}/addenda`, {
      text: 'Correction: the exercise was practised five days, not seven.',
    });
    expect(addendum.status).toBe(201);
    expect(addendum.body.data.notes).toBe('Edited notes about the session.');
    expect(addendum.body.data.addenda).toHaveLength(1);
    expect(addendum.body.data.addenda[0]).toMatchObject({
      authorName: 'Ada Hart',
      text: 'Correction: the exercise was practised five days, not seven.',
    });

    const audits = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, note.id), eq(auditLogs.action, 'MODIFY_PATIENT_DATA')));
    expect(audits.map((a) => (a.metadata as { operation: string }).operation).sort()).toEqual(
      ['addendum', 'create', 'sign', 'update'].sort(),
    );
  });

  it('takes addenda only on signed notes and deletes drafts', async () => {
    const { provider, patient } = await pair();
    const note = await createNote(provider.client, patient.user.id);
    const addendum = await provider.client.post<{ message: string }>(`/api/v1/notes/${note.id}/addenda`, {
      text: 'Too early',
    });
    expect(addendum.status).toBe(409);
    expect(addendum.body.message).toBe(noteMessages.addendumOnlySigned);
    const del = await provider.client.delete(`/api/v1/notes/${note.id}`);
    expect(del.status).toBe(200);
    expect((await provider.client.get(`/api/v1/notes/${note.id}`)).status).toBe(404);
  });

  it('lists a client’s notes newest session first, filtered by category and status, paged', async () => {
    const { provider, patient } = await pair();
    await createNote(provider.client, patient.user.id, { date: '2026-11-01', category: 'session' });
    await createNote(provider.client, patient.user.id, {
      date: '2026-11-10',
      category: 'assessment',
      isSigned: true,
    });
    await createNote(provider.client, patient.user.id, {
      date: '2026-11-10',
      time: { hour: 9, minute: 0, period: 'AM' },
      category: 'session',
    });
    const all = await provider.client.get<{ data: Note[]; total: number; hasNext: boolean }>(
      `/api/v1/get-all-notes/${patient.user.id}?limit=2`,
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.hasNext).toBe(true);
    expect(all.body.data.map((n) => n.date)).toEqual(['2026-11-10', '2026-11-10']);
    const sessions = await provider.client.get<{ data: Note[] }>(
      `/api/v1/get-all-notes/${patient.user.id}?category=session`,
    );
    expect(sessions.body.data.map((n) => n.date)).toEqual(['2026-11-10', '2026-11-01']);
    const signed = await provider.client.get<{ data: Note[] }>(
      `/api/v1/get-all-notes/${patient.user.id}?status=signed`,
    );
    expect(signed.body.data).toHaveLength(1);
    expect(signed.body.data[0]!.isSigned).toBe(true);
  });

  it('lists session notes across connected clients with the 30-day signed count', async () => {
    const { provider, patient } = await pair();
    const other = await server.signIn({ firstName: 'Lev', lastName: 'Stone' });
    const otherConnection = await connect(server, provider.user.id, other.user.id);
    await createNote(provider.client, patient.user.id, { isSigned: true });
    await createNote(provider.client, other.user.id, { isSigned: true });
    await createNote(provider.client, other.user.id);
    const list = await provider.client.get<{
      data: {
        _id: string;
        date: string;
        time: string;
        isSigned: boolean;
        patientDetails: { firstName: string };
      }[];
      signedLast30Days: number;
    }>('/api/v1/get-all-session-notes?limit=50');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    expect(list.body.signedLast30Days).toBe(2);
    expect(list.body.data[0]!.time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(new Set(list.body.data.map((n) => n.patientDetails.firstName))).toEqual(new Set(['Nora', 'Lev']));

    // Disconnecting removes the client's notes from the provider's reach at once; they stay stored.
    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'disconnected' })
      .where(eq(connections.id, otherConnection.id));
    const after = await provider.client.get<{ data: { patientDetails: { firstName: string } }[] }>(
      '/api/v1/get-all-session-notes',
    );
    expect(after.body.data.map((n) => n.patientDetails.firstName)).toEqual(['Nora']);
    expect((await provider.client.get(`/api/v1/get-all-notes/${other.user.id}`)).status).toBe(404);
    const limit = await provider.client.get('/api/v1/get-all-session-notes?limit=1000');
    expect(limit.status).toBe(400);
  });

  it('summarises a draft’s words for its AI summary field, from the note itself', async () => {
    const { provider, patient } = await pair();
    const res = await provider.client.post<{ data: { AIsummary: string } }>('/api/v1/generate-ai-summary', {
      notes:
        'Client described panic before work meetings. Panic eased with paced breathing. Work meetings remain the main trigger.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.AIsummary).toMatch(/meetings/);
    const note = await createNote(provider.client, patient.user.id);
    const saved = await provider.client.post<{ data: { AIsummary: string } }>('/api/v1/generate-ai-summary', {
      noteId: note.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.AIsummary).toMatch(/sleep|breathing/);
    const empty = await provider.client.post<{ message: string }>('/api/v1/generate-ai-summary', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(noteMessages.noteTextRequired);
  });
});

describe('who reaches notes', () => {
  it('gives another provider, an unconnected client, a patient and an admin nothing', async () => {
    const { provider, patient } = await pair();
    const note = await createNote(provider.client, patient.user.id);
    const stranger = await server.signIn({ role: 'provider' });
    expect((await stranger.client.get(`/api/v1/notes/${note.id}`)).status).toBe(404);
    expect(
      (await stranger.client.put(`/api/v1/notes/${note.id}`, { data: { notes: 'Intruder' } })).status,
    ).toBe(404);
    expect((await stranger.client.get(`/api/v1/get-all-notes/${patient.user.id}`)).status).toBe(404);
    expect((await stranger.client.post('/api/v1/create-notes', progressNote(patient.user.id))).status).toBe(
      404,
    );
    expect((await patient.client.get(`/api/v1/notes/${note.id}`)).status).toBe(403);
    expect((await patient.client.get(`/api/v1/get-all-notes/${patient.user.id}`)).status).toBe(403);
    expect((await patient.client.post('/api/v1/create-notes', progressNote(patient.user.id))).status).toBe(
      403,
    );
    const admin = await server.signIn({ role: 'admin' });
    expect((await admin.client.get('/api/v1/get-all-session-notes')).status).toBe(403);
    expect((await server.client().get('/api/v1/get-all-session-notes')).status).toBe(401);
    expect((await provider.client.get('/api/v1/notes/not-a-uuid')).status).toBe(404);
    const read = await provider.client.get<{ data: Note }>(`/api/v1/notes/${note.id}`);
    expect(read.body.data.notes).toContain('better sleep');
  });

  it('answers 404 to the author once the client disconnects; the note is kept', async () => {
    const { provider, patient, connection } = await pair();
    const note = await createNote(provider.client, patient.user.id);
    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'disconnected', status: 'accepted' })
      .where(eq(connections.id, connection.id));
    expect((await provider.client.get(`/api/v1/notes/${note.id}`)).status).toBe(404);
    expect((await provider.client.put(`/api/v1/notes/${note.id}`, { data: { isSigned: true } })).status).toBe(
      404,
    );
    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'active' })
      .where(eq(connections.id, connection.id));
    expect((await provider.client.get(`/api/v1/notes/${note.id}`)).status).toBe(200);
  });

  it('records ACCESS_PHI for reads', async () => {
    const { provider, patient } = await pair();
    await provider.client.get(`/api/v1/get-all-notes/${patient.user.id}`);
    const rows = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.patientId, patient.user.id), eq(auditLogs.action, 'ACCESS_PHI')));
    expect(rows.some((r) => r.resourceType === 'provider_note')).toBe(true);
  });

  it('creates a note once per Idempotency-Key', async () => {
    const { provider, patient } = await pair();
    const headers = { 'Idempotency-Key': `note-${patient.user.id}` };
    const first = await provider.client.post<{ data: Note }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id),
      {
        headers,
      },
    );
    const again = await provider.client.post<{ data: Note }>(
      '/api/v1/create-notes',
      progressNote(patient.user.id),
      {
        headers,
      },
    );
    expect(again.body.data.id).toBe(first.body.data.id);
    const list = await provider.client.get<{ total: number }>(`/api/v1/get-all-notes/${patient.user.id}`);
    expect(list.body.total).toBe(1);
  });
});

describe('to-dos', () => {
  it('adds, edits, marks done and undone, and deletes a client’s to-dos', async () => {
    const { provider, patient } = await pair();
    const created = await provider.client.post<{ data: { id: string; priority: string; done: boolean } }>(
      '/api/v1/todos',
      {
        patientId: patient.user.id,
        name: 'Send sleep hygiene handout',
        materials: 'Handout PDF',
        dueDate: '2026-12-01',
        priority: 'high',
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ priority: 'high', done: false });
    const id = created.body.data.id;
    const done = await provider.client.put<{ data: { done: boolean; doneAt: string }; message: string }>(
      `/api/v1/todos/${id}`,
      { done: true },
    );
    expect(done.body.message).toBe(todoMessages.done);
    expect(done.body.data.done).toBe(true);
    const undone = await provider.client.put<{ data: { done: boolean; doneAt: string | null } }>(
      `/api/v1/todos/${id}`,
      { done: false, materials: '' },
    );
    expect(undone.body.data).toMatchObject({ done: false, doneAt: null, materials: '' });
    const list = await provider.client.get<{ data: { name: string }[] }>(`/api/v1/todos/${patient.user.id}`);
    expect(list.body.data.map((t) => t.name)).toEqual(['Send sleep hygiene handout']);
    const noName = await provider.client.post<{ message: string }>('/api/v1/todos', {
      patientId: patient.user.id,
    });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Name is required');
    const stranger = await server.signIn({ role: 'provider' });
    expect((await stranger.client.put(`/api/v1/todos/${id}`, { done: true })).status).toBe(404);
    expect((await patient.client.get(`/api/v1/todos/${patient.user.id}`)).status).toBe(403);
    expect((await provider.client.delete(`/api/v1/todos/${id}`)).status).toBe(200);
    expect(
      (await provider.client.get<{ data: unknown[] }>(`/api/v1/todos/${patient.user.id}`)).body.data,
    ).toEqual([]);
  });
});

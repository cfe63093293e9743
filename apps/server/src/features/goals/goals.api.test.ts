import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalMessages, presetGoals } from '@mindledger/domain';
import { auditOf, connect } from '../../../test/connections.js';
import { insertEntry } from '../../../test/entries.js';
import { startServer, type TestServer } from '../../../test/harness.js';
import { goalEntryLinks } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Goal = {
  id: string;
  text: string;
  type: string;
  emoji: string;
  priority: number;
  highPriority: boolean;
  mentionCount: number;
  lastMentionDate: string | null;
  homePageVisible: boolean;
  completed: boolean;
  abandoned: boolean;
  isPreset: boolean;
  presetId: string | null;
};
type Client = Awaited<ReturnType<TestServer['signIn']>>['client'];

async function create(client: Client, body: Record<string, unknown>) {
  return client.post<{ data: Goal; message: string }>('/api/v1/goals/', body);
}
async function lists(client: Client, query = '') {
  const reply = await client.get<{ data: { personal: Goal[]; therapist: Goal[]; all: Goal[] } }>(
    `/api/v1/goals/${query}`,
  );
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('client goals', () => {
  it('creates with defaults, lists, reads, updates and soft-deletes', async () => {
    const { client } = await server.signIn();
    const made = await create(client, { text: '  Walk every day ', priority: 4 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      text: 'Walk every day',
      type: 'personal',
      emoji: '🎯',
      priority: 4,
      highPriority: true,
      mentionCount: 0,
    });
    const id = made.body.data.id;
    expect((await lists(client)).personal.map((g) => g.id)).toEqual([id]);
    expect((await client.get<{ data: Goal }>(`/api/v1/goals/${id}`)).body.data.id).toBe(id);

    const updated = await client.put<{ data: Goal }>(`/api/v1/goals/${id}`, { text: 'Walk 20 minutes' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.text).toBe('Walk 20 minutes');

    expect((await client.delete(`/api/v1/goals/${id}`, { deleted: true })).status).toBe(200);
    expect((await client.get(`/api/v1/goals/${id}`)).status).toBe(404);
    expect((await lists(client)).all).toEqual([]);
  });

  it('validates with the spec messages and stores hostile text cleaned', async () => {
    const { client } = await server.signIn();
    const blank = await create(client, { text: ' ' });
    expect(blank.status).toBe(400);
    expect((await create(client, { text: 'x'.repeat(501) })).status).toBe(400);
    expect((await create(client, { text: 'a', priority: 9 })).status).toBe(400);
    const made = await create(client, { text: '<img src=x onerror=alert(1)>Stretch' });
    expect(made.status).toBe(201);
    expect((await client.get<{ data: Goal }>(`/api/v1/goals/${made.body.data.id}`)).body.data.text).toBe(
      'Stretch',
    );
  });

  it('enforces 5 personal goals (403 Maximum) and duplicate active text (409)', async () => {
    const { client } = await server.signIn();
    for (let i = 1; i <= 5; i += 1) expect((await create(client, { text: `Goal ${i}` })).status).toBe(201);
    const sixth = await create(client, { text: 'Goal 6' });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toContain('Maximum');

    const { client: other } = await server.signIn();
    expect((await create(other, { text: 'Read more' })).status).toBe(201);
    const dup = await create(other, { text: '  read   MORE ' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(goalMessages.duplicate);
  });

  it('archives through complete and abandon, frees the slot, and lists archived goals', async () => {
    const { client } = await server.signIn();
    const a = (await create(client, { text: 'Finish course' })).body.data;
    const b = (await create(client, { text: 'Quit sugar' })).body.data;
    expect(
      (await client.patch<{ data: Goal }>(`/api/v1/goals/${a.id}/complete`, { completed: true })).body.data,
    ).toMatchObject({ completed: true });
    expect((await client.patch(`/api/v1/goals/${b.id}/abandon`, { abandoned: true })).status).toBe(200);
    expect((await client.patch(`/api/v1/goals/${a.id}/complete`)).status).toBe(400);
    const archived = await client.get<{ data: Goal[] }>('/api/v1/goals/archived?type=personal');
    expect(archived.body.data.map((g) => g.id).sort()).toEqual([a.id, b.id].sort());
    // the same text may be used again once the old goal is archived
    expect((await create(client, { text: 'Finish course' })).status).toBe(201);
    const toggled = await client.patch<{ data: Goal }>(`/api/v1/goals/${a.id}/toggle-home`);
    expect(toggled.body.data.homePageVisible).toBe(true);
  });

  it('records mentions with history, count and last mention date; stats follow', async () => {
    const { client, user } = await server.signIn();
    const g = (await create(client, { text: 'Breathe slowly' })).body.data;
    const entryId = (await insertEntry(server, user.id)).id;
    // an entry that is not the caller's (or does not exist) cannot be linked
    expect(
      (await client.patch(`/api/v1/goals/${g.id}/increment-mention`, { entryId: randomUUID() })).status,
    ).toBe(404);
    const m1 = await client.patch<{ data: Goal }>(`/api/v1/goals/${g.id}/increment-mention`, {
      moodType: 'Positive',
      entryId,
    });
    expect(m1.status).toBe(200);
    expect(m1.body.data.mentionCount).toBe(1);
    expect(m1.body.data.lastMentionDate).not.toBeNull();
    // the same entry does not count twice
    await client.patch(`/api/v1/goals/${g.id}/increment-mention`, { moodType: 'positive', entryId });
    await client.patch(`/api/v1/goals/${g.id}/increment-mention`, {});
    const history = await client.get<{ data: { moodType: string; date: string }[] }>(
      `/api/v1/goals/mention-history/${g.id}`,
    );
    expect(history.body.data.map((h) => h.moodType).sort()).toEqual(['neutral', 'positive']);
    const links = await server.database.db
      .select()
      .from(goalEntryLinks)
      .where(eq(goalEntryLinks.goalId, g.id));
    expect(links).toEqual([expect.objectContaining({ entryId, patientId: user.id })]);
    expect(
      (await client.patch(`/api/v1/goals/${g.id}/increment-mention`, { moodType: 'angry' })).status,
    ).toBe(400);

    await client.patch(`/api/v1/goals/${(await create(client, { text: 'Done one' })).body.data.id}/complete`);
    const stats = await client.get<{ data: Record<string, number> }>('/api/v1/goals/stats');
    expect(stats.body.data).toEqual({
      totalMentions: 2,
      completedGoals: 1,
      completionRate: 50,
      averageMentions: 1,
    });
  });

  it('offers presets and adopts one as a personal goal', async () => {
    const { client } = await server.signIn();
    const all = await client.get<{ data: unknown[] }>('/api/v1/goals/preset');
    expect(all.body.data.length).toBe(presetGoals.length);
    const health = await client.get<{ data: { category: string }[] }>('/api/v1/goals/preset?category=health');
    expect(health.body.data.every((p) => p.category === 'health')).toBe(true);
    const cats = await client.get<{ data: { category: string }[] }>('/api/v1/goals/preset/categories');
    expect(cats.body.data).toHaveLength(6);
    const adopted = await client.post<{ data: Goal }>('/api/v1/goals/preset/health-walk/adopt', {});
    expect(adopted.status).toBe(201);
    expect(adopted.body.data).toMatchObject({ isPreset: true, presetId: 'health-walk', type: 'personal' });
    expect((await client.post('/api/v1/goals/preset/health-walk/adopt', {})).status).toBe(409);
    expect((await client.post('/api/v1/goals/preset/nope/adopt', {})).status).toBe(404);
  });

  it('answers 404 for another client’s goal and 401 without a session', async () => {
    const { client } = await server.signIn();
    const g = (await create(client, { text: 'Private goal' })).body.data;
    const { client: other } = await server.signIn();
    expect((await other.get(`/api/v1/goals/${g.id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/goals/${g.id}`, { text: 'Mine now' })).status).toBe(404);
    expect((await other.delete(`/api/v1/goals/${g.id}`)).status).toBe(404);
    expect((await other.patch(`/api/v1/goals/${g.id}/increment-mention`, {})).status).toBe(404);
    expect((await other.get(`/api/v1/goals/not-a-uuid`)).status).toBe(404);
    const anon = server.client();
    expect((await anon.get('/api/v1/goals/')).status).toBe(401);
    expect((await anon.post('/api/v1/goals/', { text: 'x' })).status).toBe(401);
  });

  it('links an entry to goals (mentions counted once) and reads the remaining lists', async () => {
    const { client, user } = await server.signIn();
    const a = (await create(client, { text: 'Goal A', homePageVisible: true })).body.data;
    const b = (await create(client, { text: 'Goal B' })).body.data;
    const entryId = (await insertEntry(server, user.id, { notes: 'Worked on A and B.' })).id;
    expect(
      (await client.post(`/api/v1/goals/journal/entries/${randomUUID()}/goals`, { goalIds: [a.id] })).status,
    ).toBe(404);
    const linked = await client.post<{ linked: number }>(`/api/v1/goals/journal/entries/${entryId}/goals`, {
      goalIds: [a.id, b.id],
    });
    expect(linked.body.linked).toBe(2);
    const again = await client.post<{ linked: number }>(`/api/v1/goals/journal/entries/${entryId}/goals`, {
      goalIds: [a.id],
    });
    expect(again.body.linked).toBe(0);
    const { client: other } = await server.signIn();
    expect(
      (await other.post(`/api/v1/goals/journal/entries/${entryId}/goals`, { goalIds: [a.id] })).status,
    ).toBe(404);
    const byGoal = await client.get<{ data: { entryId: string }[] }>(
      `/api/v1/goals/journal/entries/by-goal/${a.id}`,
    );
    expect(byGoal.body.data).toEqual([
      expect.objectContaining({ entryId, mood: 'Fine', notes: 'Worked on A and B.' }),
    ]);
    const summary = await client.get<{
      data: { goalId: string; entryCount: number; mentionCount: number }[];
    }>('/api/v1/goals/journal/goals-summary');
    expect(summary.body.data.find((g) => g.goalId === a.id)).toMatchObject({
      entryCount: 1,
      mentionCount: 1,
    });
    const home = await client.get<{ data: { id: string }[] }>('/api/v1/goals/home-filters');
    expect(home.body.data.map((g) => g.id)).toEqual([a.id]);
    await client.patch(`/api/v1/goals/${b.id}/complete`);
    expect((await client.get<{ data: Goal[] }>('/api/v1/goals/getall-goal')).body.data).toHaveLength(2);
    const done = await client.get<{ data: Goal[] }>('/api/v1/goals/getall-completed-goal');
    expect(done.body.data.map((g) => g.id)).toEqual([b.id]);
  });

  it('caps a client at 10 goals in all', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await server.signIn();
    await connect(server, provider.user.id, patient.user.id);
    for (let i = 1; i <= 5; i += 1) {
      expect((await create(patient.client, { text: `P${i}` })).status).toBe(201);
      expect((await create(provider.client, { text: `T${i}`, patientId: patient.user.id })).status).toBe(201);
    }
    const over = await create(patient.client, { text: 'P6' });
    expect(over.status).toBe(403);
    expect(over.body.message).toContain('Maximum');
  });

  it('saves the reminder period lowercased, default daily', async () => {
    const { client } = await server.signIn();
    expect((await client.get('/api/v1/goals/get-notification-frequency')).body.reminderPeriod).toBe('daily');
    expect((await client.post('/api/v1/goals/goal-notification', { reminderPeriod: 'WEEKLY' })).status).toBe(
      200,
    );
    expect((await client.get('/api/v1/goals/get-notification-frequency')).body.reminderPeriod).toBe('weekly');
  });
});

describe('therapist goals', () => {
  it('a connected provider sets, edits and archives therapist goals; the client mentions but cannot edit', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const patient = await server.signIn();
    await connect(server, provider.user.id, patient.user.id);
    const made = await create(provider.client, { text: 'Practise grounding', patientId: patient.user.id });
    expect(made.status).toBe(201);
    const g = made.body.data;
    expect(g.type).toBe('therapist');
    expect((await lists(patient.client)).therapist.map((x) => x.id)).toEqual([g.id]);
    expect((await auditOf(server, 'ACCESS_PHI', provider.user.id)).length).toBeGreaterThan(0);

    const edit = await patient.client.put(`/api/v1/goals/${g.id}`, { text: 'Something else' });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(goalMessages.therapistTextLocked);
    expect((await patient.client.patch(`/api/v1/goals/${g.id}/increment-mention`, {})).status).toBe(200);

    const edited = await provider.client.put<{ data: Goal }>(`/api/v1/goals/${g.id}`, {
      text: 'Grounding daily',
    });
    expect(edited.body.data.text).toBe('Grounding daily');
    const theirs = await provider.client.get<{ data: { therapist: Goal[] } }>(
      `/api/v1/goals/getuser-all-goals/${patient.user.id}`,
    );
    expect(theirs.body.data.therapist.map((x) => x.id)).toEqual([g.id]);
    expect((await provider.client.patch(`/api/v1/goals/${g.id}/abandon`)).status).toBe(200);

    for (let i = 1; i <= 5; i += 1)
      expect((await create(provider.client, { text: `T${i}`, patientId: patient.user.id })).status).toBe(201);
    const sixth = await create(provider.client, { text: 'T6', patientId: patient.user.id });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toContain('Maximum');
  });

  it('an unconnected provider gets 404 and a client cannot create a therapist goal', async () => {
    const provider = await server.signIn({ role: 'provider' });
    const stranger = await server.signIn({ role: 'provider' });
    const patient = await server.signIn();
    await connect(server, provider.user.id, patient.user.id);
    const g = (await create(provider.client, { text: 'Sleep routine', patientId: patient.user.id })).body
      .data;
    expect((await create(stranger.client, { text: 'x', patientId: patient.user.id })).status).toBe(404);
    expect((await stranger.client.put(`/api/v1/goals/${g.id}`, { text: 'y' })).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/goals/getuser-all-goals/${patient.user.id}`)).status).toBe(
      404,
    );
    expect((await create(patient.client, { text: 'Mine', type: 'therapist' })).status).toBe(403);
    // a personal goal is the client's own: a connected provider does not reach it
    const own = (await create(patient.client, { text: 'Personal one' })).body.data;
    expect((await provider.client.get(`/api/v1/goals/${own.id}`)).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@mindledger/domain';
import { auditOf, connect } from '../../../test/connections.js';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Client = Awaited<ReturnType<TestServer['signIn']>>['client'];
type Entry = {
  id: string;
  mood: string;
  notes: string;
  date: string;
  isPrivate: boolean;
  sentiment: string;
  journalType: string;
  emotionData: { primaryEmotion: string; intensity: number; color: string; path: string[] } | null;
  emotion: { core: string; mapped: boolean };
  goal: { selectedGoals: { goalData: { _id: string; text: string; type: string } }[] };
  chatMessages: { text: string }[];
};
type Page = { data: Entry[]; total: number; page: number; pages: number; hasNext: boolean };

/** Days as the server counts them: its clock, in the test users' profile zone. */
const today = () => server.today();
const daysAgo = (n: number) => addDays(server.today(), -n);

function entry(overrides: Record<string, unknown> = {}) {
  return {
    mood: 'Fine',
    emoji: '🙂',
    notes: 'A steady day with a long walk.',
    journalType: 'prompt',
    userTimezone: 'UTC',
    emotionData: {
      primaryEmotion: 'Calm',
      intensity: 6,
      color: '#60A5FA',
      category: 'neutral',
      path: ['Calm'],
    },
    ...overrides,
  };
}

async function create(client: Client, body: Record<string, unknown>) {
  return client.post<{ data: Entry; message: string; safety: { level: string } }>(
    '/api/v1/create-mood',
    body,
  );
}

async function goal(client: Client, text: string) {
  const reply = await client.post<{ data: { id: string } }>('/api/v1/goals/', { text });
  expect(reply.status).toBe(201);
  return reply.body.data.id;
}

async function goalById(client: Client, id: string) {
  return (await client.get<{ data: { mentionCount: number } }>(`/api/v1/goals/${id}`)).body.data;
}

describe('creating entries', () => {
  it('saves a sanitised entry, maps its emotion, links goals and counts their mentions', async () => {
    const { client } = await server.signIn();
    const walk = await goal(client, 'Walk every day');
    const sleep = await goal(client, 'Sleep by eleven');
    const made = await create(
      client,
      entry({
        mood: 'Awesome',
        notes: 'Walked by the river and felt proud.',
        emotionData: {
          primaryEmotion: 'Joy',
          intensity: 99,
          color: 'red',
          category: 'positive',
          path: Array.from({ length: 12 }, (_, i) => `Level${i}`),
        },
        goal: { selectedGoals: [{ goalData: { _id: walk } }, { goalData: { _id: sleep } }] },
      }),
    );
    expect(made.status).toBe(201);
    const saved = made.body.data;
    expect(saved.emotionData).toMatchObject({ primaryEmotion: 'Joy', intensity: 5, color: '#9CA3AF' });
    expect(saved.emotionData?.path).toHaveLength(5);
    expect(saved.emotion.core).toBe('Happy');
    expect(saved.sentiment).toBe('positive');
    expect(saved.date).toBe(today());
    expect(saved.goal.selectedGoals.map((g) => g.goalData._id).sort()).toEqual([walk, sleep].sort());
    expect((await goalById(client, walk)).mentionCount).toBe(1);
    const history = await client.get<{ data: { moodType: string; entryId: string }[] }>(
      `/api/v1/goals/mention-history/${walk}`,
    );
    expect(history.body.data).toEqual([expect.objectContaining({ moodType: 'positive', entryId: saved.id })]);

    const streak = await client.get<{ streak: number; entries: { date: string }[] }>('/api/v1/streak-dates');
    expect(streak.body.streak).toBe(1);
    const week = await client.get<{ data: { days: { date: string; count: number }[]; entries: Entry[] } }>(
      `/api/v1/get-mood-by-week/${today()}`,
    );
    expect(week.body.data.days.find((d) => d.date === today())?.count).toBe(1);
    expect(week.body.data.entries.map((e) => e.id)).toEqual([saved.id]);
    expect(week.body.data.days).toHaveLength(7);

    // Every read answers the entry's goals with their text and type, in the order they were linked.
    const goalsOf = (e: Entry | undefined) => e?.goal.selectedGoals.map((g) => g.goalData);
    const linked = goalsOf(saved);
    expect(linked).toHaveLength(2);
    expect(linked?.map((g) => g.text).sort()).toEqual(['Sleep by eleven', 'Walk every day'].sort());
    expect(goalsOf(week.body.data.entries[0])).toEqual(linked);
    const ledger = await client.get<Page>('/api/v1/get-all-mood');
    expect(goalsOf(ledger.body.data[0])).toEqual(linked);
    const one = await client.get<{ data: Entry }>(`/api/v1/get-mood/${saved.id}`);
    expect(goalsOf(one.body.data)).toEqual(linked);
    expect(linked?.[0]).toMatchObject({ type: 'personal' });
    // A deleted goal is no longer shown on the entry.
    expect((await client.delete(`/api/v1/goals/${sleep}`, { deleted: true })).status).toBe(200);
    const after = await client.get<{ data: Entry }>(`/api/v1/get-mood/${saved.id}`);
    expect(goalsOf(after.body.data)?.map((g) => g._id)).toEqual([walk]);
  });

  it.each([
    [{ mood: '' }, 'Please select a mood'],
    [{ notes: '<script>alert(1)</script>' }, 'Notes contain invalid content'],
    [{ notes: 'see <img src=x onerror=alert(1)>' }, 'Notes contain invalid content'],
    [{ notes: '' }, 'Please write some notes before saving'],
    [{ journalType: 'video' }, 'Invalid journal type'],
    [
      { journalType: 'chat', chatMessages: [{ role: 'user', text: 'Hello there' }] },
      'Please have a conversation before saving',
    ],
  ])('rejects %j with the spec message and saves nothing', async (change, message) => {
    const { client } = await server.signIn();
    const reply = await create(client, entry(change));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect((await client.get<Page>('/api/v1/get-all-mood')).body.total).toBe(0);
  });

  it('keeps a chat conversation and the AI form default', async () => {
    const { client } = await server.signIn();
    const reply = await create(client, {
      mood: 'Reflective',
      notes: '',
      journalType: 'chat',
      isAIGenerated: true,
      userTimezone: 'UTC',
      chatMessages: [
        { role: 'user', text: 'I felt tense before the meeting.' },
        { role: 'assistant', text: 'What helped you through it?' },
      ],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.chatMessages).toHaveLength(2);
    expect(reply.body.data.journalType).toBe('chat');
  });

  it('places an entry on a chosen past day and refuses a future one', async () => {
    const { client } = await server.signIn();
    const past = await create(client, entry({ customDate: daysAgo(1) }));
    expect(past.status).toBe(201);
    expect(past.body.data.date).toBe(daysAgo(1));
    expect((await create(client, entry())).status).toBe(201);
    const streak = await client.get<{ streak: number }>('/api/v1/streak-dates');
    expect(streak.body.streak).toBe(2);
    const future = await create(client, entry({ customDate: daysAgo(-3) }));
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('This date is yet to come.');
  });

  it("counts every day in the profile's time zone, whatever zone the browser sends", async () => {
    // 06:30 UTC on 8 March 2026 is still 7 March in Denver (23:30) and already 8 March in Tokyo.
    server.clock.set('2026-03-08T06:30:00Z');
    try {
      const { client } = await server.signIn({ timezone: 'America/Denver' });
      const made = await create(client, entry({ userTimezone: 'Asia/Tokyo' }));
      expect(made.status).toBe(201);
      expect(made.body.data.date).toBe('2026-03-07');
      const streak = await client.get<{ streak: number; today: string }>('/api/v1/streak-dates');
      expect(streak.body).toMatchObject({ streak: 1, today: '2026-03-07' });
      const week = await client.get<{ data: { days: { date: string; count: number }[] } }>(
        '/api/v1/get-mood-by-week/2026-03-07',
      );
      expect(week.body.data.days.find((d) => d.date === '2026-03-07')?.count).toBe(1);
      // Tomorrow in Denver is a future day, even for a browser in Tokyo where it is already today.
      const early = await create(client, entry({ customDate: '2026-03-08', userTimezone: 'Asia/Tokyo' }));
      expect(early.status).toBe(400);
      expect(early.body.message).toBe('This date is yet to come.');
    } finally {
      server.clock.reset();
    }
  });

  it('surfaces crisis resources when the text expresses risk', async () => {
    const { client } = await server.signIn();
    const reply = await create(client, entry({ notes: 'Some nights I just want to die.' }));
    expect(reply.status).toBe(201);
    expect(reply.body.safety.level).toBe('crisis');
  });
});

describe('reading, editing and deleting', () => {
  it('pages the ledger newest first and searches notes, emotions and goal texts', async () => {
    const { client } = await server.signIn();
    const yoga = await goal(client, 'Morning yoga');
    await create(client, entry({ notes: 'Tea with my sister.' }));
    await create(client, entry({ notes: 'Stretching felt good.', goal: { selectedGoals: [yoga] } }));
    await create(client, entry({ notes: 'Long day at 100% effort.' }));
    const first = await client.get<Page>('/api/v1/get-all-mood?page=1&limit=2');
    expect(first.body).toMatchObject({ total: 3, page: 1, pages: 2, hasNext: true });
    expect(first.body.data[0]?.notes).toBe('Long day at 100% effort.');
    const second = await client.get<Page>('/api/v1/get-all-mood?page=2&limit=2');
    expect(second.body).toMatchObject({ total: 3, hasNext: false });
    expect(second.body.data).toHaveLength(1);

    const bySister = await client.get<Page>('/api/v1/get-all-mood?search=SISTER');
    expect(bySister.body.data.map((e) => e.notes)).toEqual(['Tea with my sister.']);
    const byGoal = await client.get<Page>(
      `/api/v1/get-all-mood?search=${encodeURIComponent('morning yoga')}`,
    );
    expect(byGoal.body.data.map((e) => e.notes)).toEqual(['Stretching felt good.']);
    const literal = await client.get<Page>(`/api/v1/get-all-mood?search=${encodeURIComponent('%')}`);
    expect(literal.body.data.map((e) => e.notes)).toEqual(['Long day at 100% effort.']);
    expect((await client.get('/api/v1/get-all-mood?limit=500')).status).toBe(400);
  });

  it('searches by every word, in notes or goals, pages the matches and never finds deleted entries', async () => {
    const { client } = await server.signIn();
    const garden = await goal(client, 'Tend the garden');
    const made: string[] = [];
    for (let i = 1; i <= 5; i += 1)
      made.push(
        (await create(client, entry({ notes: `Weeding session ${i} with the radio on.` }))).body.data.id,
      );
    await create(client, entry({ notes: 'Planted tomatoes.', goal: { selectedGoals: [garden] } }));
    await create(client, entry({ notes: 'A weeding day in the garden.' }));
    await create(client, entry({ notes: 'Nothing to do with plants.' }));

    // 'weeding' in the notes and 'garden' in the notes or in a linked goal's text.
    const both = await client.get<Page>(
      `/api/v1/get-all-mood?search=${encodeURIComponent('garden tomatoes')}`,
    );
    expect(both.body.data.map((e) => e.notes)).toEqual(['Planted tomatoes.']);
    const across = await client.get<Page>(
      `/api/v1/get-all-mood?search=${encodeURIComponent('weeding garden')}`,
    );
    expect(across.body.data.map((e) => e.notes)).toEqual(['A weeding day in the garden.']);

    const page1 = await client.get<Page>('/api/v1/get-all-mood?search=weeding&limit=4');
    expect(page1.body).toMatchObject({ total: 6, page: 1, pages: 2, hasNext: true });
    expect(page1.body.data.map((e) => e.notes)).toEqual([
      'A weeding day in the garden.',
      'Weeding session 5 with the radio on.',
      'Weeding session 4 with the radio on.',
      'Weeding session 3 with the radio on.',
    ]);
    const page2 = await client.get<Page>('/api/v1/get-all-mood?search=weeding&limit=4&page=2');
    expect(page2.body).toMatchObject({ total: 6, page: 2, hasNext: false });
    expect(page2.body.data.map((e) => e.notes)).toEqual([
      'Weeding session 2 with the radio on.',
      'Weeding session 1 with the radio on.',
    ]);
    const past = await client.get<Page>('/api/v1/get-all-mood?search=weeding&limit=4&page=3');
    expect(past.body).toMatchObject({ total: 6, data: [], hasNext: false });

    expect((await client.delete(`/api/v1/delete-mood/${made[4]}`)).status).toBe(200);
    const after = await client.get<Page>('/api/v1/get-all-mood?search=weeding&limit=10');
    expect(after.body.total).toBe(5);
    expect(after.body.data.map((e) => e.notes)).not.toContain('Weeding session 5 with the radio on.');
    const none = await client.get<Page>('/api/v1/get-all-mood?search=zucchini');
    expect(none.body).toMatchObject({ total: 0, data: [], hasNext: false });
  });

  it('searches substrings, short words, punctuation and accents, and only ever the caller’s entries', async () => {
    const { client: mine } = await server.signIn();
    const { client: theirs } = await server.signIn();
    for (const notes of ["Gardening at ten o'clock.", 'Ok day, café with Zoë.', 'Nothing much.'])
      await create(mine, entry({ notes }));
    for (const notes of ['Gardening all day long.', 'Ok, café again.'])
      await create(theirs, entry({ notes }));

    const found = async (client: Client, search: string) => {
      const reply = await client.get<Page>(`/api/v1/get-all-mood?search=${encodeURIComponent(search)}`);
      expect(reply.status).toBe(200);
      expect(reply.body.total).toBe(reply.body.data.length);
      return reply.body.data.map((e) => e.notes).sort();
    };
    expect(await found(mine, 'arden')).toEqual(["Gardening at ten o'clock."]);
    expect(await found(theirs, 'arden')).toEqual(['Gardening all day long.']);
    expect(await found(mine, "o'clock")).toEqual(["Gardening at ten o'clock."]);
    expect(await found(mine, 'ok')).toEqual(['Ok day, café with Zoë.']);
    expect(await found(mine, 'k')).toEqual(["Gardening at ten o'clock.", 'Ok day, café with Zoë.']);
    expect(await found(mine, 'CAFÉ')).toEqual(['Ok day, café with Zoë.']);
    expect(await found(mine, 'zoë café')).toEqual(['Ok day, café with Zoë.']);
    expect(await found(mine, 'again')).toEqual([]);
    expect(await found(mine, 'gardening nothing')).toEqual([]);
  });

  it('edits an entry (rules re-run, goal mentions move) and soft-deletes it', async () => {
    const { client } = await server.signIn();
    const a = await goal(client, 'Goal A');
    const b = await goal(client, 'Goal B');
    const made = (await create(client, entry({ goal: { selectedGoals: [a] } }))).body.data;
    const edited = await client.put<{ data: Entry }>(`/api/v1/update-mood/${made.id}`, {
      notes: 'Rewritten later.',
      goal: { selectedGoals: [b] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.notes).toBe('Rewritten later.');
    expect((await goalById(client, a)).mentionCount).toBe(0);
    expect((await goalById(client, b)).mentionCount).toBe(1);
    const bad = await client.put(`/api/v1/update-mood/${made.id}`, { notes: '<script>x</script>' });
    expect(bad.status).toBe(400);
    expect((await client.get<{ data: Entry }>(`/api/v1/get-mood/${made.id}`)).body.data.notes).toBe(
      'Rewritten later.',
    );

    const { client: other } = await server.signIn();
    expect((await other.get(`/api/v1/get-mood/${made.id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/update-mood/${made.id}`, { notes: 'mine now' })).status).toBe(404);
    expect((await other.delete(`/api/v1/delete-mood/${made.id}`)).status).toBe(404);

    expect((await client.delete(`/api/v1/delete-mood/${made.id}`)).status).toBe(200);
    expect((await client.get(`/api/v1/get-mood/${made.id}`)).status).toBe(404);
    expect((await client.get<Page>('/api/v1/get-all-mood')).body.total).toBe(0);
    expect((await goalById(client, b)).mentionCount).toBe(0);
    const week = await client.get<{ data: { entries: Entry[] } }>(`/api/v1/get-mood-by-week/${today()}`);
    expect(week.body.data.entries).toEqual([]);
    expect((await client.delete(`/api/v1/delete-mood/${randomUUID()}`)).status).toBe(404);
    expect((await client.get('/api/v1/get-mood/not-a-uuid')).status).toBe(404);
  });

  it('answers analytics over the spec ranges from SQL aggregates', async () => {
    const { client } = await server.signIn();
    await create(
      client,
      entry({ mood: 'Awesome', emotionData: { primaryEmotion: 'Joy', intensity: 8, path: ['Joy'] } }),
    );
    await create(
      client,
      entry({
        mood: 'Very bad',
        emotionData: { primaryEmotion: 'Sadness', intensity: 4, path: ['Sadness'] },
      }),
    );
    await create(client, entry({ mood: 'Fine', customDate: daysAgo(20) }));
    const week = await client.get<{
      data: {
        total: number;
        byMood: Record<string, number>;
        bySentiment: Record<string, number>;
        byCoreEmotion: Record<string, number>;
        averageIntensity: number;
        series: { date: string; count: number }[];
      };
    }>(`/api/v1/get-mood-analytics/?timerange=${encodeURIComponent('1 Week')}&date=${today()}`);
    expect(week.status).toBe(200);
    expect(week.body.data.total).toBe(2);
    expect(week.body.data.byMood).toEqual({ Awesome: 1, 'Very bad': 1 });
    expect(week.body.data.bySentiment).toEqual({ positive: 1, neutral: 0, negative: 1 });
    expect(week.body.data.averageIntensity).toBe(6);
    expect(week.body.data.series).toHaveLength(7);
    expect(week.body.data.series.at(-1)).toMatchObject({ date: today(), count: 2 });
    const month = await client.get<{ data: { total: number; series: unknown[] } }>(
      `/api/v1/get-mood-analytics/?timerange=${encodeURIComponent('30 Days')}`,
    );
    expect(month.body.data).toMatchObject({ total: 3 });
    expect(month.body.data.series).toHaveLength(30);
    const wrong = await client.get<{ message: string }>('/api/v1/get-mood-analytics/?timerange=forever');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Must be one of: 1 Week, 2 Weeks, 30 Days, 90 Days');
    const counts = await client.get<{ data: { total: number; byMood: Record<string, number> } }>(
      `/api/v1/get-mood-by-count?year=${today().slice(0, 4)}`,
    );
    expect(counts.body.data.total).toBeGreaterThanOrEqual(2);
    const byDate = await client.get<{ data: { date: string; count: number }[] }>('/api/v1/get-mood-by-date');
    expect(byDate.body.data.find((d) => d.date === today())?.count).toBe(2);
    const two = await client.get<{ data: { entries: Entry[] } }>(
      '/api/v1/get-mood-by-two-weeks/?timerange=2%20Weeks',
    );
    expect(two.body.data.entries).toHaveLength(2);
    const latest = await client.get<{ data: Entry }>('/api/v1/get-latest-mood');
    expect(latest.body.data.mood).toBe('Very bad');
  });

  it('saves the draft blocks and counts activities and sleep', async () => {
    const { client } = await server.signIn();
    const made = (await create(client, entry())).body.data;
    const saved = await client.put<{ data: { activities: string[]; sleepRoutine: { hours: number } } }>(
      '/api/v1/update-mood-swp',
      {
        moodId: made.id,
        activities: ['Exercise', 'Reading'],
        sleepRoutine: { hours: 7.5, quality: 4 },
        productivity: { level: 3 },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.activities).toEqual(['Exercise', 'Reading']);
    const counts = await client.get<{ data: { activity: string; count: number }[] }>(
      '/api/v1/get-activity-by-count',
    );
    expect(counts.body.data).toEqual([
      { activity: 'Exercise', count: 1 },
      { activity: 'Reading', count: 1 },
    ]);
    const sleep = await client.get<{
      data: { nights: number; averageHours: number; byQuality: Record<string, number> };
    }>('/api/v1/get-sleep-activity-by-count');
    expect(sleep.body.data).toMatchObject({ nights: 1, averageHours: 7.5 });
    expect(sleep.body.data.byQuality['4']).toBe(1);
    const activities = await client.get<{ data: { entries: { id: string }[] } }>(
      '/api/v1/get-all-activities/',
    );
    expect(activities.body.data.entries.map((e) => e.id)).toEqual([made.id]);
    expect(
      (await client.put('/api/v1/update-mood-swp', { moodId: randomUUID(), activities: [] })).status,
    ).toBe(404);
    expect(
      (await client.put('/api/v1/update-mood-swp', { moodId: made.id, sleepRoutine: { hours: 30 } })).status,
    ).toBe(400);
  });
});

describe('who may read', () => {
  it('lets a connected provider read non-private entries only, audited; others get nothing', async () => {
    const { client, user: patient } = await server.signIn();
    await create(client, entry({ notes: 'Shared thoughts.' }));
    await create(client, entry({ notes: 'Only for me.', isPrivate: true, mood: 'Very bad' }));
    const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });

    // not connected: nothing leaks
    expect((await provider.get(`/api/v1/get-all-patient-mood/${patient.id}`)).status).toBe(404);
    expect((await auditOf(server, 'AUTHORIZATION_FAILURE', doctor.id)).length).toBeGreaterThan(0);

    await connect(server, doctor.id, patient.id);
    const list = await provider.get<Page>(`/api/v1/get-all-patient-mood/${patient.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e) => e.notes)).toEqual(['Shared thoughts.']);
    // A search by the provider never finds a private entry, not even in the total.
    for (const word of ['only', 'thoughts']) {
      const found = await provider.get<Page>(`/api/v1/get-all-patient-mood/${patient.id}?search=${word}`);
      expect(found.status).toBe(200);
      expect(found.body.total).toBe(word === 'only' ? 0 : 1);
    }
    const latest = await provider.get<{ data: Entry }>(`/api/v1/get-latest-patient-mood/${patient.id}`);
    expect(latest.body.data.notes).toBe('Shared thoughts.');
    const count = await provider.get<{ data: { total: number; byMood: Record<string, number> } }>(
      `/api/dashboard/patient-mood-count/${patient.id}`,
    );
    expect(count.body.data.total).toBe(1);
    expect(count.body.data.byMood['Very bad']).toBeUndefined();
    const analytics = await provider.get<{ data: { total: number } }>(
      `/api/dashboard/patient-mood-analytics/${patient.id}?limit=1000`,
    );
    expect(analytics.body.data.total).toBe(1);
    const week = await provider.get<{ data: { entries: Entry[] } }>(
      `/api/dashboard/patient-mood-by-week/${patient.id}`,
    );
    expect(week.body.data.entries.map((e) => e.notes)).toEqual(['Shared thoughts.']);
    const byDate = await provider.get<{ data: { count: number }[] }>(
      `/api/dashboard/patient-mood-by-date/${patient.id}`,
    );
    expect(byDate.body.data.map((d) => d.count)).toEqual([1]);
    expect((await auditOf(server, 'ACCESS_PHI', doctor.id)).length).toBeGreaterThanOrEqual(5);

    // a provider cannot write or read through the patient's own calls
    expect((await provider.post('/api/v1/create-mood', entry())).status).toBe(403);
    expect((await provider.get('/api/v1/get-all-mood')).status).toBe(403);
    // another patient cannot use the provider reads on someone else
    const { client: stranger } = await server.signIn();
    expect((await stranger.get(`/api/v1/get-all-patient-mood/${patient.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/dashboard/patient-mood-count/${patient.id}`)).status).toBe(404);
  });

  it('flags for a connected provider the entries the risk check flags, as a level only', async () => {
    const { client, user: patient } = await server.signIn();
    await create(client, entry({ notes: 'A calm walk by the river.', customDate: daysAgo(2) }));
    await create(
      client,
      entry({ notes: 'Some days I think I would be better off dead.', customDate: daysAgo(1) }),
    );
    const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });
    await connect(server, doctor.id, patient.id);
    const latest = await provider.get<{ data: Entry & { riskLevel?: string } }>(
      `/api/v1/get-latest-patient-mood/${patient.id}`,
    );
    expect(latest.body.data.riskLevel).toBe('crisis');
    const list = await provider.get<{ data: (Entry & { riskLevel?: string })[] }>(
      `/api/v1/get-all-patient-mood/${patient.id}`,
    );
    expect(list.body.data.map((e) => e.riskLevel)).toEqual(['crisis', 'none']);
    // the level only: the phrases found are not answered
    expect(JSON.stringify(list.body)).not.toContain('better off dead"');
    expect(Object.keys(list.body.data[0]!)).not.toContain('matched');
    // the client's own reads carry no flag
    const own = await client.get<{ data: (Entry & { riskLevel?: string })[] }>('/api/v1/get-all-mood');
    expect(own.body.data.every((e) => e.riskLevel === undefined)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const anonymous = server.client();
    for (const path of [
      '/api/v1/get-all-mood',
      '/api/v1/streak-dates',
      `/api/v1/get-mood-by-week/${today()}`,
    ]) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    expect((await anonymous.post('/api/v1/create-mood', entry())).status).toBe(401);
  });
});

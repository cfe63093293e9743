import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, summaryTableNames } from '@mindledger/domain';
import { connect } from '../../test/connections.js';
import { insertEntry } from '../../test/entries.js';
import { startServer, type Client, type TestServer } from '../../test/harness.js';
import { makeStandard } from '../../test/plans.js';
import { documentShares } from '../db/schema/index.js';

/**
 * Private means invisible to providers everywhere. A connected provider reads every GET route of the
 * API (taken from the OpenAPI document, so a new route is walked without anyone adding it), with
 * every id it might pass, before and after the client writes a private entry that mentions the
 * provider's goal: nothing may change, and the entry's id and words appear nowhere. The same walk
 * after a shared entry must see a change (so the walk can see one).
 *
 * Documents generated from entries (the Initial Journey's, weekly reports) are walked too, with the
 * reads that take a body: a document that drew on private entries reaches a provider only when the
 * client consents to that document as they share it (decision 103).
 */
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string }[];
}
type Paths = Record<string, Record<string, Operation>>;
interface Pair {
  patient: { client: Client; user: { id: string } };
  provider: { client: Client; user: { id: string; email: string } };
}

const privateWords = 'Lanternmoth confession';
const sharedWords = 'Harborlight morning';

let server: TestServer;
let patient: Pair['patient'];
let provider: Pair['provider'];
let goalId: string;
let personalGoalId: string;
let paths: Paths;

beforeAll(async () => {
  server = await startServer();
  patient = await server.signIn();
  provider = await server.signIn({ role: 'provider' });
  await connect(server, provider.user.id, patient.user.id);
  personalGoalId = (await patient.client.post<{ data: { id: string } }>('/api/v1/goals/', { text: 'Sleep' }))
    .body.data.id;
  goalId = (
    await provider.client.post<{ data: { id: string } }>('/api/v1/goals/', {
      text: 'Name one feeling a day',
      patientId: patient.user.id,
    })
  ).body.data.id;
  await write(false, 'An ordinary day.', 'Fine');
  paths = (await server.client().get<{ paths: Paths }>('/api/openapi.json')).body.paths;
});

afterAll(async () => {
  await server.close();
});

async function write(isPrivate: boolean, notes: string, mood: string): Promise<string> {
  const reply = await patient.client.post<{ data: { id: string } }>('/api/v1/create-mood', {
    mood,
    notes,
    isPrivate,
    journalType: 'prompt',
    emotionData: { primaryEmotion: 'Sadness', intensity: 4, category: 'negative', path: ['Sadness'] },
    goal: { selectedGoals: [{ goalData: { _id: goalId } }, { goalData: { _id: personalGoalId } }] },
  });
  expect(reply.status).toBe(201);
  return reply.body.data.id;
}

/**
 * Every request a provider can make to read: each GET route with each id it might pass, and the
 * reads that are POSTs (the client list, the Initial Journey's sections and documents).
 */
function readRequests(ids: string[], patientId: string): { method: string; path: string; body?: unknown }[] {
  const today = server.today();
  const requests: { method: string; path: string; body?: unknown }[] = [];
  for (const [template, operations] of Object.entries(paths)) {
    const get = operations.get;
    // GET refresh mints a new session token: not a read of anyone's data.
    if (!get || template === '/api/v1/refresh') continue;
    const params = get.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
    // Photo and avatar files are reached through signed or unguessable links, tested on their own.
    if (pathParams.some((name) => ['fileId', 'name'].includes(name))) continue;
    const query = params.some((p) => p.in === 'query' && p.name === 'patientId')
      ? `patientId=${patientId}`
      : params.some((p) => p.in === 'query' && p.name === 'userIds')
        ? `userIds=${patientId}`
        : '';
    const searches = params.some((p) => p.in === 'query' && ['search', 'searchTerm'].includes(p.name))
      ? ['', `search=${encodeURIComponent(privateWords.split(' ')[0] ?? '')}`]
      : [''];
    const fills = pathParams.reduce<string[]>(
      (all, name) =>
        all.flatMap((path) =>
          (name === 'isoDate' ? [today] : name === 'limit' ? ['5'] : ids).map((value) =>
            path.replace(`{${name}}`, value),
          ),
        ),
      [template],
    );
    for (const path of fills) {
      for (const search of searches) {
        const qs = [query, search].filter(Boolean).join('&');
        requests.push({ method: 'GET', path: qs ? `${path}?${qs}` : path });
      }
    }
  }
  requests.push({ method: 'POST', path: '/api/v1/get-patients', body: { data: { page: 1, limit: 100 } } });
  for (const path of postReads)
    requests.push({ method: 'POST', path, body: { data: { patientId }, patientId } });
  return requests;
}

/** The reads a provider makes by POST with the client's id in the body. */
const postReads = [
  '/api/v1/get-initial-journey-childs',
  '/api/ai/get-therapist-profile',
  '/api/ai/get-ij-EmailTemplate',
];

async function walk(ids: string[], pair: Pair = { patient, provider }): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const request of readRequests(ids, pair.patient.user.id)) {
    const reply = await pair.provider.client.request(request.method, request.path, {
      ...(request.body ? { body: request.body } : {}),
    });
    seen.set(`${request.method} ${request.path}`, `${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return seen;
}

function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((key) => before.get(key) !== after.get(key));
}

describe('a private entry, seen by a connected provider', () => {
  it('leaves no trace on any route: counts, dates, sentiment, ids or words', async () => {
    const ids = [patient.user.id, provider.user.id, goalId, personalGoalId];
    const before = await walk(ids);
    const reachable = [...before.values()].filter((reply) => reply.startsWith('200 ')).length;
    expect(reachable).toBeGreaterThan(10);

    const entryId = await write(true, `${privateWords}: nobody may know this.`, 'Awful');
    const after = await walk([...ids, entryId]);
    expect(differences(before, after)).toEqual([]);
    for (const [request, reply] of after) {
      expect(reply, request).not.toContain(entryId);
      expect(reply.toLowerCase(), request).not.toContain('lanternmoth');
    }

    // A change a provider makes answers the goal as the provider may see it, too.
    const edited = await provider.client.put<{ data: { mentionCount: number; lastMentionDate: string } }>(
      `/api/v1/goals/${goalId}`,
      { notes: 'Say it out loud.' },
    );
    const shown = await provider.client.get<{ data: { mentionCount: number; lastMentionDate: string } }>(
      `/api/v1/goals/${goalId}`,
    );
    expect(edited.body.data.mentionCount).toBe(1);
    expect(edited.body.data.lastMentionDate).toBe(shown.body.data.lastMentionDate);

    // The author still sees everything of their own.
    const own = await patient.client.get<{ data: { mentionCount: number } }>(`/api/v1/goals/${goalId}`);
    expect(own.body.data.mentionCount).toBe(2);
    const history = await patient.client.get<{ data: { entryId: string }[] }>(
      `/api/v1/goals/mention-history/${goalId}`,
    );
    expect(history.body.data.map((m) => m.entryId)).toContain(entryId);
  });

  it('shows a shared entry (the walk sees a change when there is one)', async () => {
    const ids = [patient.user.id, provider.user.id, goalId, personalGoalId];
    const before = await walk(ids);
    const entryId = await write(false, `${sharedWords} by the sea.`, 'Good');
    const after = await walk([...ids, entryId]);
    const changed = differences(before, after);
    expect(changed).toEqual(
      expect.arrayContaining([
        `GET /api/v1/goals/${goalId}`,
        `GET /api/v1/goals/mention-history/${goalId}`,
        `GET /api/v1/get-latest-patient-mood/${patient.user.id}`,
      ]),
    );
    expect([...after.values()].some((reply) => reply.includes(entryId))).toBe(true);
  });
});

describe('documents generated from private entries, shared with a connected provider', () => {
  const answers = ['Work has been hard and I lie awake at night.', 'I hope to feel calmer and sleep better.'];
  const mentionsAnger = (reply: string | undefined) => /\banger\b/i.test(reply ?? '');

  it('leave no trace of them on any answer unless the client consents to that document as they share it', async () => {
    const pair: Pair = {
      patient: await server.signIn({ firstName: 'Rosa' }),
      provider: await server.signIn({ role: 'provider' }),
    };
    const { client, user } = pair.patient;
    await makeStandard(server, user.id);
    await connect(server, pair.provider.user.id, user.id);
    // 3 private check-ins of Anger and 3 shared ones of Joy, yesterday and the day before
    const yesterday = addDays(server.today(), -1);
    for (const [i, day] of [yesterday, addDays(yesterday, -1), yesterday].entries()) {
      const at = new Date(`${day}T${10 + i}:00:00Z`);
      await insertEntry(server, user.id, {
        localDay: day,
        entryAt: at,
        isPrivate: true,
        primaryEmotion: 'Anger',
      });
      await insertEntry(server, user.id, { localDay: day, entryAt: at, primaryEmotion: 'Joy' });
    }
    for (const message of answers)
      expect((await client.post('/api/ai/initial-journey', { message })).status).toBe(200);
    const generated: Record<string, { id: string; content: unknown; privateEntriesUsed: number }> = {};
    for (const [path, kind] of [
      ['/api/v1/generate-therapist-profile', 'therapistProfile'],
      ['/api/v1/generate-self-reflection-summary', 'selfReflectionSummary'],
      ['/api/v1/generate-email-template', 'emailTemplate'],
      ['/api/v1/generate-therapist-interview-qs', 'interviewGuide'],
    ] as const) {
      const reply = await client.post<{ data: { id: string; content: unknown; privateEntriesUsed: number } }>(
        path,
        { data: {} },
      );
      expect(reply.status, path).toBe(200);
      generated[kind] = reply.body.data;
    }
    // the client's own documents draw on their private entries, and say how many
    const profile = generated.therapistProfile!;
    const summary = generated.selfReflectionSummary!;
    expect(JSON.stringify(profile.content)).toContain('Anger (3 check-ins)');
    expect(profile.privateEntriesUsed).toBe(3);
    expect(summary.privateEntriesUsed).toBe(3);
    // the guide and the email template speak of no check-in: they draw on none
    expect(generated.emailTemplate!.privateEntriesUsed).toBe(0);
    expect(generated.interviewGuide!.privateEntriesUsed).toBe(0);

    // a weekly report (never made from private entries, decision 087), shared
    const weekly = await client.post<{ data: { id: string } }>('/api/ai/generate-sevenday-summary');
    expect(weekly.status).toBe(200);
    const weeklyShare = await client.post('/api/v1/share-weekly-report', {
      reportId: weekly.body.data.id,
      doctorEmail: pair.provider.user.email,
    });
    expect(weeklyShare.status).toBe(201);

    const ids = [
      user.id,
      pair.provider.user.id,
      weekly.body.data.id,
      ...Object.values(generated).map((d) => d.id),
    ];
    const before = await walk(ids, pair);
    expect([...before.values()].filter((reply) => reply.startsWith('200 ')).length).toBeGreaterThan(10);

    // sharing without consent is refused and says why; the documents of no entries share as before
    for (const kind of ['therapistProfile', 'selfReflectionSummary'] as const) {
      const refused = await client.post<{ message: string; code: string; privateEntries: number }>(
        '/api/ai/share-summary',
        { doctorEmail: pair.provider.user.email, summaryTableName: summaryTableNames[kind] },
      );
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'PRIVATE_ENTRIES_CONSENT_REQUIRED', privateEntries: 3 });
      expect(refused.body.message).toBe(
        'This document draws on 3 private entries. To share it, confirm that your provider may read what it says about them.',
      );
    }
    for (const kind of ['emailTemplate', 'interviewGuide'] as const) {
      const shared = await client.post('/api/ai/share-summary', {
        doctorEmail: pair.provider.user.email,
        summaryTableName: summaryTableNames[kind],
      });
      expect(shared.status).toBe(200);
    }
    // a share made before consent was asked (straight into the database) opens nothing either
    await server.database.db.insert(documentShares).values({
      patientId: user.id,
      providerId: pair.provider.user.id,
      kind: 'therapistProfile',
      documentId: profile.id,
    });

    const unconsented = await walk(ids, pair);
    for (const [request, reply] of unconsented) {
      expect(mentionsAnger(reply) && !mentionsAnger(before.get(request)), request).toBe(false);
      for (const secret of [profile.id, summary.id]) expect(reply, request).not.toContain(secret);
    }
    // the walk saw the documents it may see
    expect(differences(before, unconsented)).toEqual(
      expect.arrayContaining([
        `GET /api/v1/ai-documents/${generated.emailTemplate!.id}`,
        `GET /api/ai/shared-summaries/${user.id}`,
        'POST /api/v1/get-initial-journey-childs',
      ]),
    );

    // with consent, that document (and only it) reaches the provider, and the consent is recorded
    for (const kind of ['therapistProfile', 'selfReflectionSummary'] as const) {
      const shared = await client.post<{ warning: boolean; data: { privateEntriesConsented: number } }>(
        '/api/ai/share-summary',
        {
          doctorEmail: pair.provider.user.email,
          summaryTableName: summaryTableNames[kind],
          includesPrivateEntriesConsent: true,
        },
      );
      expect(shared.status, kind).toBe(200);
      expect(shared.body.warning).toBe(false);
      expect(shared.body.data.privateEntriesConsented).toBe(3);
    }
    // the consent is in the client's access history, with the provider it went to
    const history = await client.get<{
      entries: { event: string; providerId: string; resourceType: string; privateEntries?: number }[];
    }>('/api/v1/access-history?limit=10');
    const consents = history.body.entries.filter((e) => e.event === 'privateEntriesConsent');
    expect(consents.map((e) => e.resourceType).sort()).toEqual(['selfReflectionSummary', 'therapistProfile']);
    for (const entry of consents)
      expect(entry).toMatchObject({ providerId: pair.provider.user.id, privateEntries: 3 });
    const consented = await walk(ids, pair);
    const nowMentioning = [...consented]
      .filter(([request, reply]) => mentionsAnger(reply) && !mentionsAnger(before.get(request)))
      .map(([request]) => request);
    expect(nowMentioning.sort()).toEqual(
      [
        `GET /api/v1/get-client-profile/${user.id}`,
        `GET /api/v1/get-client-profile/${user.id}/5`,
        `GET /api/v1/get-initial-client-profile-by-id/${profile.id}`,
        `GET /api/v1/ai-documents/${profile.id}`,
        `GET /api/v1/ai-documents/${summary.id}`,
        `GET /api/ai/shared-summaries/${user.id}`,
        'POST /api/v1/get-initial-journey-childs',
        'POST /api/ai/get-therapist-profile',
      ].sort(),
    );
    // a provider never learns how many private entries a document drew on
    for (const reply of consented.values()) expect(reply).not.toContain('privateEntries');
  });
});

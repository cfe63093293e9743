import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../test/harness.js';

/**
 * Private means invisible to providers everywhere. A connected provider reads every GET route of the
 * API (taken from the OpenAPI document, so a new route is walked without anyone adding it), with
 * every id it might pass, before and after the client writes a private entry that mentions the
 * provider's goal: nothing may change, and the entry's id and words appear nowhere. The same walk
 * after a shared entry must see a change (so the walk can see one).
 */
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string }[];
}
type Paths = Record<string, Record<string, Operation>>;

const privateWords = 'Lanternmoth confession';
const sharedWords = 'Harborlight morning';

let server: TestServer;
let patient: { client: Client; user: { id: string } };
let provider: { client: Client; user: { id: string } };
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

/** Every request a provider can make to read: each GET route with each id it might pass. */
function readRequests(ids: string[]): { method: string; path: string; body?: unknown }[] {
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
      ? `patientId=${patient.user.id}`
      : params.some((p) => p.in === 'query' && p.name === 'userIds')
        ? `userIds=${patient.user.id}`
        : '';
    const searches = params.some((p) => p.in === 'query' && ['search', 'searchTerm'].includes(p.name))
      ? ['', `search=${encodeURIComponent(privateWords.split(' ')[0] ?? '')}`]
      : [''];
    const fills = pathParams.reduce<string[]>(
      (all, name) =>
        all.flatMap((path) =>
          (name === 'isoDate' ? [today] : ids).map((value) => path.replace(`{${name}}`, value)),
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
  return requests;
}

async function walk(ids: string[]): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const request of readRequests(ids)) {
    const reply = await provider.client.request(request.method, request.path, {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrisisResources } from '@mindledger/domain';
import { namesOwnLine, testUserResources } from '../../../test/crisis.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { startOpenAiMock, type OpenAiMock } from '../../../test/openai-mock.js';

const path = '/api/ai/journal-chat';
const proxyPath = '/api/proxy/ai/journal-chat';

interface ChatData {
  reply: string;
  safety: { level: string; resources: CrisisResources | null };
}
interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

const say = (text: string, extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', text }],
  mode: 'chat',
  ...extra,
});

async function sse(server: TestServer, client: Client, body: unknown, at = path) {
  const response = await fetch(server.url + at, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${client.token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const events: SseEvent[] = text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>,
    }));
  return { status: response.status, headers: response.headers, events, text };
}

async function goal(client: Client, text: string): Promise<string> {
  const made = await client.post<{ data: { id: string } }>('/api/v1/goals/', { text });
  expect(made.status).toBe(201);
  return made.body.data.id;
}

describe('journal chat on the local engine', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers JSON with a grounded reflection and one open question', async () => {
    const { client } = await server.signIn({ firstName: 'Maya' });
    const reply = await client.post<{ success: boolean; data: ChatData }>(
      path,
      say('My exam is tomorrow and I feel anxious.'),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data.reply).toMatch(/anxious/);
    expect(reply.body.data.reply.match(/\?/g)).toHaveLength(1);
    expect(reply.body.data.safety).toEqual({ level: 'none', resources: null });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('streams SSE chunks and a final done event, also under /api/proxy/ai', async () => {
    const { client } = await server.signIn();
    const body = say('Today I felt grateful for my friends.');
    const { status, headers, events } = await sse(server, client, body, proxyPath);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('x-request-id')).toBeTruthy();
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => e.data.text as string);
    expect(chunks.length).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data.reply).toBe(chunks.join('').trim());
    expect(done?.data.safety).toEqual({ level: 'none', resources: null });
    const json = await client.post<{ data: ChatData }>(path, body);
    expect(json.body.data.reply).toBe(done?.data.reply);
  });

  it('answers a crisis message with help and attaches the crisis resources', async () => {
    const { client } = await server.signIn();
    const body = say("I can't do this anymore. I want to end my life.");
    const reply = await client.post<{ data: ChatData }>(path, body);
    expect(reply.status).toBe(200);
    expect(reply.body.data.safety.level).toBe('crisis');
    expect(reply.body.data.safety.resources).toEqual(testUserResources);
    expect(namesOwnLine(reply.body.data.reply)).toBe(true);
    expect(reply.body.data.reply).not.toMatch(/\?/);
    const streamed = await sse(server, client, body);
    expect(streamed.events.at(-1)?.data.safety).toMatchObject({ level: 'crisis' });
  });

  it('flags a concern and still listens', async () => {
    const { client } = await server.signIn();
    const reply = await client.post<{ data: ChatData }>(
      path,
      say("I can't do this anymore, I'm just exhausted."),
    );
    expect(reply.body.data.safety.level).toBe('concern');
    expect(reply.body.data.safety.resources?.heading).toBe("You don't have to go through this alone");
  });

  it('closes a voice conversation at maxTurns with a statement', async () => {
    const { client } = await server.signIn();
    const reply = await client.post<{ data: ChatData }>(path, {
      mode: 'voice',
      maxTurns: 2,
      messages: [
        { role: 'user', text: 'I feel lonely since the move.' },
        { role: 'assistant', text: 'It sounds like you feel lonely. What feels hardest?' },
        { role: 'user', text: 'Evenings, mostly. But I was hopeful after calling my mum.' },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.reply).toMatch(/lonely and hopeful/);
    expect(reply.body.data.reply).not.toMatch(/\?/);
  });

  it('validates the body', async () => {
    const { client } = await server.signIn();
    const empty = await client.post<{ message: string }>(path, { messages: [], mode: 'chat' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter a message');
    const long = await client.post<{ message: string }>(path, say('x'.repeat(2001)));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Must not exceed 2000 characters');
    expect((await client.post(path, say('x'.repeat(2000)))).status).toBe(200);
    expect((await client.post(path, say('   '))).status).toBe(400);
    const tooMany = Array.from({ length: 41 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      text: 'hi',
    }));
    expect((await client.post(path, { messages: tooMany, mode: 'chat' })).status).toBe(400);
    const lastAssistant = await client.post<{ message: string }>(path, {
      messages: [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello' },
      ],
    });
    expect(lastAssistant.status).toBe(400);
    expect(lastAssistant.body.message).toBe('The last message must be from you');
    expect((await client.post(path, say('hi', { mode: 'phone' }))).status).toBe(400);
    expect((await client.post(path, say('hi', { maxTurns: 11 }))).status).toBe(400);
    expect((await client.post(path, say('hi', { goalIds: ['not-a-uuid'] }))).status).toBe(400);
    expect((await client.post(path, say('hi', { emotion: { intensity: 11 } }))).status).toBe(400);
    expect((await client.post(path, { messages: [{ role: 'system', text: 'hi' }] })).status).toBe(400);
  });

  it('needs a session (401) and the patient role (403)', async () => {
    expect((await server.client().post(path, say('hi'))).status).toBe(401);
    for (const role of ['provider', 'admin'] as const) {
      const { client } = await server.signIn({ role });
      const refused = await client.post(path, say('hi'));
      expect(refused.status).toBe(403);
    }
  });

  it('uses only the caller’s own active goals; another user’s goal id is ignored', async () => {
    const other = await server.signIn();
    const theirs = await goal(other.client, 'Call my sister every Sunday');
    const { client } = await server.signIn();
    const mine = await goal(client, 'Walk 20 minutes a day');
    const conversation = {
      mode: 'chat',
      turn: 2,
      goalIds: [theirs, mine],
      messages: [
        { role: 'user', text: 'I feel stuck.' },
        { role: 'assistant', text: 'It sounds like you feel stuck. What feels hardest?' },
        { role: 'user', text: 'Getting started.' },
      ],
    };
    const reply = await client.post<{ data: ChatData }>(path, conversation);
    expect(reply.status).toBe(200);
    expect(reply.body.data.reply).toContain('Walk 20 minutes a day');
    expect(reply.body.data.reply).not.toContain('sister');

    const onlyTheirs = await client.post<{ data: ChatData }>(path, { ...conversation, goalIds: [theirs] });
    expect(onlyTheirs.status).toBe(200);
    expect(onlyTheirs.body.data.reply).not.toMatch(/sister|goal/);
  });
});

describe('journal chat on an OpenAI-compatible endpoint', () => {
  let server: TestServer;
  let mock: OpenAiMock;
  beforeAll(async () => {
    mock = await startOpenAiMock();
    server = await startServer({
      env: {
        OPENAI_BASE_URL: mock.baseUrl,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_MODEL: 'mock-model',
        AI_TIMEOUT_MS: '500',
        AI_MAX_RETRIES: '1',
        AI_RATE_LIMIT_PER_MINUTE: '4',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await mock.close();
  });

  it('answers with the model’s reply, grounded in the caller’s own context', async () => {
    const { client } = await server.signIn({ firstName: 'Ravi' });
    const mine = await goal(client, 'Sleep by 11pm');
    mock.requests.length = 0;
    mock.script({ reply: 'That sounds tiring. What would help tonight?' });
    const reply = await client.post<{ data: ChatData }>(
      path,
      say('I slept badly again.', { goalIds: [mine], emotion: { primaryEmotion: 'Sadness', intensity: 6 } }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.reply).toBe('That sounds tiring. What would help tonight?');
    const system = mock.requests[0]?.body.messages[0]?.content ?? '';
    expect(system).toMatch(/Ravi/);
    expect(system).toMatch(/"Sleep by 11pm"/);
    expect(system).toMatch(/Sadness \(intensity 6 of 10\)/);
    expect(mock.requests[0]?.body.messages.at(-1)).toEqual({ role: 'user', content: 'I slept badly again.' });
  });

  it('streams the model’s chunks as SSE', async () => {
    const { client } = await server.signIn();
    mock.script({ reply: '', chunks: ['I hear ', 'you. ', 'What happened?'] });
    const { status, events } = await sse(server, client, say('Rough day.'));
    expect(status).toBe(200);
    expect(events.map((e) => e.event)).toEqual(['chunk', 'chunk', 'chunk', 'done']);
    expect(events.at(-1)?.data.reply).toBe('I hear you. What happened?');
  });

  it('retries a 500 once and succeeds', async () => {
    const { client } = await server.signIn();
    mock.requests.length = 0;
    mock.script({ status: 500, retryAfterMs: 5 }, { reply: 'Here now.' });
    const reply = await client.post<{ data: ChatData }>(path, say('Hello?'));
    expect(reply.status).toBe(200);
    expect(reply.body.data.reply).toBe('Here now.');
    expect(mock.requests).toHaveLength(2);
  });

  it('answers 503 when the endpoint fails or times out, as JSON and before a stream starts', async () => {
    const { client } = await server.signIn();
    mock.script({ status: 500, retryAfterMs: 5 }, { status: 500, retryAfterMs: 5 });
    const failed = await client.post<{ code: string; message: string }>(path, say('Hello?'));
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The assistant is unavailable right now. Please try again.',
    });
    mock.script({ hang: true }, { hang: true });
    const streamed = await sse(server, client, say('Hello?'));
    expect(streamed.status).toBe(503);
    expect(JSON.parse(streamed.text)).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('sends an error event when the stream breaks off', async () => {
    const { client } = await server.signIn();
    mock.script({ stall: 'Hello there.' });
    const { status, events } = await sse(server, client, say('Hi'));
    expect(status).toBe(200);
    expect(events.map((e) => e.event)).toEqual(['chunk', 'error']);
    expect(events.at(-1)?.data).toMatchObject({ success: false, code: 'UNAVAILABLE' });
  });

  it('answers a crisis with the built-in words, without calling the model', async () => {
    const { client } = await server.signIn();
    mock.requests.length = 0;
    const reply = await client.post<{ data: ChatData }>(path, say('I keep thinking about killing myself.'));
    expect(reply.status).toBe(200);
    expect(reply.body.data.safety.level).toBe('crisis');
    expect(namesOwnLine(reply.body.data.reply)).toBe(true);
    expect(mock.requests).toHaveLength(0);
  });

  it('limits replies per user per minute', async () => {
    const { client } = await server.signIn();
    for (let i = 0; i < 4; i++) expect((await client.post(path, say('Hi'))).status).toBe(200);
    const refused = await client.post<{ message: string }>(path, say('Hi'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body.message).toMatch(
      /^Rate limit reached\. Please wait \d+ seconds before trying again\.$/,
    );
    const other = await server.signIn();
    expect((await other.client.post(path, say('Hi'))).status).toBe(200);
  });
});

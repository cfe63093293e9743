import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiMock, type OpenAiMock } from '../../../test/openai-mock.js';
import { AppError } from '../errors.js';
import { createAi, LocalAi, OpenAiEngine, type AiChatRequest, type AiFailure } from './index.js';

let mock: OpenAiMock;
beforeAll(async () => {
  mock = await startOpenAiMock();
});
afterAll(async () => {
  await mock.close();
});

const request: AiChatRequest = {
  messages: [
    { role: 'user', text: 'I feel anxious about work.' },
    { role: 'assistant', text: 'It sounds like you feel anxious. What feels hardest?' },
    { role: 'user', text: 'The deadlines.' },
  ],
  context: {
    mode: 'voice',
    turn: 2,
    maxTurns: 3,
    firstName: 'Maya',
    goals: [{ text: 'Sleep by 11pm' }],
    emotion: { primaryEmotion: 'Fear', specificFeeling: 'Anxious', intensity: 6 },
  },
};

function engine(
  options: Partial<ConstructorParameters<typeof OpenAiEngine>[0]> = {},
  failures?: AiFailure[],
) {
  return new OpenAiEngine(
    {
      baseUrl: mock.baseUrl,
      apiKey: 'sk-test',
      model: 'mock-model',
      timeoutMs: 2000,
      maxRetries: 2,
      ...options,
    },
    (failure) => failures?.push(failure),
  );
}

async function streamed(ai: OpenAiEngine, req: AiChatRequest = request) {
  const chunks: string[] = [];
  for await (const chunk of ai.chat(req)) chunks.push(chunk);
  return chunks;
}

describe('OpenAiEngine', () => {
  it('completes with a system prompt holding the boundaries and the user context', async () => {
    mock.requests.length = 0;
    mock.script({ reply: 'Deadlines can pile up. What would help this week?' });
    expect(await engine().complete(request)).toBe('Deadlines can pile up. What would help this week?');
    const [sent] = mock.requests;
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.body.model).toBe('mock-model');
    expect(sent?.body.stream).toBeFalsy();
    const [system, ...rest] = sent?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/Never diagnose/);
    expect(system?.content).toMatch(/988/);
    expect(system?.content).toMatch(/"Sleep by 11pm"/);
    expect(system?.content).toMatch(/Fear > Anxious \(intensity 6 of 10\)/);
    expect(rest).toEqual([
      { role: 'user', content: 'I feel anxious about work.' },
      { role: 'assistant', content: 'It sounds like you feel anxious. What feels hardest?' },
      { role: 'user', content: 'The deadlines.' },
    ]);
  });

  it('tells the model when the voice conversation must close', async () => {
    mock.requests.length = 0;
    mock.script({ reply: 'Thank you.' });
    await engine().complete({ ...request, context: { ...request.context, turn: 3 } });
    expect(mock.requests[0]?.body.messages[0]?.content).toMatch(/last turn: do not ask a question/);
  });

  it('streams SSE chunks', async () => {
    mock.requests.length = 0;
    mock.script({ reply: '', chunks: ['It sounds ', 'like a lot. ', 'What helps?'] });
    expect(await streamed(engine())).toEqual(['It sounds ', 'like a lot. ', 'What helps?']);
    expect(mock.requests[0]?.body.stream).toBe(true);
  });

  it('retries a 500 and then succeeds', async () => {
    mock.requests.length = 0;
    mock.script({ status: 500, retryAfterMs: 5 }, { reply: 'Second time lucky?' });
    expect(await engine().complete(request)).toBe('Second time lucky?');
    expect(mock.requests).toHaveLength(2);

    mock.requests.length = 0;
    mock.script({ status: 503, retryAfterMs: 5 }, { reply: 'Streamed after a retry.' });
    expect((await streamed(engine())).join('')).toBe('Streamed after a retry.');
    expect(mock.requests).toHaveLength(2);
  });

  it('answers 503 UNAVAILABLE after the retries are spent, logging only the status', async () => {
    mock.requests.length = 0;
    mock.script(
      { status: 500, retryAfterMs: 5 },
      { status: 500, retryAfterMs: 5 },
      { status: 500, retryAfterMs: 5 },
    );
    const failures: AiFailure[] = [];
    const error = await engine({}, failures)
      .complete(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toBe('The assistant is unavailable right now. Please try again.');
    expect(mock.requests).toHaveLength(3);
    expect(failures).toEqual([{ kind: 'status', status: 500 }]);
  });

  it('does not retry a 401 (a wrong key)', async () => {
    mock.requests.length = 0;
    mock.script({ status: 401 });
    await expect(engine().complete(request)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(mock.requests).toHaveLength(1);
  });

  it('times out a silent endpoint', async () => {
    mock.script({ hang: true });
    const failures: AiFailure[] = [];
    const started = Date.now();
    await expect(engine({ timeoutMs: 200, maxRetries: 0 }, failures).complete(request)).rejects.toMatchObject(
      {
        code: 'UNAVAILABLE',
      },
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(failures).toEqual([{ kind: 'timeout' }]);
  });

  it('times out a stream that goes silent after it started', async () => {
    mock.script({ stall: 'Hello there.' });
    const chunks: string[] = [];
    const error = await (async () => {
      for await (const chunk of engine({ timeoutMs: 200, maxRetries: 0 }).chat(request)) chunks.push(chunk);
    })().catch((e: unknown) => e);
    expect(chunks).toEqual(['Hello ']);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('passes the caller’s abort through instead of an error', async () => {
    mock.script({ hang: true });
    const controller = new AbortController();
    const reason = new Error('client went away');
    setTimeout(() => controller.abort(reason), 50);
    await expect(
      engine({ timeoutMs: 5000, maxRetries: 0 }).complete({ ...request, signal: controller.signal }),
    ).rejects.toBe(reason);
  });

  it('treats a refused connection as unavailable', async () => {
    const ai = new OpenAiEngine({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      timeoutMs: 500,
      maxRetries: 0,
    });
    await expect(ai.complete(request)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('createAi', () => {
  const base = { apiKey: undefined, timeoutMs: 20_000, maxRetries: 2, perMinute: 30 };
  it('chooses the OpenAI-compatible engine only with an endpoint and a model', () => {
    expect(createAi({ ...base, baseUrl: undefined, model: undefined })).toBeInstanceOf(LocalAi);
    expect(createAi({ ...base, baseUrl: mock.baseUrl, model: undefined })).toBeInstanceOf(LocalAi);
    expect(createAi({ ...base, baseUrl: mock.baseUrl, model: 'm' })).toBeInstanceOf(OpenAiEngine);
  });
});

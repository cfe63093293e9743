import {
  aiDocumentMessages,
  crisisResources,
  type InterviewGuide,
  type WeeklyReport,
} from '@mindledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiMock, type OpenAiMock } from '../../../test/openai-mock.js';
import { AppError } from '../errors.js';
import { createAi, LocalAi, OpenAiEngine, type AiChatRequest, type AiFailure } from './index.js';
import { localDocument } from './local/documents/index.js';
import { journeyInput, weeklyInput } from './local/documents/test-fixtures.js';
import { planInput, summaryInput } from './local/documents/clinical-fixtures.js';

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

describe('OpenAiEngine: Initial Journey conversation', () => {
  it('sends the guided-topics prompt with the safety boundaries', async () => {
    mock.requests.length = 0;
    mock.script({ reply: 'What do you hope to get from therapy?' });
    await engine().complete({
      messages: [{ role: 'user', text: 'I have been anxious.' }],
      context: { mode: 'initial-journey', firstName: 'Maya' },
    });
    const system = mock.requests[0]?.body.messages[0]?.content ?? '';
    expect(system).toMatch(/Initial Journey/);
    expect(system).toMatch(/1\. what brings you to therapy/);
    expect(system).toMatch(/9\. your budget or insurance \(optional\)/);
    expect(system).toMatch(/988/);
    expect(system).toMatch(/Never diagnose/);
    expect(system).toMatch(/generate their documents/);
  });
});

describe('OpenAiEngine.generate', () => {
  const at = new Date('2026-03-04T18:00:00Z');
  const docEngine = (
    failures?: AiFailure[],
    options: Partial<ConstructorParameters<typeof OpenAiEngine>[0]> = {},
  ) => engine({ now: () => at, ...options }, failures);
  const guide = localDocument('interviewGuide', journeyInput);
  const request = { kind: 'interviewGuide' as const, input: journeyInput };
  type Format = {
    type: string;
    json_schema?: { name: string; strict: boolean; schema: { properties: object } };
  };
  const formatOf = (i: number) =>
    (mock.requests[i]?.body as unknown as { response_format?: Format }).response_format;

  it('asks for the JSON schema and returns the validated, grounded document', async () => {
    mock.requests.length = 0;
    const answer = {
      ...guide,
      disclaimer: 'Generated content.',
      questions: guide.questions.map((q) => ({ ...q, number: 7 })),
    };
    mock.script({ reply: JSON.stringify(answer) });
    const result = await docEngine().generate(request);
    expect(result).toMatchObject({ model: 'mock-model', promptVersion: 'documents-v1', generatedAt: at });
    expect(result.document.disclaimer).toBe(aiDocumentMessages.disclaimer);
    expect((result.document as InterviewGuide).questions.map((q) => q.number)).toEqual(
      guide.questions.map((q) => q.number),
    );
    expect(mock.requests).toHaveLength(1);
    const format = formatOf(0);
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.name).toBe('interviewGuide');
    expect(format?.json_schema?.strict).toBe(false);
    expect(Object.keys(format?.json_schema?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['interview_guide', 'questions', 'conclusion', 'disclaimer']),
    );
    const [system, user] = mock.requests[0]!.body.messages;
    expect(system?.content).toMatch(/never invent/);
    expect(system?.content).not.toMatch(/JSON Schema:/);
    expect(user?.content).toContain('I tried CBT years ago');
  });

  it('accepts JSON in a code fence', async () => {
    mock.script({ reply: '```json\n' + JSON.stringify(guide) + '\n```' });
    expect((await docEngine().generate(request)).document).toEqual(guide);
  });

  it('repairs malformed JSON once', async () => {
    mock.requests.length = 0;
    mock.script({ reply: '{"interview_guide": {"title": "Questions"' }, { reply: JSON.stringify(guide) });
    const result = await docEngine().generate(request);
    expect(result.document).toEqual(guide);
    expect(mock.requests).toHaveLength(2);
    const repair = mock.requests[1]!.body.messages;
    expect(repair.at(-2)).toEqual({
      role: 'assistant',
      content: '{"interview_guide": {"title": "Questions"',
    });
    expect(repair.at(-1)?.content).toMatch(/not valid JSON[\s\S]*corrected JSON object only/);
  });

  it('repairs a schema failure once, naming the fields that are wrong', async () => {
    mock.requests.length = 0;
    const { conclusion: _dropped, ...partial } = guide;
    mock.script({ reply: JSON.stringify({ ...partial, questions: [] }) }, { reply: JSON.stringify(guide) });
    expect((await docEngine().generate(request)).document).toEqual(guide);
    const problems = mock.requests[1]!.body.messages.at(-1)?.content ?? '';
    expect(problems).toMatch(/- conclusion:/);
    expect(problems).toMatch(/- questions:/);
    expect(problems).not.toContain('I tried CBT');
  });

  it('fails clearly when the repaired answer is still invalid, logging only the kind', async () => {
    mock.requests.length = 0;
    mock.script({ reply: 'Sure! Here is your guide.' }, { reply: '{"still": "wrong"}' });
    const failures: AiFailure[] = [];
    const error = await docEngine(failures)
      .generate(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    expect((error as AppError).message).toBe(
      'The AI service did not return a valid document. Please try again.',
    );
    expect(mock.requests).toHaveLength(2);
    expect(failures).toEqual([{ kind: 'invalid', document: 'interviewGuide' }]);
  });

  it('falls back to json_object when the endpoint refuses json_schema, and remembers it', async () => {
    mock.requests.length = 0;
    const ai = docEngine();
    mock.script({ status: 400 }, { reply: JSON.stringify(guide) }, { reply: JSON.stringify(guide) });
    expect((await ai.generate(request)).document).toEqual(guide);
    expect(mock.requests).toHaveLength(2);
    expect(formatOf(0)?.type).toBe('json_schema');
    expect(formatOf(1)).toEqual({ type: 'json_object' });
    expect(mock.requests[1]!.body.messages[0]?.content).toMatch(/JSON Schema: \{/);
    await ai.generate(request);
    expect(mock.requests).toHaveLength(3);
    expect(formatOf(2)).toEqual({ type: 'json_object' });
    // Another engine (another endpoint) starts with json_schema again.
    mock.script({ reply: JSON.stringify(guide) });
    await docEngine().generate(request);
    expect(formatOf(3)?.type).toBe('json_schema');
  });

  it('times out a silent endpoint', async () => {
    mock.script({ hang: true });
    const failures: AiFailure[] = [];
    const started = Date.now();
    await expect(
      docEngine(failures, { timeoutMs: 200, maxRetries: 0 }).generate(request),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(failures).toEqual([{ kind: 'timeout' }]);
  });

  it('grounds a weekly report: the analysis goes in, foreign ids and days come out', async () => {
    mock.requests.length = 0;
    const local = localDocument('weeklyReport', weeklyInput);
    const answer: WeeklyReport = {
      ...local,
      startDate: '2026-01-01',
      sections: [
        {
          title: 'Your Mood',
          icon: 'trending-up',
          color: '#4F46E5',
          items: [
            {
              content: 'A good week.',
              dates: ['2026-03-02', '2026-02-20'],
              entryIds: ['e1', 'made-up', 'x-out'],
            },
          ],
        },
      ],
    };
    mock.script({ reply: JSON.stringify(answer) });
    const { document } = await docEngine().generate({ kind: 'weeklyReport', input: weeklyInput });
    expect(document.startDate).toBe('2026-03-01');
    expect(document.sections[0]?.items[0]).toMatchObject({ dates: ['2026-03-02'], entryIds: ['e1'] });
    const payload = JSON.parse(
      (mock.requests[0]!.body.messages[1]?.content ?? '').replace(/^Input \(JSON\):\n/, ''),
    );
    expect(payload.analysis.totals).toEqual({ entries: 7, positive: 3, neutral: 1, negative: 3 });
    expect(payload.analysis.sleep.enough).toBe(true);
    expect(payload.entries.map((e: { id: string }) => e.id)).not.toContain('x-out');
  });

  it('puts the crisis resources first when an entry of the week expresses risk', async () => {
    const risky = {
      ...weeklyInput,
      entries: [
        ...weeklyInput.entries,
        { ...weeklyInput.entries[0]!, id: 'r1', day: '2026-03-07', text: 'Some nights I want to die.' },
      ],
    };
    mock.script({ reply: JSON.stringify(localDocument('weeklyReport', weeklyInput)) });
    const { document } = await docEngine().generate({ kind: 'weeklyReport', input: risky });
    expect(document.sections[0]?.title).toBe('Support Is Available');
    expect(document.sections[0]?.items.map((i) => i.content)).toEqual(
      expect.arrayContaining(crisisResources.lines),
    );
  });
});

describe('OpenAiEngine.generate: clinical documents', () => {
  const docEngine = () => engine({ now: () => new Date('2026-11-25T12:00:00Z') });

  it('grounds a notes summary: range, counts and disclaimer are the app’s, foreign sources go', async () => {
    mock.requests.length = 0;
    const local = localDocument('notesSummary', summaryInput);
    const answer = {
      ...local,
      range: { start: '2020-01-01', end: '2020-01-02' },
      basedOn: { notes: 99, journalEntries: 99, sharedDocuments: 99 },
      disclaimer: 'Diagnosis: GAD.',
      sections: [
        {
          heading: 'Themes',
          points: [
            {
              text: 'Sleep is the main theme.',
              sources: [
                { type: 'note', id: 'n1', label: 'Progress Note' },
                { type: 'note', id: 'invented', label: 'Made up' },
                { type: 'document', id: 'nope', label: 'Made up' },
              ],
            },
          ],
        },
      ],
    };
    mock.script({ reply: JSON.stringify(answer) });
    const { document } = await docEngine().generate({ kind: 'notesSummary', input: summaryInput });
    expect(document.range).toEqual({ start: summaryInput.start, end: summaryInput.end });
    expect(document.basedOn).toEqual({ notes: 3, journalEntries: 6, sharedDocuments: 1 });
    expect(document.disclaimer).toBe(local.disclaimer);
    expect(document.sections[0]!.points[0]!.sources.map((x) => x.id)).toEqual(['n1']);
    const [system, user] = mock.requests[0]!.body.messages;
    expect(system?.content).toMatch(/for a therapist/);
    expect(system?.content).toMatch(/never invent .*diagnos/);
    expect(user?.content).toContain('waking at 3am');
    const format = (
      mock.requests[0]!.body as unknown as { response_format: { json_schema: { name: string } } }
    ).response_format;
    expect(format.json_schema.name).toBe('notesSummary');
  });

  it('keeps a care plan’s diagnosis the provider’s: a code the model writes is dropped', async () => {
    const local = localDocument('carePlan', planInput);
    mock.script({
      reply: JSON.stringify({
        ...local,
        date: '2020-01-01',
        diagnosis: { code: 'F32.9', description: 'Invented' },
      }),
    });
    const { document } = await docEngine().generate({ kind: 'carePlan', input: planInput });
    expect(document.diagnosis.code).toBe('');
    expect(document.date).toBe(planInput.today);
    expect(document.goals.map((g) => g.title)).toEqual(local.goals.map((g) => g.title));
  });
});

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol (JSON and SSE streaming),
 * so the OpenAI-compatible adapter is tested without the internet.
 */
export type MockStep =
  /** Answer with this text (JSON, or SSE in the given chunks when the request streams). */
  | { reply: string; chunks?: string[] }
  /** Answer with an HTTP error; `retryAfterMs` makes the SDK retry at once. */
  | { status: number; retryAfterMs?: number }
  /** Never answer (timeouts). */
  | { hang: true }
  /** Stream the first chunk of the text, then go silent. */
  | { stall: string };

export interface MockRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
  };
}

export interface OpenAiMock {
  /** Base URL to give the adapter, ending in /v1. */
  baseUrl: string;
  requests: MockRequest[];
  /** Steps used one per request, in order; after them, `fallback`. */
  script(...steps: MockStep[]): void;
  close(): Promise<void>;
}

function completion(model: string, text: string) {
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunk(model: string, delta: Record<string, string>, finish: string | null = null) {
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const part of req) data += String(part);
  return data;
}

export async function startOpenAiMock(
  fallback: MockStep = { reply: 'I hear you. What feels most important right now?' },
): Promise<OpenAiMock> {
  const requests: MockRequest[] = [];
  let steps: MockStep[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(raw) as MockRequest['body'];
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    const step = steps.shift() ?? fallback;
    if ('hang' in step) return;
    if ('status' in step) {
      res.writeHead(step.status, {
        'content-type': 'application/json',
        ...(step.retryAfterMs !== undefined ? { 'retry-after-ms': String(step.retryAfterMs) } : {}),
      });
      res.end(JSON.stringify({ error: { message: 'mock failure', type: 'server_error' } }));
      return;
    }
    const text = 'stall' in step ? step.stall : step.reply;
    if (!body.stream) {
      if ('stall' in step) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completion(body.model, text)));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    send(chunk(body.model, { role: 'assistant', content: '' }));
    if ('stall' in step) {
      send(chunk(body.model, { content: words(text)[0] ?? text }));
      return;
    }
    for (const piece of step.chunks ?? words(text)) send(chunk(body.model, { content: piece }));
    send(chunk(body.model, {}, 'stop'));
    res.write('data: [DONE]\n\n');
    res.end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...next) => {
      steps = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

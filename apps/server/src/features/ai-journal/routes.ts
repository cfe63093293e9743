import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { abortOnDisconnect } from '../../platform/disconnect.js';
import { AppError } from '../../platform/errors.js';
import { journalChatSchema } from './schema.js';
import type { AiJournalService, PreparedChat } from './service.js';

const tags = ['ai'];

function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * SSE: `event: chunk` with `{ text }` per piece, then `event: done` with `{ reply, safety }`, or
 * `event: error` with `{ success: false, code, message }` when the engine fails mid-answer. A failure
 * before the first chunk is an ordinary JSON error with its status.
 */
async function sendStream(
  request: FastifyRequest,
  reply: FastifyReply,
  chunks: AsyncIterable<string>,
  chat: PreparedChat,
): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  let next = await iterator.next();
  reply.hijack();
  const raw = reply.raw;
  // hijack() skips Fastify's header handling: carry over what the hooks set (rate-limit headers…).
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const send = (event: string, data: unknown) =>
    raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let text = '';
  try {
    while (!next.done) {
      text += next.value;
      send('chunk', { text: next.value });
      next = await iterator.next();
    }
    send('done', { reply: text.trim(), safety: chat.safety });
  } catch (error) {
    if (chat.request.signal?.aborted) return;
    const failure =
      error instanceof AppError
        ? error
        : new AppError('UNAVAILABLE', 'The assistant is unavailable right now. Please try again.');
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'ai journal stream failed');
    send('error', failure.toBody());
  } finally {
    raw.end();
  }
}

/** POST /api/ai/journal-chat (docs/API-ai.md); reachable as /api/proxy/ai/journal-chat too. */
export function aiJournalRoutes(ctx: AppContext, service: AiJournalService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    app.post(
      '/journal-chat',
      { ...patient, schema: { tags, body: journalChatSchema } },
      async (request, reply) => {
        const me = caller(request);
        await service.throttle(me.sub);
        const chat = await service.prepare(me.sub, request.body, abortOnDisconnect(reply));
        if (wantsStream(request)) return sendStream(request, reply, service.stream(chat), chat);
        const text = await service.complete(chat);
        return { success: true, data: { reply: text, safety: chat.safety } };
      },
    );
  };
}

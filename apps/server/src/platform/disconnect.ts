import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';

/**
 * A signal that aborts the work of a request (an AI answer, a generation) when the client goes away
 * before the answer is complete. It aborts with an AppError, so an abandoned call is answered (to
 * nobody) like any refused one and never logged as a server error.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished)
      controller.abort(new AppError('UNAVAILABLE', 'The request was closed before it finished.'));
  });
  return controller.signal;
}

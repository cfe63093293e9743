import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import type { NotificationsService } from './service.js';
import type { StreamClient } from './stream.js';

/** Heartbeat (a comment line) so proxies keep the connection and the client sees it is alive. */
const HEARTBEAT_MS = 25_000;
/** A stream lives at most this long; the client reconnects with its last id and a fresh token. */
const MAX_LIFE_MS = 30 * 60_000;

function lastEventId(header: unknown, query: number | undefined): number | null {
  const value = typeof header === 'string' ? Number(header) : query;
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * GET /notifications/stream: Server-Sent Events of the caller's notifications (docs/API-notifications.md
 * "The live stream"). Resumes after `Last-Event-ID`; ends when the session ends: at once when the
 * session registry hears of the ending (NotificationStreams.endSessions), else at the heartbeat's check.
 */
export function notificationStreamRoutes(
  ctx: AppContext,
  service: NotificationsService,
): FastifyPluginAsyncZod {
  const anyone = { preValidation: ctx.guards.requireRole('patient', 'provider', 'admin') };
  const query = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });

  return async (app) => {
    app.get(
      '/notifications/stream',
      {
        ...anyone,
        config: { rateLimit: 'default' },
        schema: { tags: ['notifications'], querystring: query },
      },
      async (request, reply) => {
        const claims = caller(request);
        // A stream only for a client that asks for one (EventSource and the web client send this).
        if (!(request.headers.accept ?? '').includes('text/event-stream'))
          return reply.status(406).send({
            success: false,
            code: 'NOT_ACCEPTABLE',
            message: 'This call answers text/event-stream.',
          });
        const resumeFrom = lastEventId(request.headers['last-event-id'], request.query.after);
        const cursor = resumeFrom ?? (await service.repo.lastSeq(claims.sub));
        reply.hijack();
        const raw = reply.raw;
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) raw.setHeader(name, value);
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write('retry: 2000\n\n');
        let ended = false;
        const timers: NodeJS.Timeout[] = [];
        const client: StreamClient = {
          userId: claims.sub,
          sessionId: claims.sid,
          cursor,
          lastUnread: null,
          send(event, data, id) {
            if (ended) return;
            raw.write(
              `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
            );
          },
          end() {
            if (ended) return;
            ended = true;
            for (const timer of timers) clearInterval(timer);
            service.streams.remove(client);
            raw.end();
          },
          recheck() {
            void ctx.sessionRegistry.check(claims).then(
              (alive) => {
                if (!alive) client.end();
              },
              () => client.end(),
            );
          },
        };
        raw.on('close', () => client.end());
        timers.push(
          setInterval(() => {
            void ctx.sessionRegistry.check(claims).then(
              (alive) => {
                if (!alive) client.end();
                else if (!ended) raw.write(': ping\n\n');
              },
              () => client.end(),
            );
          }, HEARTBEAT_MS),
          setTimeout(() => client.end(), MAX_LIFE_MS),
        );
        for (const timer of timers) timer.unref();
        // From here on an ending of the session ends the stream (NotificationStreams.endSessions); one
        // heard while the cursor was read above is already known to the registry.
        service.streams.add(client);
        if (ctx.sessionRegistry.knownEnded(claims)) {
          client.end();
          return;
        }
        service.streams.pump(client);
      },
    );
  };
}

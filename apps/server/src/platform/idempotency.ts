import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import { sha256 } from './crypto.js';
import { AppError, badRequest } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create call: an Idempotency-Key header makes its retries answer the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs (set by the idempotency hook). */
    idempotencyKey: { userId: string; key: string } | null;
  }
}

/** How long a key answers its first answer. */
export const idempotencyWindowMs = 24 * 3_600_000;
/** A first request still unanswered after this long is taken as lost (its process died). */
const abandonedAfterMs = 60_000;
const keyPattern = /^[\x21-\x7E]{1,255}$/;

export const idempotencyMessages = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  mismatch: 'This Idempotency-Key was already used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/** The id of what a create call answered (data.id, data._id, invitation.id or promoCode.id), if any. */
function resourceIdOf(payload: string): string | null {
  try {
    const body = JSON.parse(payload) as Record<string, Record<string, unknown> | undefined>;
    const id = body.data?.id ?? body.data?._id ?? body.invitation?.id ?? body.promoCode?.id;
    return typeof id === 'string' ? id.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * Idempotent creates (decision 049). A route with `config: { idempotent: true }` that receives an
 * Idempotency-Key header: the first request with the key runs and its answer is kept for 24 hours;
 * a retry with the same key and the same request gets that answer again (Idempotency-Replayed:
 * true) without writing twice; the same key with another request is refused (422); a retry while
 * the first still runs gets 409. Keys belong to the caller. Answers of 5xx and 429 are not kept, so
 * the retry runs again.
 */
export class Idempotency {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  register(app: FastifyInstance): void {
    app.decorateRequest('idempotencyKey', null);
    app.addHook('onRoute', (route) => {
      // The key belongs to the caller: the route must know who calls before preHandler runs.
      if (route.config?.idempotent && !route.preValidation)
        throw new Error(`${route.url}: an idempotent route authenticates in preValidation`);
    });
    app.addHook('preHandler', (request, reply) => this.before(request, reply));
    app.addHook('onSend', async (request, reply, payload) => {
      await this.after(request, reply.statusCode, payload);
      return payload;
    });
  }

  private async before(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers['idempotency-key'];
    const userId = request.auth?.sub;
    if (key === undefined || !userId) return;
    if (typeof key !== 'string' || !keyPattern.test(key)) throw badRequest(idempotencyMessages.invalidKey);
    const requestHash = sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
    const now = this.clock.now();
    const claimed = await this.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, status: null, response: null, resourceId: null, createdAt: now },
        setWhere: sql`${idempotencyKeys.createdAt} < ${new Date(now.getTime() - idempotencyWindowMs)}
          or (${idempotencyKeys.status} is null
            and ${idempotencyKeys.createdAt} < ${new Date(now.getTime() - abandonedAfterMs)})`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyKey = { userId, key };
      return;
    }
    const [first] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!first || first.requestHash !== requestHash)
      throw new AppError('IDEMPOTENCY_MISMATCH', idempotencyMessages.mismatch);
    if (first.status === null || first.response === null)
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', idempotencyMessages.inProgress, { retryAfter: 1 });
    reply
      .code(first.status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotency-replayed', 'true');
    await reply.send(first.response);
  }

  private async after(request: FastifyRequest, status: number, payload: unknown): Promise<void> {
    const held = request.idempotencyKey;
    if (!held) return;
    request.idempotencyKey = null;
    const where = and(eq(idempotencyKeys.userId, held.userId), eq(idempotencyKeys.key, held.key));
    if (status >= 500 || status === 429 || typeof payload !== 'string') {
      await this.db.delete(idempotencyKeys).where(where);
      return;
    }
    await this.db
      .update(idempotencyKeys)
      .set({ status, response: payload, resourceId: resourceIdOf(payload) })
      .where(where);
  }

  /** Deletes the kept answers that carry a copy of a resource that was deleted (whoever made it). */
  async forget(resourceId: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(eq(idempotencyKeys.resourceId, resourceId));
  }

  /** Deletes the answers older than the window. */
  async purge(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - idempotencyWindowMs);
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  }
}

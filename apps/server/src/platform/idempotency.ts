import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
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
    idempotencyKey: HeldKey | null;
  }
}

/** A key claimed by the request that runs: `recorded` once its answer was written with its write. */
interface HeldKey {
  userId: string;
  key: string;
  recorded: boolean;
}

/** A step a service runs last in its write's transaction, with what it wrote (decision 104). */
export type InWrite<R> = (tx: Executor, result: R) => Promise<void>;

const where = (held: HeldKey) =>
  and(eq(idempotencyKeys.userId, held.userId), eq(idempotencyKeys.key, held.key));

/** How long a key answers its first answer. */
export const idempotencyWindowMs = 24 * 3_600_000;
/**
 * A first request still unanswered after this long is taken as lost (its process died) and runs
 * again; IDEMPOTENCY_ABANDONED_AFTER_SECONDS shortens it in the crash test.
 */
export const defaultAbandonedAfterMs = 60_000;
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
 *
 * A route whose effect is a database write records its answer in the write's own transaction
 * (`answer(request, reply, status)`, then `record(tx, body)` inside the transaction; decision 104):
 * a process killed at any moment leaves the key either answered with the committed write or
 * unanswered with nothing written, so the run again after `abandonedAfterMs` writes once. Other
 * routes keep their answer when it is sent (the onSend hook), as before.
 */
export class Idempotency {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly abandonedAfterMs = defaultAbandonedAfterMs,
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
            and ${idempotencyKeys.createdAt} < ${new Date(now.getTime() - this.abandonedAfterMs)})`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyKey = { userId, key, recorded: false };
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

  /**
   * The answer of a route that records it with its write (decision 104): call `record(tx, body)`
   * last in the write's transaction, then send `send()`. Without a key it only keeps the body.
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, status: number): RecordedAnswer<T> {
    return new RecordedAnswer<T>(request, reply, status);
  }

  private async after(request: FastifyRequest, status: number, payload: unknown): Promise<void> {
    const held = request.idempotencyKey;
    if (!held) return;
    request.idempotencyKey = null;
    if (held.recorded) {
      // Kept with the write. An error answer after it means the transaction rolled back (the key is
      // still unanswered then): the key is let go so that a retry runs at once.
      if (status >= 400)
        await this.db.delete(idempotencyKeys).where(and(where(held), isNull(idempotencyKeys.status)));
      return;
    }
    if (status >= 500 || status === 429 || typeof payload !== 'string') {
      await this.db.delete(idempotencyKeys).where(where(held));
      return;
    }
    await this.db
      .update(idempotencyKeys)
      .set({ status, response: payload, resourceId: resourceIdOf(payload) })
      .where(where(held));
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

/**
 * An idempotent route's answer, recorded in its write's transaction (decision 104). The key's row
 * is answered only while it is still unanswered: when another run of the same key (one taken for
 * lost after `abandonedAfterMs`) committed first, this one's transaction rolls back and the caller
 * is asked to retry, which then answers the committed answer.
 */
export class RecordedAnswer<T> {
  private body: { value: T } | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly status: number,
  ) {}

  /** In the write's transaction, last: keeps `body` as the key's answer with the write. */
  async record(tx: Executor, body: T): Promise<void> {
    this.body = { value: body };
    const held = this.request.idempotencyKey;
    if (!held) return;
    this.reply.code(this.status);
    // the bytes the route sends: the same serializer, the same status
    const payload = this.reply.serialize(body) as string;
    const answered = await tx
      .update(idempotencyKeys)
      .set({ status: this.status, response: payload, resourceId: resourceIdOf(payload) })
      .where(and(where(held), isNull(idempotencyKeys.status)))
      .returning({ key: idempotencyKeys.key });
    if (answered.length === 0) {
      // another run of this key answered first: this write rolls back, the key is not ours
      this.request.idempotencyKey = null;
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', idempotencyMessages.inProgress, { retryAfter: 1 });
    }
    held.recorded = true;
  }

  /**
   * Sends the recorded body with the answer's status; when the route wrote nothing (nothing was
   * recorded), `otherwise` with the same status, kept by the onSend hook as before.
   */
  send(otherwise?: T): FastifyReply {
    const body = this.body ? this.body.value : otherwise;
    if (body === undefined) throw new Error('RecordedAnswer.send: nothing recorded, nothing else to send');
    return this.reply.code(this.status).send(body);
  }
}

import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions, users, type SessionEndReason } from '../../db/schema/index.js';
import { bearer } from '../../platform/auth.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { unauthenticated } from '../../platform/errors.js';
import { securityAlert } from '../notifications/index.js';

export const REFRESH_COOKIE = 'ml_refresh';
/** A token rotated this recently may be presented again (two tabs refreshing at once). */
const ROTATION_GRACE_MS = 15_000;
const sessionEnded = 'Your session has ended. Please log in again.';

type UserRow = typeof users.$inferSelect;

function prepareRefreshLookup(db: Db) {
  return db
    .select({ token: refreshTokens, user: users, session: sessions })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('refresh_token_by_hash');
}

/** Every refresh reads its token, user and session in one statement, planned once per database. */
const refreshLookup = new WeakMap<Db, ReturnType<typeof prepareRefreshLookup>>();

/**
 * Sessions (one per login, `sessions`) and their refresh tokens: random, stored hashed, rotated on
 * use, in a family named by the session. Ending a session refuses its access tokens at once
 * (platform/sessions/registry.ts).
 */
export class Sessions {
  constructor(private readonly ctx: AppContext) {}

  /** Set and cleared with the same attributes, so that the browser clears the cookie it holds. */
  private cookieOptions() {
    return {
      httpOnly: true,
      secure: this.ctx.config.secureCookies,
      sameSite: 'strict' as const,
      path: '/api',
    };
  }

  private setCookie(reply: FastifyReply, token: string, expires: Date): void {
    reply.setCookie(REFRESH_COOKIE, token, { ...this.cookieOptions(), expires });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  /** 12 hours for providers and admins (they reach other people's records), 24 for clients. */
  private lifetimeMs(role: Role): number {
    const hours = this.ctx.config.sessionAbsoluteHours;
    return (role === 'patient' ? hours.client : hours.staff) * 3_600_000;
  }

  /** A refresh token of the session; its cookie never outlives the session. */
  private async insert(
    userId: string,
    sessionId: string,
    sessionEnd: Date,
  ): Promise<{ token: string; expires: Date }> {
    const token = randomToken();
    const ttlEnd = this.ctx.clock.now().getTime() + this.ctx.config.refreshTokenTtlDays * 86_400_000;
    const expires = new Date(Math.min(ttlEnd, sessionEnd.getTime()));
    await this.ctx.db
      .insert(refreshTokens)
      .values({ userId, familyId: sessionId, tokenHash: sha256(token), expiresAt: expires });
    return { token, expires };
  }

  /** Starts a session: its row, a new token family, the cookie, and an access token. */
  async start(reply: FastifyReply, user: UserRow): Promise<string> {
    const id = randomUUID();
    const end = new Date(this.ctx.clock.now().getTime() + this.lifetimeMs(user.role));
    const deviceKey = sha256(`device:${reply.request.headers['user-agent'] ?? ''}`);
    const [seen] = await this.ctx.db
      .select({
        same: sql<number>`count(*) filter (where ${sessions.deviceKey} = ${deviceKey})`.mapWith(Number),
        known: sql<number>`count(*) filter (where ${sessions.deviceKey} is not null)`.mapWith(Number),
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    await this.ctx.sessionRegistry.create({ id, userId: user.id, absoluteExpiresAt: end, deviceKey });
    // A sign-in from a browser never seen for this account is told (not the very first sign-in,
    // nor the first since devices were recorded).
    if (seen && seen.known > 0 && seen.same === 0) await securityAlert(this.ctx, user.id, 'new_device_login');
    const { token, expires } = await this.insert(user.id, id, end);
    this.setCookie(reply, token, expires);
    return this.ctx.tokens.signAccess({ sub: user.id, role: user.role, sid: id }, end);
  }

  private async refuse(reply: FastifyReply, sessionId?: string, reason?: SessionEndReason): Promise<never> {
    if (sessionId && reason) await this.ctx.sessionRegistry.end([sessionId], reason);
    this.clearCookie(reply);
    throw unauthenticated(sessionEnded);
  }

  /**
   * Rotates the presented refresh token. Refused when the session has ended, has been idle past the
   * limit or reached its absolute lifetime; reuse of a rotated token ends the session.
   */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ user: UserRow; accessToken: string }> {
    const { db, clock, audit, sessionRegistry } = this.ctx;
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented || presented.length > 200) throw unauthenticated(sessionEnded);
    const now = clock.now();
    let lookup = refreshLookup.get(db);
    if (!lookup) {
      lookup = prepareRefreshLookup(db);
      refreshLookup.set(db, lookup);
    }
    const [row] = await lookup.execute({ hash: sha256(presented) });
    if (!row) throw unauthenticated(sessionEnded);
    const { token, user, session } = row;
    if (session.endedAt) return this.refuse(reply);
    const recentlyRotated = token.rotatedAt && now.getTime() - token.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (token.revokedAt && !recentlyRotated) {
      if (!token.rotatedAt) return this.refuse(reply);
      await audit.record(
        { action: 'TOKEN_REUSE_DETECTED', actorId: user.id, actorRole: user.role, resourceType: 'session' },
        request,
      );
      return this.refuse(reply, session.id, 'token_reuse');
    }
    if (!user.activated || !user.approved) {
      // The account is no longer active: every session of it ends, on every instance, with whatever
      // it holds open (the live streams), not only the one that asked.
      await sessionRegistry.endAllOf(user.id, 'access_withdrawn');
      return this.refuse(reply);
    }
    const expired = sessionRegistry.expiry(session);
    if (expired) return this.refuse(reply, session.id, expired);
    if (token.expiresAt.getTime() <= now.getTime()) return this.refuse(reply);
    if (!token.rotatedAt) {
      const rotated = await db
        .update(refreshTokens)
        .set({ revokedAt: now, rotatedAt: now })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (rotated.length === 0) throw unauthenticated(sessionEnded);
    }
    await sessionRegistry.recordActivity(session.id, session.lastSeenAt);
    const next = await this.insert(user.id, session.id, session.absoluteExpiresAt);
    this.setCookie(reply, next.token, next.expires);
    const accessToken = await this.ctx.tokens.signAccess(
      { sub: user.id, role: user.role, sid: session.id },
      session.absoluteExpiresAt,
    );
    return { user, accessToken };
  }

  /**
   * Logout: ends the session of the presented cookie and the one named by the bearer token (the web
   * app sends both; either alone is enough).
   */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const presented = request.cookies[REFRESH_COOKIE];
    this.clearCookie(reply);
    const ids = new Set<string>();
    let userId: string | null = null;
    const token = bearer(request);
    const claims = token ? await this.ctx.tokens.verifyAccess(token) : null;
    if (claims) {
      ids.add(claims.sid);
      userId = claims.sub;
    }
    if (presented && presented.length <= 200) {
      const [row] = await this.ctx.db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(presented)))
        .limit(1);
      if (row) {
        ids.add(row.familyId);
        userId ??= row.userId;
      }
    }
    if (ids.size > 0) await this.ctx.sessionRegistry.end([...ids], 'logout');
    return userId;
  }

  /** Signs the user out everywhere (password change or reset). */
  async revokeAll(userId: string, reason: SessionEndReason): Promise<void> {
    await this.ctx.sessionRegistry.endAllOf(userId, reason);
  }
}

import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { unauthenticated } from '../../platform/errors.js';

export const REFRESH_COOKIE = 'ml_refresh';
/** A token rotated this recently may be presented again (two tabs refreshing at once). */
const ROTATION_GRACE_MS = 15_000;

type UserRow = typeof users.$inferSelect;

/** Refresh tokens: random, stored hashed, rotated on use, revoked on logout and on reuse. */
export class Sessions {
  constructor(private readonly ctx: AppContext) {}

  private setCookie(reply: FastifyReply, token: string, expires: Date): void {
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      secure: this.ctx.config.secureCookies,
      sameSite: 'strict',
      path: '/api',
      expires,
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
  }

  private async insert(userId: string, familyId: string): Promise<{ token: string; expires: Date }> {
    const token = randomToken();
    const expires = new Date(
      this.ctx.clock.now().getTime() + this.ctx.config.refreshTokenTtlDays * 86_400_000,
    );
    await this.ctx.db
      .insert(refreshTokens)
      .values({ userId, familyId, tokenHash: sha256(token), expiresAt: expires });
    return { token, expires };
  }

  /** Starts a session: a new token family, the cookie, and an access token. */
  async start(reply: FastifyReply, user: UserRow): Promise<string> {
    const { token, expires } = await this.insert(user.id, randomUUID());
    this.setCookie(reply, token, expires);
    return this.ctx.tokens.signAccess({ sub: user.id, role: user.role });
  }

  /** Rotates the presented refresh token; reuse of a rotated token revokes the whole family. */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ user: UserRow; accessToken: string }> {
    const { db, clock, audit } = this.ctx;
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented || presented.length > 200)
      throw unauthenticated('Your session has ended. Please log in again.');
    const now = clock.now();
    const [row] = await db
      .select({ token: refreshTokens, user: users })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    if (!row) throw unauthenticated('Your session has ended. Please log in again.');
    const { token, user } = row;
    const recentlyRotated = token.rotatedAt && now.getTime() - token.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (token.revokedAt && !recentlyRotated) {
      if (token.rotatedAt) {
        await db
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, token.familyId), isNull(refreshTokens.revokedAt)));
        await audit.record(
          { action: 'TOKEN_REUSE_DETECTED', actorId: user.id, actorRole: user.role, resourceType: 'session' },
          request,
        );
      }
      this.clearCookie(reply);
      throw unauthenticated('Your session has ended. Please log in again.');
    }
    if (token.expiresAt.getTime() <= now.getTime() || !user.activated || !user.approved) {
      this.clearCookie(reply);
      throw unauthenticated('Your session has ended. Please log in again.');
    }
    if (!token.rotatedAt) {
      const rotated = await db
        .update(refreshTokens)
        .set({ revokedAt: now, rotatedAt: now })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (rotated.length === 0) throw unauthenticated('Your session has ended. Please log in again.');
    }
    const next = await this.insert(user.id, token.familyId);
    this.setCookie(reply, next.token, next.expires);
    return { user, accessToken: await this.ctx.tokens.signAccess({ sub: user.id, role: user.role }) };
  }

  /** Ends the session of the presented cookie (its whole family). */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const presented = request.cookies[REFRESH_COOKIE];
    this.clearCookie(reply);
    if (!presented || presented.length > 200) return null;
    const [row] = await this.ctx.db
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    if (!row) return null;
    await this.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: this.ctx.clock.now() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    return row.userId;
  }

  /** Signs the user out everywhere (password change, reset, account deletion). */
  async revokeAll(userId: string): Promise<void> {
    await this.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: this.ctx.clock.now() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}

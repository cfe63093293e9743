import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { verificationCodes } from '../../db/schema/index.js';
import { hmac, safeEqual, sixDigitCode } from '../../platform/crypto.js';
import { badRequest } from '../../platform/errors.js';
import type { CodePurpose as Purpose } from '../../platform/tokens.js';

export const codeMessages = {
  invalidToken: 'This code is no longer valid. Request a new code.',
  used: 'This code has already been used. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  tooManyAttempts: 'Too many wrong codes. Request a new code.',
  wrong: 'Invalid code. Please check the code and try again.',
} as const;

const MAX_ATTEMPTS = 5;

/** One-time 6-digit codes sent by email: stored as an HMAC, expiring, single-use, attempt-limited. */
export class Codes {
  constructor(private readonly ctx: AppContext) {}

  private ttlSeconds(): number {
    return this.ctx.config.codeTtlMinutes * 60;
  }

  private digest(codeId: string, code: string): string {
    return hmac(this.ctx.config.jwtSecret, `${codeId}:${code}`);
  }

  /** A new code for the user and purpose; earlier unused codes of the same purpose stop working. */
  async issue(
    userId: string,
    purpose: Purpose,
    extra: { newEmail?: string; method?: 'email' } = {},
  ): Promise<{ code: string; token: string }> {
    const { db, clock, tokens } = this.ctx;
    const code = sixDigitCode();
    const id = randomUUID();
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        id,
        userId,
        purpose,
        codeHash: this.digest(id, code),
        newEmail: extra.newEmail ?? null,
        expiresAt: new Date(now.getTime() + this.ttlSeconds() * 1000),
      });
    });
    const claims = { sub: userId, purpose, cid: id, ...(extra.method ? { m: extra.method } : {}) };
    const token = await tokens.signPurpose(claims, this.ttlSeconds() + 60);
    return { code, token };
  }

  /** The address of the user's latest email change (started with the password), if any. */
  async pendingNewEmail(userId: string): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ newEmail: verificationCodes.newEmail })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'email_change')))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row?.newEmail ?? null;
  }

  /** A token that looks like a real one but matches no code (answers that must not leak accounts). */
  decoy(purpose: Purpose): Promise<string> {
    return this.ctx.tokens.signPurpose({ sub: randomUUID(), purpose, cid: randomUUID() }, this.ttlSeconds());
  }

  /** Checks the code against the token and consumes it; answers the code's row. */
  async consume(token: string, purpose: Purpose, code: string) {
    const { db, clock, tokens } = this.ctx;
    const claims = await tokens.verifyPurpose(token, purpose);
    if (!claims?.cid) throw badRequest(codeMessages.invalidToken);
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.id, claims.cid), eq(verificationCodes.userId, claims.sub)))
      .limit(1);
    if (!row || row.purpose !== purpose) throw badRequest(codeMessages.invalidToken);
    if (row.consumedAt) throw badRequest(codeMessages.used);
    if (row.expiresAt.getTime() <= clock.now().getTime()) throw badRequest(codeMessages.expired);
    if (row.attempts >= MAX_ATTEMPTS) throw badRequest(codeMessages.tooManyAttempts);
    if (!safeEqual(row.codeHash, this.digest(row.id, code))) {
      await db
        .update(verificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      throw badRequest(row.attempts + 1 >= MAX_ATTEMPTS ? codeMessages.tooManyAttempts : codeMessages.wrong);
    }
    const consumed = await db
      .update(verificationCodes)
      .set({ consumedAt: clock.now() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (consumed.length === 0) throw badRequest(codeMessages.used);
    return row;
  }
}

import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CounterStore } from './counter-store.js';

const ALGORITHM = 'SHA-256';
const TTL_MS = 10 * 60_000;

/** What a solved challenge is presented for: a promo question (validate-promo) or a redemption. */
export type CaptchaUse = 'check' | 'redeem';

/**
 * The captcha of the plan modal's promo entry (Part 2 §4, §5): a self-hosted proof of work (ALTCHA,
 * decision 078), no third party. A challenge is signed with a key derived from the server secret and
 * the id of the user who asked for it, so a challenge solved by one user is refused for any other;
 * it lives 10 minutes. A solved challenge answers one promo code once: its first use spends it (its
 * nonce is remembered in the counter store, shared by the instances when Redis is configured) and
 * binds it to that code; afterwards it is accepted only to redeem that same code (the checkout or
 * upgrade that follows validate-promo), never for another question. Its expiry is wall time (the
 * library checks it so), not the injectable clock.
 */
export class Captcha {
  private readonly secret: string;

  constructor(
    serverSecret: string,
    private readonly store: CounterStore,
    /** The work asked for (counter range); tests keep it small. */
    private readonly maxNumber = 50_000,
  ) {
    this.secret = createHmac('sha256', serverSecret).update('captcha').digest('base64url');
  }

  /** The signing key of one user's challenges. */
  private keyOf(userId: string): string {
    return createHmac('sha256', this.secret).update(`user:${userId}`).digest('base64url');
  }

  challenge(userId: string): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(Math.floor(this.maxNumber / 10), this.maxNumber),
      deriveKey,
      expiresAt: new Date(Date.now() + TTL_MS),
      hmacSignatureSecret: this.keyOf(userId),
    });
  }

  /**
   * Whether `token` (the widget's base64 payload) solves a live challenge this user asked for, and
   * may answer for `code` (normalised): unused, or (to redeem) already used for that same code.
   */
  async verify(
    token: string | null | undefined,
    userId: string,
    code: string,
    use: CaptchaUse,
  ): Promise<boolean> {
    const nonce = await this.solved(token, userId);
    if (nonce === null) return false;
    const bound = `captcha-code:${nonce}:${createHash('sha256').update(code).digest('base64url')}`;
    if (use === 'redeem' && (await this.store.flagged(bound)) > 0) return true;
    const { count } = await this.store.hit(`captcha:${nonce}`, TTL_MS);
    if (count !== 1) return false;
    await this.store.flag(bound, TTL_MS);
    return true;
  }

  /** The nonce of a live challenge signed for this user and solved, or null. */
  private async solved(token: string | null | undefined, userId: string): Promise<string | null> {
    if (!token) return null;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    } catch {
      return null;
    }
    if (!payload || typeof payload !== 'object' || !payload.challenge?.parameters || !payload.solution)
      return null;
    const { expiresAt, nonce } = payload.challenge.parameters;
    if (typeof expiresAt !== 'number' || expiresAt * 1000 < Date.now()) return null;
    if (typeof nonce !== 'string' || nonce === '') return null;
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.keyOf(userId),
    }).then(
      (result) => result.verified,
      () => false,
    );
    return verified ? nonce : null;
  }
}

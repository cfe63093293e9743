import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CounterStore } from './counter-store.js';

const ALGORITHM = 'SHA-256';
const TTL_MS = 10 * 60_000;

/**
 * The captcha of the plan modal's promo entry (Part 2 §4, §5): a self-hosted proof of work (ALTCHA,
 * decision 078), no third party. A challenge is signed with a key derived from the server secret and
 * lives 10 minutes; a solved challenge is accepted once (its nonce is remembered in the counter
 * store, shared by the instances when Redis is configured). Its expiry is wall time (the library
 * checks it so), not the injectable clock.
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

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(Math.floor(this.maxNumber / 10), this.maxNumber),
      deriveKey,
      expiresAt: new Date(Date.now() + TTL_MS),
      hmacSignatureSecret: this.secret,
    });
  }

  /** Whether `token` (the widget's base64 payload) solves a live challenge of ours not used before. */
  async verify(token: string): Promise<boolean> {
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    } catch {
      return false;
    }
    if (!payload || typeof payload !== 'object' || !payload.challenge?.parameters || !payload.solution)
      return false;
    const expiresAt = payload.challenge.parameters.expiresAt;
    if (typeof expiresAt !== 'number' || expiresAt * 1000 < Date.now()) return false;
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
    }).then(
      (result) => result.verified,
      () => false,
    );
    if (!verified) return false;
    const { count } = await this.store.hit(`captcha:${payload.challenge.parameters.nonce}`, TTL_MS);
    return count === 1;
  }
}

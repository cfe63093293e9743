import type { AppContext } from '../../context.js';
import { tooManyRequests, type AppError } from '../../platform/errors.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What a login attempt faces before its password is checked. */
export interface LoginGate {
  /**
   * The account is past its hourly cap of failures (from any addresses): every password, right or
   * wrong, answers with a code step, so guessing learns nothing and the owner still gets in.
   */
  capped: boolean;
  /** The address is past its hourly failures across accounts: a right password needs the emailed code. */
  suspect: boolean;
}

/**
 * Failed logins, counted so that nobody can lock another person out (NIST SP 800-63B §5.2.2):
 * - per account and address pair: after `loginFailuresPerPair` failures that pair pauses 1, 2, 4 …
 *   minutes (capped), refusing every attempt of the pair, right or wrong, before the password check;
 * - per address across accounts (credential stuffing): past `loginFailuresPerIp` an hour, wrong
 *   passwords answer 429 with the same growing pauses, right ones are completed with an emailed code;
 * - per account from anywhere: past `loginFailuresPerAccountHour`, every attempt answers a code step.
 * No counter ever refuses a right password from another address, or a right password plus its code.
 */
export class LoginThrottle {
  constructor(private readonly ctx: AppContext) {}

  private get limits() {
    return this.ctx.config.rateLimits;
  }

  /** The n-th pause past a threshold (n ≥ 1): 1, 2, 4 … minutes, capped. */
  private pauseMs(excess: number): number {
    const cap = this.limits.loginDelayCapMinutes * MINUTE;
    return Math.min(cap, 2 ** Math.min(excess - 1, 30) * MINUTE);
  }

  refusal(ms: number): AppError {
    const minutes = Math.max(1, Math.ceil(ms / MINUTE));
    return tooManyRequests(
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { blocked: true, retryAfter: Math.ceil(ms / 1000) },
    );
  }

  /** Throws 429 while the pair is paused; answers what the attempt faces otherwise. */
  async check(email: string, ip: string): Promise<LoginGate> {
    const { store } = this.ctx;
    const [paused, address, account] = await Promise.all([
      store.flagged(`login:pair-pause:${email}|${ip}`),
      store.count(`login:ip:${ip}`),
      store.count(`login:acct:${email}`),
    ]);
    if (paused > 0) throw this.refusal(paused);
    return {
      capped: account >= this.limits.loginFailuresPerAccountHour,
      suspect: address >= this.limits.loginFailuresPerIp,
    };
  }

  /** Counts a failure; answers the pause the address's wrong passwords now get (0: none). */
  async fail(email: string, ip: string): Promise<number> {
    const { store } = this.ctx;
    const [pair, address] = await Promise.all([
      store.hit(`login:pair:${email}|${ip}`, DAY),
      store.hit(`login:ip:${ip}`, HOUR),
      store.hit(`login:acct:${email}`, HOUR),
    ]);
    const pairExcess = pair.count - this.limits.loginFailuresPerPair + 1;
    if (pairExcess > 0) await store.flag(`login:pair-pause:${email}|${ip}`, this.pauseMs(pairExcess));
    const addressExcess = address.count - this.limits.loginFailuresPerIp;
    return addressExcess > 0 ? this.pauseMs(addressExcess) : 0;
  }

  /**
   * A right password clears its pair only: the account's hourly count stays, or each success would
   * hand a distributed guesser a fresh allowance.
   */
  async succeed(email: string, ip: string): Promise<void> {
    await this.ctx.store.reset(`login:pair:${email}|${ip}`);
  }

  /** A new password makes the guesses against the old one moot. */
  async passwordChanged(email: string): Promise<void> {
    await this.ctx.store.reset(`login:acct:${email}`);
  }
}

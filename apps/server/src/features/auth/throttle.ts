import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../platform/errors.js';

/** Failed logins are counted per account and per client address; past the limit both are locked. */
export class LoginThrottle {
  constructor(private readonly ctx: AppContext) {}

  private get windowMs(): number {
    return this.ctx.config.rateLimits.loginLockMinutes * 60_000;
  }

  private refuse(ms: number): never {
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    throw tooManyRequests(
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { blocked: true, retryAfter: Math.ceil(ms / 1000) },
    );
  }

  async check(email: string, ip: string): Promise<void> {
    const { store } = this.ctx;
    const [account, client] = await Promise.all([
      store.flagged(`lock:acct:${email}`),
      store.flagged(`lock:ip:${ip}`),
    ]);
    const ms = Math.max(account, client);
    if (ms > 0) this.refuse(ms);
  }

  /** Counts a failure; answers true when this failure locked the account or the address. */
  async fail(email: string, ip: string): Promise<void> {
    const { store, config } = this.ctx;
    const [account, client] = await Promise.all([
      store.hit(`fail:acct:${email}`, this.windowMs),
      store.hit(`fail:ip:${ip}`, this.windowMs),
    ]);
    if (account.count >= config.rateLimits.loginFailuresPerAccount)
      await store.flag(`lock:acct:${email}`, this.windowMs);
    if (client.count >= config.rateLimits.loginFailuresPerIp)
      await store.flag(`lock:ip:${ip}`, this.windowMs);
  }

  async succeed(email: string): Promise<void> {
    await this.ctx.store.reset(`fail:acct:${email}`);
  }
}

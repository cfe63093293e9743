import { afterEach, describe, expect, it } from 'vitest';
import { makeJwt } from '../test/helpers';
import { ACCESS_TOKEN_KEY, isTokenValid, tokenExpiryMs, tokenStore } from './token';

describe('access token', () => {
  afterEach(() => {
    tokenStore.clear();
    tokenStore.reload();
  });

  it('reads the expiry from the JWT payload', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(tokenExpiryMs(makeJwt(600, now))).toBe(Math.floor(now / 1000) * 1000 + 600_000);
    expect(tokenExpiryMs('not-a-jwt')).toBeNull();
    expect(tokenExpiryMs('a.%%%.c')).toBeNull();
  });

  it('treats an expired, undecodable or missing token as absent', () => {
    const now = Date.now();
    expect(isTokenValid(makeJwt(600, now), now)).toBe(true);
    expect(isTokenValid(makeJwt(-1, now), now)).toBe(false);
    expect(isTokenValid('garbage', now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });

  it('keeps the token in memory and sessionStorage, and hands out only a valid one', () => {
    const valid = makeJwt(600);
    tokenStore.set(valid);
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(valid);
    tokenStore.reload();
    expect(tokenStore.valid()).toBe(valid);

    const expired = makeJwt(-60);
    tokenStore.set(expired);
    expect(tokenStore.raw()).toBe(expired);
    expect(tokenStore.valid()).toBeNull();

    tokenStore.clear();
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.js';
import { Tokens } from './tokens.js';

const secret = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const userId = '3f0c2a8e-5a3b-4f3e-9a41-0c6f2a1b7d11';
const sid = '9d7c1e52-2f7a-4b7e-8c1d-5e3f0a9b2c44';

class FakeClock implements Clock {
  constructor(private ms = Date.UTC(2025, 0, 6, 9, 0, 0)) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token signed with the right key but with claims of our choosing. */
function forge(payload: Record<string, unknown>, key = secret, header = { alg: 'HS256', typ: 'JWT' }) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

function setup(ttl = 900) {
  const clock = new FakeClock();
  return { clock, tokens: new Tokens(secret, ttl, clock) };
}

describe('access tokens', () => {
  it('verify to the claims they were signed with', async () => {
    const { tokens } = setup();
    for (const role of ['patient', 'provider', 'admin'] as const) {
      const token = await tokens.signAccess({ sub: userId, role, sid });
      expect(await tokens.verifyAccess(token)).toEqual({ sub: userId, role, sid });
    }
  });

  it('never outlive the end they are given (the session’s absolute lifetime)', async () => {
    const { tokens, clock } = setup(900);
    const end = new Date(clock.now().getTime() + 300_000);
    const token = await tokens.signAccess({ sub: userId, role: 'patient', sid }, end);
    clock.advance(299_000);
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    clock.advance(1_000);
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('expire after the configured time, following the clock', async () => {
    const { tokens, clock } = setup(900);
    const token = await tokens.signAccess({ sub: userId, role: 'patient', sid });
    clock.advance(899_000);
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    clock.advance(1_000);
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('are refused under another secret', async () => {
    const { tokens, clock } = setup();
    const token = await tokens.signAccess({ sub: userId, role: 'admin', sid });
    const other = new Tokens('another-secret-that-is-long-enough-0123456789', 900, clock);
    expect(await other.verifyAccess(token)).toBeNull();
  });

  it('are refused when the payload or the signature is altered', async () => {
    const { tokens } = setup();
    const token = await tokens.signAccess({ sub: userId, role: 'patient', sid });
    const [header, body, signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const elevated = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    expect(await tokens.verifyAccess(elevated)).toBeNull();
    // Change a character well inside the signature (the last one may only carry padding bits).
    const middle = 10;
    const flipped = signature[middle] === 'A' ? 'B' : 'A';
    const badSignature = `${header}.${body}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
    expect(await tokens.verifyAccess(badSignature)).toBeNull();
    expect(await tokens.verifyAccess(`${header}.${body}.`)).toBeNull();
  });

  it('refuse the "none" algorithm and garbage', async () => {
    const { tokens, clock } = setup();
    const now = Math.floor(clock.now().getTime() / 1000);
    const payload = { typ: 'access', role: 'admin', sub: userId, iss: 'mindledger', iat: now, exp: now + 60 };
    expect(await tokens.verifyAccess(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).toBeNull();
    for (const garbage of ['', 'abc', 'a.b.c', 'a.b.c.d', '...']) {
      expect(await tokens.verifyAccess(garbage), garbage).toBeNull();
    }
  });

  it('check issuer, type, role, subject and expiry even when correctly signed', async () => {
    const { tokens, clock } = setup();
    const now = Math.floor(clock.now().getTime() / 1000);
    const good = {
      typ: 'access',
      role: 'patient',
      sub: userId,
      sid,
      iss: 'mindledger',
      iat: now,
      exp: now + 60,
    };
    expect(await tokens.verifyAccess(forge(good))).toEqual({ sub: userId, role: 'patient', sid });
    // A token without a session id (issued before sessions existed) is refused.
    expect(await tokens.verifyAccess(forge({ ...good, sid: undefined }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, sid: 42 }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, iss: 'someone-else' }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, typ: 'purpose' }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, role: 'superuser' }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, sub: undefined }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, exp: undefined }))).toBeNull();
    expect(await tokens.verifyAccess(forge({ ...good, exp: now - 1 }))).toBeNull();
    expect(await tokens.verifyAccess(forge(good, 'wrong-key-wrong-key-wrong-key-wrong-key'))).toBeNull();
  });
});

describe('purpose tokens', () => {
  it('carry their claims and a unique id', async () => {
    const { tokens } = setup();
    const codeId = '8d7c1c66-5ab8-4c39-9f55-1bc1e3f0a9aa';
    const one = await tokens.signPurpose(
      { sub: userId, purpose: 'two_factor', cid: codeId, m: 'email' },
      600,
    );
    const two = await tokens.signPurpose(
      { sub: userId, purpose: 'two_factor', cid: codeId, m: 'email' },
      600,
    );
    const claims = await tokens.verifyPurpose(one, 'two_factor');
    expect(claims).toMatchObject({ sub: userId, purpose: 'two_factor', cid: codeId, m: 'email' });
    expect(claims?.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((await tokens.verifyPurpose(two, 'two_factor'))?.jti).not.toBe(claims?.jti);
  });

  it('are bound to their purpose', async () => {
    const { tokens } = setup();
    const token = await tokens.signPurpose({ sub: userId, purpose: 'activation' }, 600);
    expect(await tokens.verifyPurpose(token, 'activation')).toMatchObject({ sub: userId });
    expect(await tokens.verifyPurpose(token, 'password_reset')).toBeNull();
    expect(await tokens.verifyPurpose(token, 'email_change')).toBeNull();
    expect(await tokens.verifyPurpose(token, 'two_factor')).toBeNull();
  });

  it('are not access tokens, nor the other way round', async () => {
    const { tokens } = setup();
    const purpose = await tokens.signPurpose({ sub: userId, purpose: 'activation' }, 600);
    const access = await tokens.signAccess({ sub: userId, role: 'patient', sid });
    expect(await tokens.verifyAccess(purpose)).toBeNull();
    expect(await tokens.verifyPurpose(access, 'activation')).toBeNull();
  });

  it('expire after their own time to live', async () => {
    const { tokens, clock } = setup(900);
    const token = await tokens.signPurpose({ sub: userId, purpose: 'password_reset' }, 60);
    clock.advance(59_000);
    expect(await tokens.verifyPurpose(token, 'password_reset')).not.toBeNull();
    clock.advance(1_000);
    expect(await tokens.verifyPurpose(token, 'password_reset')).toBeNull();
  });
});

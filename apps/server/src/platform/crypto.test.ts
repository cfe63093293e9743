import { describe, expect, it } from 'vitest';
import { hmac, randomToken, safeEqual, seal, sha256, sixDigitCode, unseal } from './crypto.js';

const secret = 'server-secret-0123456789-0123456789';

describe('seal / unseal', () => {
  it('round-trips a value', () => {
    const sealed = seal(secret, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(secret, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(secret, seal(secret, ''))).toBe('');
    expect(unseal(secret, seal(secret, 'ünïcødé ✓'))).toBe('ünïcødé ✓');
  });

  it('uses a fresh IV each time', () => {
    expect(seal(secret, 'same')).not.toBe(seal(secret, 'same'));
  });

  it('refuses another secret', () => {
    expect(() => unseal('another-secret-0123456789-0123456789', seal(secret, 'value'))).toThrow();
  });

  it('detects tampering with the IV, the tag or the body', () => {
    const sealed = seal(secret, 'a secret value');
    const parts = sealed.split('.');
    expect(parts).toHaveLength(3);
    for (let i = 0; i < 3; i += 1) {
      const bytes = Buffer.from(parts[i] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 0x01;
      const tampered = parts.map((p, j) => (j === i ? bytes.toString('base64url') : p)).join('.');
      expect(() => unseal(secret, tampered), `part ${i}`).toThrow();
    }
  });

  it('refuses malformed values', () => {
    expect(() => unseal(secret, 'nonsense')).toThrow();
    expect(() => unseal(secret, 'a.b')).toThrow();
    expect(() => unseal(secret, '')).toThrow();
  });
});

describe('hashes and random values', () => {
  it('sha256 and hmac are deterministic and keyed', () => {
    expect(sha256('x')).toBe(sha256('x'));
    expect(sha256('x')).not.toBe(sha256('y'));
    expect(hmac('k1', 'x')).toBe(hmac('k1', 'x'));
    expect(hmac('k1', 'x')).not.toBe(hmac('k2', 'x'));
  });

  it('safeEqual compares exactly', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it('draws six-digit codes and distinct tokens', () => {
    for (let i = 0; i < 200; i += 1) expect(sixDigitCode()).toMatch(/^\d{6}$/);
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(token);
  });
});

import { describe, expect, it } from 'vitest';
import { returnPath, withMobileFlag } from './links';

describe('returnPath', () => {
  it('returns to an internal page the visitor was headed for', () => {
    expect(returnPath({ from: '/user/reactivation-consent?token=abc' })).toBe(
      '/user/reactivation-consent?token=abc',
    );
  });

  it('refuses other sites, auth pages and junk', () => {
    expect(returnPath({ from: '//evil.example/x' })).toBeNull();
    expect(returnPath({ from: 'https://evil.example/' })).toBeNull();
    expect(returnPath({ from: '/auth/login' })).toBeNull();
    expect(returnPath({ from: 42 })).toBeNull();
    expect(returnPath(null)).toBeNull();
  });
});

describe('withMobileFlag', () => {
  it('keeps ?m=1 on links', () => {
    expect(withMobileFlag('/auth/register', true)).toBe('/auth/register?m=1');
    expect(withMobileFlag('/auth/register?role=provider', true)).toBe('/auth/register?role=provider&m=1');
    expect(withMobileFlag('/auth/register', false)).toBe('/auth/register');
  });
});

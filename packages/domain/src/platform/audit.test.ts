import { describe, expect, it } from 'vitest';
import {
  auditActions,
  auditBatchSchema,
  criticalAuditActions,
  cutAuditMetadata,
  isCriticalAuditAction,
} from './audit.js';

describe('isCriticalAuditAction (Part 2 §7 Audit logging)', () => {
  it('lists exactly the seven critical actions of the spec', () => {
    expect([...criticalAuditActions].sort()).toEqual(
      [
        'ACCESS_PHI',
        'EXPORT_DATA',
        'MODIFY_PATIENT_DATA',
        'SHARE_DASHBOARD',
        'REVOKE_ACCESS',
        'AUTHENTICATION_FAILURE',
        'AUTHORIZATION_FAILURE',
      ].sort(),
    );
    for (const action of criticalAuditActions) expect(isCriticalAuditAction(action)).toBe(true);
  });

  it('is false for ordinary and unknown actions', () => {
    for (const action of ['LOGIN', 'LOGOUT', 'VIEW_PAGE', 'USER_APPROVED', 'access_phi', '', 'NOPE']) {
      expect(isCriticalAuditAction(action), action).toBe(false);
    }
  });

  it('every critical action is also a known action', () => {
    for (const action of criticalAuditActions) expect(auditActions).toContain(action);
  });
});

describe('cutAuditMetadata', () => {
  it('cuts string values at 100 characters', () => {
    const out = cutAuditMetadata({ long: 'x'.repeat(250), exact: 'y'.repeat(100), short: 'ok' });
    expect(out.long).toBe('x'.repeat(100));
    expect(out.exact).toBe('y'.repeat(100));
    expect(out.short).toBe('ok');
  });

  it('keeps numbers, booleans and null, and serialises objects (then cuts them)', () => {
    const out = cutAuditMetadata({
      n: 42,
      b: false,
      nil: null,
      obj: { a: 1 },
      big: { text: 'z'.repeat(300) },
      undef: undefined,
    });
    expect(out).toMatchObject({ n: 42, b: false, nil: null, obj: '{"a":1}', undef: 'null' });
    expect(String(out.big)).toHaveLength(100);
    expect(String(out.big).startsWith('{"text":"zzz')).toBe(true);
  });

  it('answers an empty object for no metadata', () => {
    expect(cutAuditMetadata(undefined)).toEqual({});
  });

  it('bounds keys to 50 characters and at most 20 entries', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(cutAuditMetadata(many))).toHaveLength(20);
    const out = cutAuditMetadata({ ['k'.repeat(80)]: 1 });
    expect(Object.keys(out)).toEqual(['k'.repeat(50)]);
  });

  it('never cuts a surrogate pair in two (jsonb refuses the half)', () => {
    const out = cutAuditMetadata({ ['k'.repeat(49) + '😀']: 'x'.repeat(99) + '😀' });
    expect(Object.keys(out)).toEqual(['k'.repeat(49)]);
    expect(Object.values(out)).toEqual(['x'.repeat(99)]);
  });
});

describe('auditBatchSchema', () => {
  const entry = { action: 'VIEW_PAGE' };

  it('takes 1 to 100 entries of known actions', () => {
    expect(auditBatchSchema.safeParse({ logs: [entry] }).success).toBe(true);
    expect(auditBatchSchema.safeParse({ logs: Array(100).fill(entry) }).success).toBe(true);
    expect(auditBatchSchema.safeParse({ logs: Array(101).fill(entry) }).success).toBe(false);
    expect(auditBatchSchema.safeParse({ logs: [] }).success).toBe(false);
    expect(auditBatchSchema.safeParse({ logs: [{ action: 'DROP_TABLES' }] }).success).toBe(false);
  });
});

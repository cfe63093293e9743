import { describe, expect, it } from 'vitest';
import {
  auditActions,
  auditBatchSchema,
  auditMetadataMaxDepth,
  clientAuditActions,
  clientAuditEntrySchema,
  criticalAuditActions,
  cutAuditMetadata,
  isCriticalAuditAction,
  jsonDepth,
  auditText,
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

describe('auditBatchSchema and clientAuditEntrySchema', () => {
  const entry = { action: 'VIEW_PAGE' };

  it('takes a batch of 1 to 100 objects', () => {
    expect(auditBatchSchema.safeParse({ logs: [entry] }).success).toBe(true);
    expect(auditBatchSchema.safeParse({ logs: Array(100).fill(entry) }).success).toBe(true);
    expect(auditBatchSchema.safeParse({ logs: Array(101).fill(entry) }).success).toBe(false);
    expect(auditBatchSchema.safeParse({ logs: [] }).success).toBe(false);
    expect(auditBatchSchema.safeParse({ logs: ['VIEW_PAGE'] }).success).toBe(false);
  });

  it('takes only what a browser can see of its own user, without subject or time', () => {
    for (const action of clientAuditActions)
      expect(clientAuditEntrySchema.safeParse({ action }).success).toBe(true);
    for (const action of ['DROP_TABLES', 'LOGIN', 'PASSWORD_RESET', 'USER_APPROVED', 'TOKEN_REUSE_DETECTED'])
      expect(clientAuditEntrySchema.safeParse({ action }).success, action).toBe(false);
    const parsed = clientAuditEntrySchema.parse({
      action: 'ACCESS_PHI',
      patientId: '6f1c2f0e-3a51-4e53-9d34-4d9f5e3c1a11',
      actorId: 'someone',
      timestamp: '2020-01-01T00:00:00Z',
    });
    expect(parsed).toEqual({ action: 'ACCESS_PHI' });
  });

  it('refuses metadata nested deeper than it can store', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i <= auditMetadataMaxDepth; i += 1) deep = { next: deep };
    expect(clientAuditEntrySchema.safeParse({ action: 'VIEW_PAGE', metadata: deep }).success).toBe(false);
    const fine = { a: { b: { c: { d: 1 } } } };
    expect(clientAuditEntrySchema.safeParse({ action: 'VIEW_PAGE', metadata: fine }).success).toBe(true);
  });
});

describe('auditText and jsonDepth', () => {
  it('removes NUL, replaces unpaired surrogates and never cuts a pair in half', () => {
    expect(auditText('a\u0000b', 10)).toBe('ab');
    expect(auditText('x\ud800y\udc00', 10)).toBe('x\uFFFDy\uFFFD');
    expect(auditText('ok 😀', 10)).toBe('ok 😀');
    expect(auditText('abc😀', 4)).toBe('abc');
  });

  it('measures nesting without recursion, even 100,000 levels deep', () => {
    expect(jsonDepth('text', 5)).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] }, 10)).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(jsonDepth(deep, 10)).toBe(11);
  });
});

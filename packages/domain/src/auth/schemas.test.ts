import { describe, expect, it } from 'vitest';
import { registrationSchema } from './schemas.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  password: 'Analytic@1843',
  confirmPassword: 'Analytic@1843',
  termsAccepted: true,
};

/** `path: message` of every issue of a failed parse. */
function issues(input: unknown): string[] {
  const result = registrationSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('registrationSchema (Part 1 §5 Registration)', () => {
  it('accepts a complete form, trims names, lower-cases the email and defaults the role to patient', () => {
    const parsed = registrationSchema.parse({ ...valid, firstName: '  Ada ', email: 'Ada@Example.TEST' });
    expect(parsed).toMatchObject({ firstName: 'Ada', email: 'ada@example.test', role: 'patient' });
  });

  it('names every missing field with "{Field} is required"', () => {
    expect(issues({})).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Email is required',
      'password: Password is required',
      'confirmPassword: Confirm password is required',
      'termsAccepted: Please accept the Terms of Use and Privacy Policy to continue.',
    ]);
  });

  it('treats a blank name as missing, with a single message', () => {
    expect(issues({ ...valid, firstName: '   ' })).toEqual(['firstName: First name is required']);
    expect(issues({ ...valid, lastName: '' })).toEqual(['lastName: Last name is required']);
  });

  it("answers 'Invalid format' for malformed emails", () => {
    for (const email of [
      'not-an-email',
      'ada@example',
      'ada example@x.test',
      '@example.test',
      'ada@@x.test',
    ]) {
      expect(issues({ ...valid, email }), email).toContain('email: Invalid format');
    }
  });

  it("answers 'Passwords do not match' on confirmPassword", () => {
    expect(issues({ ...valid, confirmPassword: 'Analytic@1844' })).toEqual([
      'confirmPassword: Passwords do not match',
    ]);
  });

  it("answers 'Must not exceed 100 characters' for a name over 100 characters", () => {
    expect(issues({ ...valid, firstName: 'a'.repeat(100) })).toEqual([]);
    expect(issues({ ...valid, firstName: 'a'.repeat(101) })).toEqual([
      'firstName: Must not exceed 100 characters',
    ]);
    expect(issues({ ...valid, lastName: 'b'.repeat(101) })).toEqual([
      'lastName: Must not exceed 100 characters',
    ]);
  });

  it('answers the password rule for a weak password', () => {
    expect(issues({ ...valid, password: 'weakpass1', confirmPassword: 'weakpass1' })).toEqual([
      'password: Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ]);
  });

  it('allows patient and provider sign-ups only', () => {
    expect(registrationSchema.parse({ ...valid, role: 'provider' }).role).toBe('provider');
    expect(registrationSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});

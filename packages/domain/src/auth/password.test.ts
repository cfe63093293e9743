import { describe, expect, it } from 'vitest';
import { isStrongPassword, newPasswordField, passwordRuleMessage, passwordSpecials } from './password.js';

const rule =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('password rule (Part 1 §5)', () => {
  it('words the rule exactly as the spec does', () => {
    expect(passwordRuleMessage).toBe(rule);
  });

  it('accepts a password with upper, lower, digit and one of @$!%*?&', () => {
    expect(isStrongPassword('Secret@123')).toBe(true);
    expect(passwordSpecials).toBe('@$!%*?&');
    for (const special of '@$!%*?&') expect(isStrongPassword(`Secret1${special}`)).toBe(true);
  });

  it('refuses a password missing any of the four classes', () => {
    expect(isStrongPassword('secret@123')).toBe(false);
    expect(isStrongPassword('SECRET@123')).toBe(false);
    expect(isStrongPassword('Secret@abc')).toBe(false);
    expect(isStrongPassword('Secret1234')).toBe(false);
  });

  it('allows only the specials @$!%*?&', () => {
    for (const other of '#^()-_+=.,:;~/<>[]{}|"\'` ') {
      expect(isStrongPassword(`Secret1${other}`), `special ${JSON.stringify(other)}`).toBe(false);
      expect(isStrongPassword(`Secret1@${other}`), `extra ${JSON.stringify(other)}`).toBe(false);
    }
    expect(isStrongPassword('Sécret@123')).toBe(false);
  });

  it('keeps the length bounds 8 to 128', () => {
    expect(isStrongPassword('Ab1@xyz')).toBe(false);
    expect(isStrongPassword('Ab1@xyzw')).toBe(true);
    expect(isStrongPassword(`Ab1@${'x'.repeat(124)}`)).toBe(true);
    expect(isStrongPassword(`Ab1@${'x'.repeat(125)}`)).toBe(false);
  });
});

describe('newPasswordField', () => {
  it('passes a strong password through unchanged', () => {
    expect(newPasswordField().parse('Secret@123')).toBe('Secret@123');
  });

  it('answers the exact rule message for a weak or foreign-special password', () => {
    expect(messagesOf(newPasswordField().safeParse('weakpassword1'))).toEqual([rule]);
    expect(messagesOf(newPasswordField().safeParse('Secret#123'))).toEqual([rule]);
  });

  it('answers "{Field} is required" when missing or empty, with its label', () => {
    expect(messagesOf(newPasswordField().safeParse(undefined))).toEqual(['Password is required']);
    expect(messagesOf(newPasswordField().safeParse(''))[0]).toBe('Password is required');
    expect(messagesOf(newPasswordField('New password').safeParse(undefined))).toEqual([
      'New password is required',
    ]);
  });

  it('answers the length messages', () => {
    expect(messagesOf(newPasswordField().safeParse('Ab1@xyz'))).toContain('Must be at least 8 characters');
    expect(messagesOf(newPasswordField().safeParse(`Ab1@${'x'.repeat(125)}`))).toContain(
      'Must not exceed 128 characters',
    );
  });
});

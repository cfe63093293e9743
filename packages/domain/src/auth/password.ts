import { z } from 'zod';
import { lengths, messages } from '../platform/messages.js';

export const passwordRuleMessage =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';

/** Special characters the password rule accepts (Part 1 §5). */
export const passwordSpecials = '@$!%*?&';

const strong = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export function isStrongPassword(value: string): boolean {
  return value.length >= lengths.password[0] && value.length <= lengths.password[1] && strong.test(value);
}

/** A new password: required, 8–128 characters, the spec's composition rule. */
export function newPasswordField(label = 'Password') {
  return z
    .string({ error: () => messages.fieldRequired(label) })
    .min(1, messages.fieldRequired(label))
    .min(lengths.password[0], messages.minChars(lengths.password[0]))
    .max(lengths.password[1], messages.maxChars(lengths.password[1]))
    .refine((v) => strong.test(v), passwordRuleMessage);
}

/** An existing password being checked: only presence and the upper bound matter. */
export function currentPasswordField(label = 'Password') {
  return z
    .string({ error: () => messages.fieldRequired(label) })
    .min(1, messages.fieldRequired(label))
    .max(lengths.password[1], messages.maxChars(lengths.password[1]));
}

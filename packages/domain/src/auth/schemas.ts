import { z } from 'zod';
import { emailField, nameText } from '../platform/fields.js';
import { messages } from '../platform/messages.js';
import { legalMessages } from '../legal/consents.js';
import { isValidTimezone } from '../profile/timezones.js';
import { currentPasswordField, newPasswordField } from './password.js';

export const passwordsDoNotMatch = 'Passwords do not match';
export const codePattern = /^\d{6}$/;
export const codeMessage = 'Enter the 6-digit code';

const code = z
  .string({ error: () => messages.fieldRequired('Code') })
  .trim()
  .regex(codePattern, codeMessage);
const token = z
  .string({ error: () => messages.fieldRequired('Token') })
  .min(1, messages.fieldRequired('Token'))
  .max(4096, messages.maxChars(4096));

export const registrationSchema = z
  .object({
    firstName: nameText('First name'),
    lastName: nameText('Last name'),
    email: emailField(),
    password: newPasswordField(),
    confirmPassword: z
      .string({ error: () => messages.fieldRequired('Confirm password') })
      .min(1, messages.fieldRequired('Confirm password')),
    role: z
      .enum(['patient', 'provider'], { error: messages.oneOf(['patient', 'provider']) })
      .default('patient'),
    /** The browser's zone: a new account counts its days where the person lives (decision 046). */
    timezone: z.string().refine(isValidTimezone, 'Choose a valid time zone').optional(),
    /** The Terms of Service and the Privacy Policy, read and accepted (issue 17): only `true` registers. */
    termsAccepted: z
      .boolean({ error: legalMessages.termsRequired })
      .refine((accepted) => accepted, legalMessages.termsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordsDoNotMatch,
  });
export type RegistrationInput = z.input<typeof registrationSchema>;

export const loginSchema = z.object({
  email: emailField(),
  password: currentPasswordField(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const activateSchema = z.object({ activation_token: token, activation_code: code });
export const verify2faSchema = z.object({ two_factor_token: token, two_factor_code: code });

export const resendOtpSchema = z.object({
  email: z.string().trim().toLowerCase().max(255).optional(),
  newEmail: z.string().trim().toLowerCase().max(255).optional(),
  currentEmail: z.string().trim().toLowerCase().max(255).optional(),
  is2fa: z.boolean().optional(),
  /** For a two-factor resend: the pending login's token (our design; the spec leaves it open). */
  two_factor_token: z.string().max(4096).optional(),
});

export const resetPasswordSchema = z.object({ email: emailField() });

export const setPasswordSchema = z.object({
  data: z
    .object({
      activation_token: token,
      activation_code: code,
      password: newPasswordField(),
      confirmPassword: z.string().min(1, messages.fieldRequired('Confirm password')),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: passwordsDoNotMatch,
    }),
});

export const confirmPasswordSchema = z.object({ password: currentPasswordField() });

export const updatePasswordSchema = z
  .object({
    oldPassword: currentPasswordField('Current password'),
    newPassword: newPasswordField('New password'),
  })
  .refine((v) => v.oldPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'New password must differ from the current password',
  });

export const updateEmailSchema = z.object({
  currentEmail: emailField('Current email'),
  currentPassword: currentPasswordField('Current password'),
  newEmail: emailField('New email'),
});

export const verifyNewEmailSchema = activateSchema;

export const twoFactorMethods = ['email', 'totp'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

/**
 * PUT update-2fa-settings (the spec leaves the body open): enable by email code, start a TOTP
 * enrolment, confirm it with a code from the authenticator app, or disable. Each needs the password.
 */
export const update2faSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('enable-email'), password: currentPasswordField() }),
  z.object({ action: z.literal('start-totp'), password: currentPasswordField() }),
  z.object({ action: z.literal('confirm-totp'), code }),
  z.object({ action: z.literal('disable'), password: currentPasswordField() }),
]);
export type Update2faInput = z.input<typeof update2faSchema>;

export const deleteAccountSchema = z.object({
  password: currentPasswordField(),
  confirmation: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
});

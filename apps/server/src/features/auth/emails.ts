import type { MailMessage } from '../../platform/mail.js';
import { composeMail } from '../../platform/mail-template.js';

function message(to: string, subject: string, paragraphs: string[], code?: string): MailMessage {
  return composeMail(to, subject, paragraphs, code ? { code } : {});
}

export const emails = {
  activation: (to: string, firstName: string, code: string, minutes: number) =>
    message(
      to,
      'Activate your MindLedger account',
      [`Hi ${firstName},`, `Enter this code to activate your account. It expires in ${minutes} minutes.`],
      code,
    ),
  passwordReset: (to: string, code: string, minutes: number) =>
    message(
      to,
      'Reset your MindLedger password',
      [
        `Enter this code to choose a new password. It expires in ${minutes} minutes.`,
        'If you did not ask for this, you can ignore this email.',
      ],
      code,
    ),
  emailChange: (to: string, code: string, minutes: number) =>
    message(
      to,
      'Confirm your new email address',
      [
        `Enter this code to confirm this address for your MindLedger account. It expires in ${minutes} minutes.`,
      ],
      code,
    ),
  emailChanged: (to: string, newEmail: string) =>
    message(to, 'Your MindLedger email address was changed', [
      `Your account now uses ${newEmail}. If you did not make this change, contact support at once.`,
    ]),
  twoFactor: (to: string, code: string, minutes: number) =>
    message(
      to,
      'Your MindLedger sign-in code',
      [`Enter this code to finish signing in. It expires in ${minutes} minutes.`],
      code,
    ),
  passwordChanged: (to: string) =>
    message(to, 'Your MindLedger password was changed', [
      'Your password was changed and your other sessions were signed out. If this was not you, reset your password at once.',
    ]),
  providerApproved: (to: string, firstName: string) =>
    message(to, 'Your provider account is approved', [
      `Hi ${firstName},`,
      'An administrator approved your provider account. You can now log in.',
    ]),
  accountDeleted: (to: string) =>
    message(to, 'Your MindLedger account was deleted', [
      'Your account and its data were deleted. We are sorry to see you go.',
    ]),
};

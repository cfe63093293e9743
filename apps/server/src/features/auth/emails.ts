import type { MailMessage } from '../../platform/mail.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], code?: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const codeBlock = code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${escapeHtml(code)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1f2937"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${codeBlock}<p style="color:#6b7280;font-size:12px">MindLedger never asks for your password by email.</p></body></html>`;
}

function message(to: string, subject: string, paragraphs: string[], code?: string): MailMessage {
  const text = [...paragraphs, ...(code ? ['', `Your code: ${code}`] : [])].join('\n');
  return { to, subject, text, html: layout(subject, paragraphs, code) };
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

import type { MailMessage } from '../../platform/mail.js';
import { composeMail } from '../../platform/mail-template.js';

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  return composeMail(to, subject, paragraphs, link ? { link } : {});
}

/** Mails of the connections feature: no clinical data, only who and what changed. */
export const connectionEmails = {
  registrationInvite: (to: string, inviterName: string, inviterIsProvider: boolean, href: string) =>
    message(
      to,
      'You are invited to MindLedger',
      [
        inviterIsProvider
          ? `${inviterName}, your provider, invited you to connect on MindLedger.`
          : `${inviterName} invited you to connect on MindLedger as their provider.`,
        'Create your account with this email address; the invitation waits for you after activation.',
      ],
      { href, label: 'Create your account' },
    ),
  otherAccountNotice: (to: string, inviterName: string) =>
    message(to, 'You are invited to MindLedger', [
      `${inviterName} invited this address to connect on MindLedger as their client.`,
      'Your MindLedger account with this address is not a client account, so nothing changed. To connect as a client, ask them to invite another address of yours.',
    ]),
  invited: (to: string, firstName: string, inviterName: string, byProvider: boolean, href: string) =>
    message(
      to,
      'You have a new connection invitation',
      [
        `Hi ${firstName},`,
        byProvider
          ? `${inviterName} invited you to connect as your provider. You can accept or reject the invitation.`
          : `${inviterName} invited you to connect as their provider. You can accept or reject the invitation.`,
      ],
      { href, label: 'Open MindLedger' },
    ),
  decided: (to: string, firstName: string, otherName: string, status: 'accepted' | 'rejected') =>
    message(to, `Your invitation was ${status}`, [
      `Hi ${firstName},`,
      `${otherName} ${status} your connection invitation.`,
    ]),
  removed: (to: string, firstName: string, otherName: string) =>
    message(to, 'A connection was removed', [
      `Hi ${firstName},`,
      `${otherName} removed the connection with you. Access to shared data has ended.`,
    ]),
  markedInactive: (to: string, firstName: string, providerName: string) =>
    message(to, 'Your provider marked your connection inactive', [
      `Hi ${firstName},`,
      `${providerName} marked your connection inactive. They cannot see your data until you consent to a reactivation.`,
    ]),
  reactivationRequested: (to: string, firstName: string, providerName: string, href: string, days: number) =>
    message(
      to,
      'Your provider asks to reactivate your connection',
      [
        `Hi ${firstName},`,
        `${providerName} asks to reactivate your connection. Access to your data returns only if you consent. The link expires in ${days} days.`,
      ],
      { href, label: 'Review the request' },
    ),
  reactivated: (to: string, firstName: string, clientName: string) =>
    message(to, 'A client consented to reactivation', [
      `Hi ${firstName},`,
      `${clientName} consented; your connection is active again.`,
    ]),
  disconnected: (to: string, firstName: string, providerName: string) =>
    message(to, 'Your provider disconnected', [
      `Hi ${firstName},`,
      `${providerName} ended the connection with you. They no longer have access to your data.`,
    ]),
};

import type { MailMessage } from './mail.js';

export interface MailExtras {
  /** A one-time code, shown large in the HTML and as 'Your code: 123456' in the text. */
  code?: string;
  /** A call to action. */
  link?: { href: string; label: string };
  /** The one-click unsubscribe page of a notification email. */
  unsubscribe?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(title: string, paragraphs: string[], extras: MailExtras): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const code = extras.code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${escapeHtml(extras.code)}</p>`
    : '';
  const button = extras.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(extras.link.href)}" style="background:#1971c2;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(extras.link.label)}</a></p>`
    : '';
  const unsubscribe = extras.unsubscribe
    ? `<p style="color:#6b7280;font-size:12px">Don't want these emails? <a href="${escapeHtml(extras.unsubscribe)}">Unsubscribe</a>.</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1f2937"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${code}${button}${unsubscribe}<p style="color:#6b7280;font-size:12px">MindLedger never asks for your password by email.</p></body></html>`;
}

/** The one mail layout of the product: plain text and escaped HTML from the same paragraphs. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  extras: MailExtras = {},
): MailMessage {
  const text = [
    ...paragraphs,
    ...(extras.code ? ['', `Your code: ${extras.code}`] : []),
    ...(extras.link ? ['', `${extras.link.label}: ${extras.link.href}`] : []),
    ...(extras.unsubscribe ? ['', `Unsubscribe: ${extras.unsubscribe}`] : []),
  ].join('\n');
  return { to, subject, text, html: html(subject, paragraphs, extras) };
}

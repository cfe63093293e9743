import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { JobQueue, SendOptions } from './jobs/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The one-click unsubscribe address (RFC 2369 List-Unsubscribe with RFC 8058 List-Unsubscribe-Post);
   * the local outbox does not keep it.
   */
  unsubscribeUrl?: string;
}

/** Delivers one message; throws when delivery failed so the job is retried. */
export interface MailPort {
  deliver(message: MailMessage): Promise<void>;
}

/** Stores messages in the database; readable outside production at GET /api/dev/outbox. */
export class OutboxMail implements MailPort {
  constructor(private readonly db: Db) {}

  async deliver(message: MailMessage) {
    const { to, subject, text, html } = message;
    await this.db.insert(mailOutbox).values({ to, subject, text, html });
  }
}

export class SmtpMail implements MailPort {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async deliver(message: MailMessage) {
    const { unsubscribeUrl, ...rest } = message;
    await this.transport.sendMail({
      from: this.from,
      ...rest,
      ...(unsubscribeUrl
        ? {
            list: { unsubscribe: { url: unsubscribeUrl } },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
  }
}

export const MAIL_JOB = 'mail-send';

/** What features use: mail is queued as a job and delivered by the job runner. */
export class Mailer {
  constructor(private readonly queue: JobQueue) {}

  /** With `tx`, the mail goes only if that transaction commits (the outbox of the job runner). */
  async send(message: MailMessage, options?: SendOptions): Promise<void> {
    await this.queue.send(MAIL_JOB, message, options);
  }

  /** Many mails in one statement, each with its own key (a fan-out's deliveries). */
  async sendMany(mails: { message: MailMessage; key?: string }[]): Promise<void> {
    if (mails.length === 0) return;
    if (!this.queue.sendMany) {
      for (const mail of mails) await this.send(mail.message, mail.key ? { key: mail.key } : {});
      return;
    }
    await this.queue.sendMany(
      MAIL_JOB,
      mails.map((mail) => ({ data: mail.message, ...(mail.key ? { key: mail.key } : {}) })),
    );
  }
}

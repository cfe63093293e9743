import type { Config } from '../../config.js';

/**
 * The start-up line that says where mail goes, so that whoever runs `npm start` knows whether
 * codes reach people and who can read the outbox. Names the SMTP host only, never its credentials.
 */
export function mailNotice(config: Pick<Config, 'smtpUrl' | 'env' | 'publicUrl'>): {
  level: 'info' | 'warn';
  message: string;
} {
  if (config.smtpUrl) {
    let host = 'the configured server';
    try {
      host = new URL(config.smtpUrl).host || host;
    } catch {
      /* an unparsable URL fails at the first delivery; the notice stays generic */
    }
    return { level: 'info', message: `Mail is sent through SMTP (${host}).` };
  }
  if (config.env === 'production') {
    return {
      level: 'warn',
      message:
        'Mail is NOT sent: SMTP_URL is not set, so activation, sign-in and password-reset codes stay in the database outbox and reach no one. Set SMTP_URL.',
    };
  }
  return {
    level: 'warn',
    message: `Mail is NOT sent: SMTP_URL is not set, so every mail (activation, sign-in and password-reset codes) goes to the local outbox at ${config.publicUrl}/api/dev/outbox, readable from this machine only or by a signed-in admin.`,
  };
}

import { describe, expect, it } from 'vitest';
import { mailNotice } from './mail-notice.js';

const publicUrl = 'http://localhost:3000';

describe('the start-up line about mail', () => {
  it('says the default start keeps mail in the outbox, where it is and who can read it', () => {
    const notice = mailNotice({ smtpUrl: undefined, env: 'development', publicUrl });
    expect(notice.level).toBe('warn');
    expect(notice.message).toContain('Mail is NOT sent');
    expect(notice.message).toContain('http://localhost:3000/api/dev/outbox');
    expect(notice.message).toContain('from this machine only or by a signed-in admin');
  });

  it('names the SMTP host, never its credentials', () => {
    const notice = mailNotice({
      smtpUrl: 'smtp://mailer:s3cret-pass@mail.example.com:587',
      env: 'production',
      publicUrl,
    });
    expect(notice).toEqual({ level: 'info', message: 'Mail is sent through SMTP (mail.example.com:587).' });
    expect(notice.message).not.toContain('s3cret');
  });

  it('warns a production server without SMTP that codes reach no one', () => {
    const notice = mailNotice({ smtpUrl: undefined, env: 'production', publicUrl });
    expect(notice.level).toBe('warn');
    expect(notice.message).toContain('reach no one');
    expect(notice.message).not.toContain('/api/dev/outbox');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { SMTPServer } from 'smtp-server';
import { startServer, type TestServer } from '../../test/harness.js';
import { freePort, smtpPeer, until, type ReceivedMail as Received } from '../../test/smtp-peer.js';

const registration = (email: string) => ({
  firstName: 'Sam',
  lastName: 'Smtp',
  email,
  password: 'Mailbox@2026',
  confirmPassword: 'Mailbox@2026',
  termsAccepted: true,
});

let server: TestServer | undefined;
let peer: SMTPServer | undefined;
afterEach(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (peer ? peer.close(() => resolve()) : resolve()));
  server = undefined;
  peer = undefined;
});

describe('mail through SMTP (SMTP_URL)', () => {
  it('delivers the activation code to a real SMTP server', async () => {
    const port = await freePort();
    const received: Received[] = [];
    peer = await smtpPeer(port, received);
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const reply = await server.client().post('/api/v1/registration', registration('smtp@example.test'));
    expect(reply.status).toBe(201);
    await until(() => received.length > 0, 10_000);
    expect(received[0]?.to).toEqual(['smtp@example.test']);
    expect(received[0]?.raw).toMatch(/Subject: Activate your MindLedger account/);
    expect(received[0]?.raw).toMatch(/Your code: \d{6}/);
  });

  it('keeps the mail while the SMTP server is down and delivers it once it is back', async () => {
    const port = await freePort();
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const reply = await server.client().post('/api/v1/registration', registration('later@example.test'));
    expect(reply.status).toBe(201);
    // The first delivery attempt fails: nothing listens on the port yet.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const received: Received[] = [];
    peer = await smtpPeer(port, received);
    await until(() => received.length > 0, 25_000);
    expect(received[0]?.to).toEqual(['later@example.test']);
  }, 40_000);
});

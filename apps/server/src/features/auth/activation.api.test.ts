import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, startServer, type TestServer } from '../../../test/harness.js';
import { users, verificationCodes } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const strong = 'Journal@2024';
const messages = {
  wrong: 'Invalid code. Please check the code and try again.',
  tooMany: 'Too many wrong codes. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  used: 'This code has already been used. Request a new code.',
  invalid: 'This code is no longer valid. Request a new code.',
};

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Waits until `count` mails to the address match the subject; answers the newest. */
async function nthMail(to: string, subject: RegExp, count: number): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const reply = await server.client().get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const found = reply.body.filter((m) => subject.test(m.subject));
    if (found.length >= count && found[0]) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

async function outboxCount(to: string): Promise<number> {
  const reply = await server.client().get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return reply.body.length;
}

/** Registers a new patient; answers the email, the activation token and the mailed code. */
async function register() {
  const email = `act-${randomUUID().slice(0, 8)}@example.test`;
  const reply = await server.client().post<{ activationToken: string }>('/api/v1/registration', {
    firstName: 'Ada',
    lastName: 'Byron',
    email,
    password: strong,
    confirmPassword: strong,
    termsAccepted: true,
  });
  expect(reply.status).toBe(201);
  const code = codeIn((await nthMail(email, /Activate/, 1)).text);
  return { email, token: reply.body.activationToken, code };
}

/** An HS256 token over the payload, signed with a secret the server does not know. */
function forge(payload: unknown, secret = 'another-secret-that-is-long-enough-0123456789'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const activate = (token: string, code: string) =>
  server.client().post('/api/v1/activate-user', { activation_token: token, activation_code: code });

async function isActivated(email: string): Promise<boolean> {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return row?.activated ?? false;
}

describe('activate-user', () => {
  it('refuses a wrong code with the spec message, then accepts the right one', async () => {
    const { email, token, code } = await register();
    const wrong = await activate(token, otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'VALIDATION', message: messages.wrong });
    expect(await isActivated(email)).toBe(false);

    const right = await activate(token, code);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      success: true,
      message: 'Your account is activated. You can now log in.',
    });
    expect(await isActivated(email)).toBe(true);
    const login = await server.client().post('/api/v1/login', { email, password: strong });
    expect(login.status).toBe(200);
  });

  it('locks the code after five wrong codes, even for the right code', async () => {
    const { email, token, code } = await register();
    const wrongCode = otherCode(code);
    for (let i = 1; i <= 4; i += 1) {
      const reply = await activate(token, wrongCode);
      expect(reply.body.message).toBe(messages.wrong);
    }
    const fifth = await activate(token, wrongCode);
    expect(fifth.status).toBe(400);
    expect(fifth.body.message).toBe(messages.tooMany);
    const right = await activate(token, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(messages.tooMany);
    expect(await isActivated(email)).toBe(false);
  });

  it('refuses a code after 15 minutes as expired', async () => {
    const { email, token, code } = await register();
    server.clock.advance(15 * 60_000 + 5_000);
    const reply = await activate(token, code);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.expired);
    expect(await isActivated(email)).toBe(false);
  });

  it('refuses a code used once already', async () => {
    const { token, code } = await register();
    expect((await activate(token, code)).status).toBe(200);
    const again = await activate(token, code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.used);
  });

  it('refuses forged, garbage and wrong-purpose tokens, and malformed codes', async () => {
    const { email, token, code } = await register();
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const forged = forge(claims);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    const reset = await server.client().post<{ activationToken: string }>('/api/v1/reset-user-password', {
      email,
    });
    for (const bad of [forged, unsigned, 'garbage', `${token}x`, reset.body.activationToken]) {
      const reply = await activate(bad, code);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.invalid);
    }
    for (const malformed of ['12345', '1234567', 'abcdef', "1' OR 1", '']) {
      const reply = await activate(token, malformed);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('VALIDATION');
    }
    expect(await isActivated(email)).toBe(false);
    expect((await activate(token, code)).status).toBe(200);
  });
});

describe('resend-otp (activation)', () => {
  it('mails a new code; the old code stops working and the new one activates', async () => {
    const { email, token, code } = await register();
    const reply = await server
      .client()
      .post<{ success: boolean; message: string; activationToken: string }>('/api/v1/resend-otp', {
        email: email.toUpperCase(),
      });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: 'We sent a new code to your email.' });
    expect(reply.body.activationToken).not.toBe(token);
    const newCode = codeIn((await nthMail(email, /Activate/, 2)).text);

    const old = await activate(token, code);
    expect(old.status).toBe(400);
    expect(await isActivated(email)).toBe(false);
    const oldCodeNewToken = await activate(
      reply.body.activationToken,
      code === newCode ? otherCode(code) : code,
    );
    expect(oldCodeNewToken.status).toBe(400);

    expect((await activate(reply.body.activationToken, newCode)).status).toBe(200);
    expect(await isActivated(email)).toBe(true);
  });

  it('answers the same shape for an unknown email and sends no mail', async () => {
    const { email } = await register();
    const known = await server.client().post('/api/v1/resend-otp', { email });
    const unknownEmail = `ghost-${randomUUID().slice(0, 8)}@example.test`;
    const unknown = await server.client().post('/api/v1/resend-otp', { email: unknownEmail });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.message).toBe(known.body.message);
    expect(typeof unknown.body.activationToken).toBe('string');
    await nthMail(email, /Activate/, 2);
    expect(await outboxCount(unknownEmail)).toBe(0);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, unknownEmail));
    expect(row).toBeUndefined();
  });

  it('answers the same for an account that is already active, without mailing a code', async () => {
    const user = await server.createUser({ email: `active-${randomUUID().slice(0, 8)}@example.test` });
    const reply = await server.client().post('/api/v1/resend-otp', { email: user.email });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('We sent a new code to your email.');
    const codes = await server.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id));
    expect(codes).toHaveLength(0);
    expect(await outboxCount(user.email)).toBe(0);
  });
});

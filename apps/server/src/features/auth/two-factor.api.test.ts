import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { auditLogs, users } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Mail {
  subject: string;
  text: string;
}
interface Pending {
  success: boolean;
  requires2fa?: boolean;
  method?: string;
  two_factor_token: string;
  accessToken?: string;
}
interface Settings {
  settings: { enabled: boolean; method: string | null; totpPending: boolean };
  totp?: { secret: string; otpauthUrl: string };
  message: string;
  accessToken?: string;
}

/** Waits until `count` sign-in mails reached the address; answers the code of the newest. */
async function nthCode(to: string, count: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const reply = await server.client().get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const found = reply.body.filter((m) => /sign-in code/.test(m.subject));
    if (found.length >= count && found[0]) return codeIn(found[0].text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} sign-in mails to ${to}`);
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A 6-digit code the authenticator shows at no moment within ±90 s of now. */
async function wrongTotp(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set<string>();
  for (let offset = -90; offset <= 90; offset += 30)
    valid.add(await generate({ secret, epoch: now + offset }));
  let candidate = 123456;
  while (valid.has(String(candidate))) candidate += 1;
  return String(candidate);
}

const login = (client: Client, email: string) =>
  client.post<Pending>('/api/v1/login', { email, password }, { token: null });
const verify = (client: Client, token: string, code: string) =>
  client.post<{ accessToken: string; user: { id: string } }>('/api/v1/verify-2fa', {
    two_factor_token: token,
    two_factor_code: code,
  });
/**
 * A change of the settings; a method turned on or off ends every session and answers the new one's
 * access token (decision 105), which the client goes on with, as the web app does.
 */
async function update(client: Client, body: unknown) {
  const reply = await client.put<Settings>('/api/v1/update-2fa-settings', body);
  if (reply.body.accessToken) client.token = reply.body.accessToken;
  return reply;
}

describe('two-factor by email', () => {
  it('is enabled with the password; login then needs the mailed code', async () => {
    const { client, user } = await server.signIn();
    const wrong = await update(client, { action: 'enable-email', password: 'Wrong@1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password.');

    const enabled = await update(client, { action: 'enable-email', password });
    expect(enabled.status).toBe(200);
    expect(enabled.body.settings).toEqual({ enabled: true, method: 'email', totpPending: false });
    const settings = await client.get<Settings>('/api/v1/get-2fa-settings');
    expect(settings.body.settings).toMatchObject({ enabled: true, method: 'email' });

    const browser = server.client();
    const pending = await login(browser, user.email);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ success: true, requires2fa: true, method: 'email' });
    expect(pending.body).not.toHaveProperty('accessToken');
    expect(browser.cookie('ml_refresh')).toBeUndefined();
    const code = await nthCode(user.email, 1);

    const bad = await verify(browser, pending.body.two_factor_token, otherCode(code));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Invalid code. Please check the code and try again.' });
    expect(browser.cookie('ml_refresh')).toBeUndefined();
    const failures = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'AUTHENTICATION_FAILURE'), eq(auditLogs.actorId, user.id)));
    expect(failures.map((f) => f.resourceType)).toEqual(['two_factor']);

    const ok = await verify(browser, pending.body.two_factor_token, code);
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    expect(browser.cookie('ml_refresh')).toBeDefined();
    expect((await browser.get('/api/v1/me', { token: ok.body.accessToken })).status).toBe(200);

    const again = await verify(server.client(), pending.body.two_factor_token, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: 'This code has already been used. Request a new code.' });
  });

  it('resends a code with the pending token; the old code stops working', async () => {
    const user = await server.createUser({ twoFactorMethod: 'email' });
    const browser = server.client();
    const pending = await login(browser, user.email);
    expect(pending.body.requires2fa).toBe(true);
    const first = await nthCode(user.email, 1);

    const resent = await browser.post<{ success: boolean; activationToken: string }>('/api/v1/resend-otp', {
      is2fa: true,
      two_factor_token: pending.body.two_factor_token,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.success).toBe(true);
    const second = await nthCode(user.email, 2);

    const old = await verify(browser, pending.body.two_factor_token, first);
    expect(old.status).toBe(400);
    const mixed = await verify(
      browser,
      resent.body.activationToken,
      first === second ? otherCode(first) : first,
    );
    expect(mixed.status).toBe(400);
    const ok = await verify(browser, resent.body.activationToken, second);
    expect(ok.status).toBe(200);
  });

  it('refuses a resend without a valid pending token', async () => {
    for (const body of [{ is2fa: true }, { is2fa: true, two_factor_token: 'garbage' }]) {
      const reply = await server.client().post('/api/v1/resend-otp', body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('This code is no longer valid. Request a new code.');
    }
  });

  it('refuses verify-2fa with a garbage token', async () => {
    const reply = await verify(server.client(), 'garbage', '123456');
    expect(reply.status).toBe(400);
    expect(reply.body).not.toHaveProperty('accessToken');
  });
});

describe('two-factor with an authenticator app (TOTP)', () => {
  async function enrol(client: Client): Promise<string> {
    const started = await update(client, { action: 'start-totp', password });
    expect(started.status).toBe(200);
    expect(started.body.settings).toEqual({ enabled: false, method: null, totpPending: true });
    const secret = started.body.totp?.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.body.totp?.otpauthUrl).toMatch(/^otpauth:\/\/totp\/MindLedger:/);
    const confirmed = await update(client, { action: 'confirm-totp', code: await generate({ secret }) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.settings).toEqual({ enabled: true, method: 'totp', totpPending: false });
    return secret;
  }

  it('is set up with a code from the app; login then needs a fresh code', async () => {
    const { client, user } = await server.signIn();
    const secret = await enrol(client);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);

    const browser = server.client();
    const pending = await login(browser, user.email);
    expect(pending.body).toMatchObject({ requires2fa: true, method: 'totp' });
    expect(pending.body).not.toHaveProperty('accessToken');
    const ok = await verify(browser, pending.body.two_factor_token, await generate({ secret }));
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    expect(browser.cookie('ml_refresh')).toBeDefined();
  });

  it('refuses a wrong confirmation code and a confirmation without a started set-up', async () => {
    const { client } = await server.signIn();
    const early = await update(client, { action: 'confirm-totp', code: '123456' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Start the authenticator set-up first.');
    const started = await update(client, { action: 'start-totp', password });
    const secret = started.body.totp?.secret ?? '';
    const wrong = await update(client, { action: 'confirm-totp', code: await wrongTotp(secret) });
    expect(wrong.status).toBe(400);
    expect((await client.get<Settings>('/api/v1/get-2fa-settings')).body.settings).toEqual({
      enabled: false,
      method: null,
      totpPending: true,
    });
    const badPassword = await update(client, { action: 'start-totp', password: 'Wrong@1234' });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.message).toBe('Incorrect password.');
  });

  it('limits wrong codes: after 5 wrong codes even the right one answers 429', async () => {
    const { client, user } = await server.signIn();
    const secret = await enrol(client);
    const browser = server.client();
    const pending = await login(browser, user.email);
    const wrong = await wrongTotp(secret);
    for (let i = 0; i < 5; i += 1) {
      const reply = await verify(browser, pending.body.two_factor_token, wrong);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ message: 'Invalid code. Please check the code and try again.' });
    }
    const limited = await verify(browser, pending.body.two_factor_token, await generate({ secret }));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      blocked: true,
      message: 'Too many wrong codes. Request a new code.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(browser.cookie('ml_refresh')).toBeUndefined();
  });

  it('accepts each authenticator code once', async () => {
    const { client, user } = await server.signIn();
    const secret = await enrol(client);
    const code = await generate({ secret });
    const first = server.client();
    const ok = await verify(first, (await login(first, user.email)).body.two_factor_token, code);
    expect(ok.status).toBe(200);
    const second = server.client();
    const replay = await verify(second, (await login(second, user.email)).body.two_factor_token, code);
    expect(replay.status).toBe(400);
    expect((replay.body as unknown as { message: string }).message).toBe(
      'Invalid code. Please check the code and try again.',
    );
    expect(second.cookie('ml_refresh')).toBeUndefined();
  });

  it('limits wrong codes per account too: a new login does not give five more tries', async () => {
    const { client, user } = await server.signIn();
    const secret = await enrol(client);
    const wrong = await wrongTotp(secret);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const browser = server.client();
      const pending = await login(browser, user.email);
      for (let i = 0; i < 5; i += 1) {
        expect((await verify(browser, pending.body.two_factor_token, wrong)).status).toBe(400);
      }
    }
    const browser = server.client();
    const pending = await login(browser, user.email);
    const limited = await verify(browser, pending.body.two_factor_token, await generate({ secret }));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ blocked: true });
  });

  it('does not accept an email-style resend for a TOTP login', async () => {
    const { client, user } = await server.signIn();
    await enrol(client);
    const pending = await login(server.client(), user.email);
    const reply = await server.client().post('/api/v1/resend-otp', {
      is2fa: true,
      two_factor_token: pending.body.two_factor_token,
    });
    expect(reply.status).toBe(400);
  });

  it('is disabled only with the password', async () => {
    const { client, user } = await server.signIn();
    await enrol(client);
    const wrong = await update(client, { action: 'disable', password: 'Wrong@1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password.');
    expect((await login(server.client(), user.email)).body.requires2fa).toBe(true);

    const missing = await update(client, { action: 'disable' });
    expect(missing.status).toBe(400);
    const unknown = await update(client, { action: 'turn-off-everything', password });
    expect(unknown.status).toBe(400);

    const off = await update(client, { action: 'disable', password });
    expect(off.status).toBe(200);
    expect(off.body.settings).toEqual({ enabled: false, method: null, totpPending: false });
    const direct = await login(server.client(), user.email);
    expect(direct.status).toBe(200);
    expect(typeof direct.body.accessToken).toBe('string');
  });

  it('needs a bearer token to read or change the settings', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/get-2fa-settings')).status).toBe(401);
    expect((await update(anonymous, { action: 'enable-email', password })).status).toBe(401);
  });
});

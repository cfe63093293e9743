import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { codeIn, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  password: 'Analytic@1843',
  confirmPassword: 'Analytic@1843',
  termsAccepted: true,
};

describe('registration and activation', () => {
  it('registers a patient, mails a 6-digit code, and activates the account with it', async () => {
    const client = server.client();
    const reply = await client.post<{ activationToken: string; email: string }>(
      '/api/v1/registration',
      valid,
    );
    expect(reply.status).toBe(201);
    expect(reply.body.email).toBe('ada@example.test');

    const blocked = await client.post<{ activationRequired: boolean }>('/api/v1/login', {
      email: valid.email,
      password: valid.password,
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.activationRequired).toBe(true);

    const mail = await server.mail(valid.email, /Activate/);
    const activated = await client.post('/api/v1/activate-user', {
      activation_token: reply.body.activationToken,
      activation_code: codeIn(mail.text),
    });
    expect(activated.status).toBe(200);

    const login = await client.post<{ user: { userRole: string } }>('/api/v1/login', {
      email: valid.email,
      password: valid.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.userRole).toBe('patient');
  });

  it('answers the spec messages for missing fields and a weak password', async () => {
    const reply = await server
      .client()
      .post<{ errors: { path: string; message: string }[] }>('/api/v1/registration', {
        email: 'weak@example.test',
        password: 'weakpass',
        confirmPassword: 'weakpass',
      });
    expect(reply.status).toBe(400);
    const messages = reply.body.errors.map((e) => `${e.path}: ${e.message}`);
    expect(messages).toContain('firstName: First name is required');
    expect(messages).toContain(
      'password: Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    );
  });

  it('refuses a second account with the same email (any case) with 409', async () => {
    const reply = await server.client().post('/api/v1/registration', { ...valid, email: 'ADA@example.test' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('An account with this email already exists.');
  });

  it("takes the browser's time zone for the new account, and only a real one", async () => {
    const zoneOf = async (email: string) =>
      (await server.database.db.select().from(users).where(eq(users.email, email)))[0]?.timezone;
    const client = server.client();
    const withZone = { ...valid, email: 'kolkata@example.test', timezone: 'Asia/Kolkata' };
    expect((await client.post('/api/v1/registration', withZone)).status).toBe(201);
    expect(await zoneOf('kolkata@example.test')).toBe('Asia/Kolkata');
    const without = { ...valid, email: 'nozone@example.test' };
    expect((await client.post('/api/v1/registration', without)).status).toBe(201);
    expect(await zoneOf('nozone@example.test')).toBe('America/Denver');
    const bogus = await client.post('/api/v1/registration', {
      ...valid,
      email: 'bogus@example.test',
      timezone: 'Mars/Olympus_Mons',
    });
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe('Choose a valid time zone');
    expect(await zoneOf('bogus@example.test')).toBeUndefined();
  });
});

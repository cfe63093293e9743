import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type TestServer } from '../../../test/harness.js';
import { auditLogs, refreshTokens, verificationCodes } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const rule =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
const newPassword = 'Fresh&Start42';

interface ErrorReply {
  message: string;
  errors?: { path: string; message: string }[];
}

async function requestReset(email: string) {
  return server
    .client()
    .post<{ success: boolean; message: string; activationToken: string }>('/api/v1/reset-user-password', {
      email,
    });
}

async function resetCode(email: string): Promise<string> {
  return codeIn((await server.mail(email, /Reset your MindLedger password/)).text);
}

const setPassword = (data: Record<string, unknown>) =>
  server.client().put<ErrorReply & { success: boolean }>('/api/v1/set-password', { data });

describe('reset-user-password', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const user = await server.createUser();
    const known = await requestReset(user.email);
    const ghost = `ghost-${randomUUID().slice(0, 8)}@example.test`;
    const unknown = await requestReset(ghost);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
    expect(unknown.body.message).toBe(
      'If an account exists for this email, we sent a code to reset the password.',
    );
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.activationToken.split('.')).toHaveLength(3);
    await resetCode(user.email);
    const outbox = await server.client().get<unknown[]>(`/api/dev/outbox?to=${encodeURIComponent(ghost)}`);
    expect(outbox.body).toHaveLength(0);

    // The decoy token leads nowhere.
    const decoy = await setPassword({
      activation_token: unknown.body.activationToken,
      activation_code: '123456',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(decoy.status).toBe(400);
    expect(decoy.body.message).toBe('This code is no longer valid. Request a new code.');
  });

  it('refuses a malformed email', async () => {
    const reply = await server.client().post<ErrorReply>('/api/v1/reset-user-password', { email: 'nope' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toContainEqual({ path: 'email', message: 'Invalid format' });
  });
});

describe('set-password', () => {
  it('refuses a weak password with the exact rule and keeps the code usable', async () => {
    const user = await server.createUser();
    const { body } = await requestReset(user.email);
    const code = await resetCode(user.email);
    const weak = await setPassword({
      activation_token: body.activationToken,
      activation_code: code,
      password: 'weakpassword',
      confirmPassword: 'weakpassword',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContainEqual({ path: 'data.password', message: rule });

    const short = await setPassword({
      activation_token: body.activationToken,
      activation_code: code,
      password: 'Aa1@',
      confirmPassword: 'Aa1@',
    });
    expect(short.body.errors).toContainEqual({
      path: 'data.password',
      message: 'Must be at least 8 characters',
    });

    const mismatch = await setPassword({
      activation_token: body.activationToken,
      activation_code: code,
      password: newPassword,
      confirmPassword: `${newPassword}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toContainEqual({
      path: 'data.confirmPassword',
      message: 'Passwords do not match',
    });

    const flat = await server.client().put('/api/v1/set-password', {
      activation_token: body.activationToken,
      activation_code: code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(flat.status).toBe(400);

    const ok = await setPassword({
      activation_token: body.activationToken,
      activation_code: code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(ok.status).toBe(200);
  });

  it('sets the new password: old sessions end, the new password works, the old one fails', async () => {
    const { client, user } = await server.signIn();
    const other = server.client();
    await other.post('/api/v1/login', { email: user.email, password });
    const { body } = await requestReset(user.email);
    const code = await resetCode(user.email);

    const wrong = await setPassword({
      activation_token: body.activationToken,
      activation_code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid code. Please check the code and try again.');

    const ok = await setPassword({
      activation_token: body.activationToken,
      activation_code: code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: 'Your password has been updated. You can now log in.',
    });

    expect((await client.get('/api/v1/refresh')).status).toBe(401);
    expect((await other.get('/api/v1/refresh')).status).toBe(401);
    const live = await server.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(0);

    const oldLogin = await server.client().post('/api/v1/login', { email: user.email, password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server
      .client()
      .post('/api/v1/login', { email: user.email, password: newPassword });
    expect(newLogin.status).toBe(200);

    await server.mail(user.email, /password was changed/);
    const audit = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'PASSWORD_RESET'), eq(auditLogs.actorId, user.id)));
    expect(audit).toHaveLength(1);

    const reuse = await setPassword({
      activation_token: body.activationToken,
      activation_code: code,
      password: 'Another&Pass9',
      confirmPassword: 'Another&Pass9',
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This code has already been used. Request a new code.');
  });

  it('does not accept an activation token as a reset token', async () => {
    const user = await server.createUser({ activated: false });
    const resend = await server
      .client()
      .post<{ activationToken: string }>('/api/v1/resend-otp', { email: user.email });
    const code = codeIn((await server.mail(user.email, /Activate/)).text);
    const reply = await setPassword({
      activation_token: resend.body.activationToken,
      activation_code: code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('This code is no longer valid. Request a new code.');
    const [row] = await server.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id));
    expect(row?.consumedAt).toBeNull();
  });
});

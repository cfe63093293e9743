import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { mailOutbox } from '../db/schema/index.js';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function put(to: string, subject: string, sentAt: Date) {
  await server.database.db
    .insert(mailOutbox)
    .values({ to, subject, text: subject, html: `<p>${subject}</p>`, sentAt });
}

describe('GET /api/dev/outbox (development and tests only)', () => {
  it('answers mails newest first, filtered by recipient', async () => {
    const alice = `alice-${randomUUID().slice(0, 8)}@example.test`;
    const bob = `bob-${randomUUID().slice(0, 8)}@example.test`;
    const base = Date.UTC(2025, 0, 6, 9, 0, 0);
    await put(alice, 'second', new Date(base + 2_000));
    await put(bob, 'for bob', new Date(base + 5_000));
    await put(alice, 'first', new Date(base));
    await put(alice, 'third', new Date(base + 3_000));

    const reply = await server.client().get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(alice)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(reply.body[0]).toEqual({
      to: alice,
      subject: 'third',
      text: 'third',
      html: '<p>third</p>',
      sentAt: new Date(base + 3_000).toISOString(),
    });

    const upper = await server
      .client()
      .get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(alice.toUpperCase())}`);
    expect(upper.body.map((m) => m.subject)).toEqual(['third', 'second', 'first']);

    const all = await server.client().get<Mail[]>('/api/dev/outbox?limit=200');
    const ours = all.body.filter((m) => m.to === alice || m.to === bob).map((m) => m.subject);
    expect(ours).toEqual(['for bob', 'third', 'second', 'first']);
    for (let i = 1; i < all.body.length; i += 1) {
      expect(Date.parse(all.body[i - 1]?.sentAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(all.body[i]?.sentAt ?? ''),
      );
    }

    const limited = await server
      .client()
      .get<Mail[]>(`/api/dev/outbox?to=${encodeURIComponent(alice)}&limit=1`);
    expect(limited.body.map((m) => m.subject)).toEqual(['third']);
    expect(
      (await server.client().get(`/api/dev/outbox?to=nobody-${randomUUID()}@example.test`)).body,
    ).toEqual([]);
  });

  it('shows the mails the server sends', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.test`;
    const registered = await server.client().post('/api/v1/registration', {
      firstName: 'Out',
      lastName: 'Box',
      email,
      password: 'Analytic@1843',
      confirmPassword: 'Analytic@1843',
      termsAccepted: true,
    });
    expect(registered.status).toBe(201);
    const mail = await server.mail(email, /Activate/);
    expect(mail.to).toBe(email);
    expect(mail.text).toMatch(/Your code: \d{6}/);
  });

  it('answers only this machine itself or a signed-in admin', async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@example.test`;
    await put(victim, 'Reset your password', new Date());
    const url = `/api/dev/outbox?to=${encodeURIComponent(victim)}`;
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      server.inject({ method: 'GET', url, remoteAddress, headers });

    // Another machine without a token, with a patient's or a provider's token: refused, nothing shown.
    const stranger = await from('203.0.113.7');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain('Reset your password');
    for (const role of ['patient', 'provider'] as const) {
      const { client } = await server.signIn({ role });
      const refused = await from('203.0.113.7', { authorization: `Bearer ${client.token ?? ''}` });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.body).not.toContain('Reset your password');
    }
    // IPv6 and IPv4-mapped addresses of other machines are not local either.
    expect((await from('2001:db8::1')).statusCode).toBe(401);
    expect((await from('::ffff:198.51.100.4')).statusCode).toBe(401);

    // A signed-in admin reads it from anywhere.
    const { client: admin } = await server.signIn({ role: 'admin' });
    const allowed = await from('203.0.113.7', { authorization: `Bearer ${admin.token ?? ''}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<Mail[]>().map((m) => m.subject)).toEqual(['Reset your password']);

    // This machine (IPv4 and IPv6 loopback) reads it without a token, as the test harness does.
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const reply = await from(local);
      expect(reply.statusCode, local).toBe(200);
      expect(reply.json<Mail[]>().map((m) => m.subject)).toEqual(['Reset your password']);
    }
  });

  it('never takes a forwarded address for the machine itself, even behind a trusted proxy', async () => {
    const proxied = await startServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const url = '/api/dev/outbox';
      // A remote caller claiming to be local through X-Forwarded-For is still remote.
      const spoofed = await proxied.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode).toBe(401);
      // A request relayed by a proxy on this machine comes from anywhere: not local.
      for (const headers of [
        { 'x-forwarded-for': '203.0.113.7' },
        { forwarded: 'for=203.0.113.7' },
        { 'x-real-ip': '203.0.113.7' },
      ]) {
        const relayed = await proxied.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
        expect(relayed.statusCode, JSON.stringify(headers)).toBe(401);
      }
      expect((await proxied.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('does not send HSTS outside production', async () => {
    const reply = await server.client().get('/api/health');
    expect(reply.headers.get('strict-transport-security')).toBeNull();
  });
});

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
    });
    expect(registered.status).toBe(201);
    const mail = await server.mail(email, /Activate/);
    expect(mail.to).toBe(email);
    expect(mail.text).toMatch(/Your code: \d{6}/);
  });

  it('does not send HSTS outside production', async () => {
    const reply = await server.client().get('/api/health');
    expect(reply.headers.get('strict-transport-security')).toBeNull();
  });
});

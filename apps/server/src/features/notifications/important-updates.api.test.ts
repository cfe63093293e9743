import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.js';
import { auditLogs, importantUpdates, notifications } from '../../db/schema/index.js';
import { FANOUT_BATCH } from './important-updates.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Update {
  id: string;
  status: string;
  deliveredCount: number;
  readCount: number;
  audience: string;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ofUpdate = (id: string) =>
  server.database.db.select().from(notifications).where(eq(notifications.updateId, id));

describe('important updates', () => {
  it('publishes now to the audience, skipping those who turned team updates off, and counts delivery and reads', async () => {
    const admin = await server.signIn({ role: 'admin' });
    const reader = await server.signIn();
    const optedOut = await server.signIn();
    const provider = await server.createUser({ role: 'provider' });
    await optedOut.client.put('/api/v1/notification-settings', { impUpdates: false });
    const created = await admin.client.post<{ update: Update }>('/api/v1/admin/important-updates', {
      title: 'Scheduled maintenance',
      message: 'The app is down for 10 minutes on Sunday.',
      link: '/user/home',
      audience: 'patients',
    });
    expect(created.status).toBe(201);
    const id = created.body.update.id;
    const update = await until(
      async () =>
        (await server.database.db.select().from(importantUpdates).where(eq(importantUpdates.id, id)))[0],
      (row) => row?.status === 'published',
    );
    expect(update?.status).toBe('published');
    const rows = await ofUpdate(id);
    const recipients = rows.map((r) => r.userId);
    expect(recipients).toContain(reader.user.id);
    expect(recipients).not.toContain(optedOut.user.id);
    expect(recipients).not.toContain(provider.id);
    expect(recipients).not.toContain(admin.user.id);
    expect(new Set(recipients).size).toBe(recipients.length);
    const mine = rows.find((r) => r.userId === reader.user.id);
    expect(mine).toMatchObject({
      type: 'important_update',
      priority: 'high',
      data: { url: '/user/home', updateUrl: '/user/home', updateId: id },
    });
    await reader.client.patch(`/api/v1/notifications/${mine?.id}/read`);
    const list = await admin.client.get<{ updates: Update[] }>('/api/v1/admin/important-updates');
    const shown = list.body.updates.find((u) => u.id === id);
    expect(shown).toMatchObject({ status: 'published', deliveredCount: rows.length, readCount: 1 });
    const audited = await server.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, id));
    expect(audited.map((a) => a.action)).toContain('IMPORTANT_UPDATE_CREATED');
  });

  it('publishes a scheduled update at its time, and a withdrawn one never', async () => {
    const admin = await server.signIn({ role: 'admin' });
    const reader = await server.signIn({ role: 'provider' });
    const at = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const later = await admin.client.post<{ update: Update }>('/api/v1/admin/important-updates', {
      title: 'New feature',
      message: 'Care plans are coming.',
      audience: 'providers',
      publishAt: at,
    });
    const withdrawn = await admin.client.post<{ update: Update }>('/api/v1/admin/important-updates', {
      title: 'Never mind',
      message: 'This one is withdrawn.',
      audience: 'all',
      publishAt: at,
    });
    expect(later.body.update.status).toBe('scheduled');
    const gone = await admin.client.post<{ update: Update }>(
      `/api/v1/admin/important-updates/${withdrawn.body.update.id}/withdraw`,
    );
    expect(gone.body.update.status).toBe('withdrawn');
    expect(
      (await admin.client.post(`/api/v1/admin/important-updates/${withdrawn.body.update.id}/withdraw`))
        .status,
    ).toBe(409);
    expect(await server.services.importantUpdates.publishDue()).toBe(0);
    server.clock.advance(3600_000 + 1000);
    expect(await server.services.importantUpdates.publishDue()).toBe(1);
    const rows = await until(
      () => ofUpdate(later.body.update.id),
      (r) => r.some((n) => n.userId === reader.user.id),
    );
    expect(rows.some((n) => n.userId === reader.user.id)).toBe(true);
    expect(await ofUpdate(withdrawn.body.update.id)).toHaveLength(0);
    server.clock.reset();
  });

  it('fans out in keyed steps: a step run twice notifies nobody twice', async () => {
    const admin = await server.createUser({ role: 'admin' });
    for (let i = 0; i < 3; i += 1) await server.createUser();
    const row = await server.services.importantUpdates.create(admin.id, {
      title: 'Twice',
      message: 'Run twice.',
      audience: 'all',
      publishAt: new Date(server.clock.now().getTime() + 86_400_000),
    });
    await server.database.db
      .update(importantUpdates)
      .set({ status: 'publishing' })
      .where(eq(importantUpdates.id, row.id));
    await Promise.all([
      server.services.importantUpdates.fanout({ updateId: row.id, after: null }),
      server.services.importantUpdates.fanout({ updateId: row.id, after: null }),
    ]);
    await server.database.db
      .update(importantUpdates)
      .set({ status: 'publishing' })
      .where(eq(importantUpdates.id, row.id));
    await server.services.importantUpdates.fanout({ updateId: row.id, after: null });
    const rows = await ofUpdate(row.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThan(FANOUT_BATCH);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
  });

  it('withdrawing removes the unread notifications and keeps the read ones', async () => {
    const admin = await server.signIn({ role: 'admin' });
    const a = await server.signIn();
    const b = await server.signIn();
    const created = await admin.client.post<{ update: Update }>('/api/v1/admin/important-updates', {
      title: 'Oops',
      message: 'Sent by mistake.',
      audience: 'patients',
    });
    const id = created.body.update.id;
    const rows = await until(
      () => ofUpdate(id),
      (r) => [a.user.id, b.user.id].every((u) => r.some((n) => n.userId === u)),
    );
    const readOne = rows.find((r) => r.userId === a.user.id);
    await a.client.patch(`/api/v1/notifications/${readOne?.id}/read`);
    const withdrawn = await admin.client.post(`/api/v1/admin/important-updates/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    const left = await ofUpdate(id);
    expect(left.map((r) => r.userId)).toEqual([a.user.id]);
  });

  it('checks input and refuses other roles (403) and the signed-out (401)', async () => {
    const admin = await server.signIn({ role: 'admin' });
    const bad = [
      { title: '', message: 'x', audience: 'all' },
      { title: 'x', message: '', audience: 'all' },
      { title: 'x', message: 'x', audience: 'everyone' },
      { title: 'x', message: 'x', audience: 'all', link: 'javascript:alert(1)' },
      { title: 'x', message: 'x', audience: 'all', link: '//evil.example' },
      { title: 'x', message: 'x', audience: 'all', link: 'http://plain.example' },
      { title: 'x', message: 'x', audience: 'all', publishAt: 'tomorrow' },
      { title: 'x'.repeat(201), message: 'x', audience: 'all' },
    ];
    for (const body of bad)
      expect((await admin.client.post('/api/v1/admin/important-updates', body)).status).toBe(400);
    const clean = await admin.client.post<{ update: { title: string } }>('/api/v1/admin/important-updates', {
      title: '<b>Bold</b> news<script>alert(1)</script>',
      message: 'Fine',
      audience: 'providers',
      link: 'https://example.org/news',
    });
    expect(clean.body.update.title).toBe('Bold news');
    expect((await admin.client.post('/api/v1/admin/important-updates/not-an-id/withdraw')).status).toBe(404);
    const patient = await server.signIn();
    const provider = await server.signIn({ role: 'provider' });
    for (const { client } of [patient, provider]) {
      expect((await client.get('/api/v1/admin/important-updates')).status).toBe(403);
      expect(
        (await client.post('/api/v1/admin/important-updates', { title: 'x', message: 'x', audience: 'all' }))
          .status,
      ).toBe(403);
    }
    expect((await server.client().get('/api/v1/admin/important-updates')).status).toBe(401);
  });
});

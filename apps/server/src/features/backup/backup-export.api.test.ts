import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { backupMessages as msg } from '@mindledger/domain';
import {
  aiDocuments,
  auditLogs,
  backupExports,
  goalMentions,
  goalNotificationSettings,
  goals,
  initialJourneyMessages,
  journalEntries,
  notificationSettings,
  users,
  weeklyAutomationSettings,
} from '../../db/schema/index.js';
import { importFile } from '../../../test/backup.js';
import { connect } from '../../../test/connections.js';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { demoPng } from '../journal/demo-seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface ExportAnswer {
  id: string;
  status: string;
  fileName: string | null;
  counts: Record<string, number>;
  expiresAt: string | null;
}

async function exported(client: Client): Promise<{ done: ExportAnswer; zip: Buffer }> {
  const started = await client.post<{ data: ExportAnswer; message: string }>('/api/v1/export/initiate');
  expect(started.status).toBe(202);
  expect(started.body.message).toBe(msg.exportStarted);
  let done = started.body.data;
  for (let i = 0; i < 300 && (done.status === 'queued' || done.status === 'processing'); i++) {
    await new Promise((r) => setTimeout(r, 100));
    done = (await client.get<{ data: ExportAnswer }>(`/api/v1/export/progress/${done.id}`)).body.data;
  }
  expect(done.status).toBe('completed');
  const res = await fetch(`${server.url}/api/v1/export/download/${done.id}`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${done.fileName}"`);
  return { done, zip: Buffer.from(await res.arrayBuffer()) };
}

async function members(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.on('end', () => resolve());
    file.on('error', reject);
    file.readEntry();
  });
  return out;
}

function photoForm(seed: number, field: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([demoPng(seed)], { type: 'image/png' }), 'p.png');
  return body;
}

/** A client who has used everything a backup holds. */
async function busyClient() {
  const { client, user } = await server.signIn({ firstName: 'Rhea', lastName: 'Moss', phone: '+15550100' });
  const provider = await server.signIn({ role: 'provider' });
  await connect(server, provider.user.id, user.id);
  expect(
    (await client.request('PUT', '/api/v1/update-user-avatar', { raw: photoForm(1, 'avatar') })).status,
  ).toBe(200);
  const photo = await client.request<{ data: { fileId: string } }>('POST', '/api/v1/journal-photos', {
    raw: photoForm(2, 'photo'),
  });
  const walk = await client.post<{ data: { id: string } }>('/api/v1/goals/', {
    text: 'Walk every day',
    notes: 'After lunch',
  });
  const read = await client.post<{ data: { id: string } }>('/api/v1/goals/', { text: 'Read before bed' });
  await client.put(`/api/v1/goals/${read.body.data.id}`, { status: 'completed' });
  await provider.client.post('/api/v1/goals/', { text: 'Practise breathing', patientId: user.id });
  const bodies = [
    {
      mood: 'Fine',
      notes: 'A walk by the river.',
      journalType: 'prompt',
      emotionData: {
        primaryEmotion: 'Joy',
        intensity: 7,
        color: '#22c55e',
        category: 'positive',
        path: ['Joy'],
      },
      goalIds: [walk.body.data.id],
    },
    {
      mood: 'Not fine',
      journalType: 'chat',
      chatMessages: [
        { role: 'user', text: 'Work was heavy today.' },
        { role: 'assistant', text: 'What made it heavy?' },
        { role: 'user', text: 'Deadlines.' },
      ],
      isPrivate: true,
    },
    {
      mood: 'Awesome',
      notes: 'The lake.',
      journalType: 'photo',
      photoData: { images: [{ fileId: photo.body.data.fileId }], extractedText: 'LAKE' },
    },
  ];
  const ids: string[] = [];
  for (const body of bodies) {
    const res = await client.post<{ data: { _id: string } }>('/api/v1/create-mood', {
      userTimezone: 'UTC',
      ...body,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.data._id);
  }
  await client.put('/api/v1/update-mood-swp', {
    moodId: ids[0],
    activities: ['Reading', 'Pottery class'],
    sleepRoutine: { hours: 7.5, quality: 4 },
  });
  expect((await client.post('/api/v1/goals/goal-notification', { reminderPeriod: 'weekly' })).status).toBe(
    200,
  );
  expect((await client.put('/api/v1/notification-settings', { emailNotifications: false })).status).toBe(200);
  expect((await client.put('/api/v1/automated-weekly-summary-settings', { automationDay: 3 })).status).toBe(
    200,
  );
  const db = server.database.db;
  await db.insert(initialJourneyMessages).values([
    { patientId: user.id, seq: 1, role: 'assistant', text: 'What brings you here?' },
    { patientId: user.id, seq: 2, role: 'user', text: 'Sleep and worry.' },
  ]);
  await db.insert(aiDocuments).values({
    patientId: user.id,
    kind: 'weeklyReport',
    content: {
      title: 'Your week',
      subtitle: 'A look back',
      startDate: '2026-01-05',
      endDate: '2026-01-11',
      summary: 'A steady week.',
      sections: [],
      reflectionQuestions: [],
      disclaimer: 'Not medical advice.',
    },
    model: 'local',
    promptVersion: 'v1',
    periodStart: '2026-01-05',
    periodEnd: '2026-01-11',
    generatedAt: new Date('2026-01-12T00:00:00Z'),
  });
  return { client, user, photoId: photo.body.data.fileId };
}

/** Everything of the user's that a backup carries, in a form two accounts can be compared in. */
async function snapshot(userId: string) {
  const db = server.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const entries = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.patientId, userId), eq(journalEntries.deleted, false)))
    .orderBy(asc(journalEntries.entryAt));
  const goalRows = await db
    .select()
    .from(goals)
    .where(eq(goals.patientId, userId))
    .orderBy(asc(goals.createdAt));
  const mentions = await db.select().from(goalMentions).where(eq(goalMentions.patientId, userId));
  const photos = await Promise.all(
    entries.flatMap((e) =>
      (e.photoData?.images ?? []).map((i) => server.ctx.files.get(`journal/${userId}/${i.fileId}`)),
    ),
  );
  const avatar = user?.avatarKey ? await server.ctx.files.get(user.avatarKey) : null;
  const goalText = new Map(goalRows.map((g) => [g.id, g.text]));
  return {
    // ids, owners, import keys, edit times and the emotion mapping's own time differ by nature
    profile: {
      firstName: user?.firstName,
      lastName: user?.lastName,
      timezone: user?.timezone,
      phone: user?.phone,
    },
    avatar: avatar?.body.toString('base64'),
    entries: entries.map(
      ({
        id: _i,
        patientId: _p,
        importKey: _k,
        updatedAt: _u,
        searchText: _s,
        photoData,
        emotion,
        ...rest
      }) => ({
        ...rest,
        emotion: { ...emotion, mappedAt: undefined },
        photoData: photoData ? { ...photoData, images: photoData.images.length } : null,
      }),
    ),
    photos: photos.map((p) => p?.body.toString('base64')),
    goals: goalRows
      .filter((g) => g.type === 'personal')
      .map(({ id: _i, patientId: _p, createdBy: _c, importKey: _k, updatedAt: _u, ...rest }) => rest),
    mentions: mentions
      .map(
        (m) =>
          `${goalText.get(m.goalId)}|${m.moodType}|${m.createdAt.toISOString()}|${m.entryId ? 'entry' : 'loose'}`,
      )
      .sort(),
    goalReminder: (
      await db.select().from(goalNotificationSettings).where(eq(goalNotificationSettings.patientId, userId))
    )[0]?.reminderPeriod,
    notifications: (
      await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))
    )[0]?.settings,
    weekly: (
      await db.select().from(weeklyAutomationSettings).where(eq(weeklyAutomationSettings.patientId, userId))
    ).map((w) => [w.automaticGeneration, w.automationDay]),
    messages: (
      await db
        .select()
        .from(initialJourneyMessages)
        .where(eq(initialJourneyMessages.patientId, userId))
        .orderBy(asc(initialJourneyMessages.seq))
    ).map((m) => [m.seq, m.role, m.text]),
    documents: (await db.select().from(aiDocuments).where(eq(aiDocuments.patientId, userId))).map(
      ({ id: _i, patientId: _p, createdAt: _c, ...rest }) => rest,
    ),
  };
}

describe('backup export', () => {
  it('builds one archive of everything the client owns, with their photos and avatar, audited', async () => {
    const { client, user, photoId } = await busyClient();
    const { done, zip } = await exported(client);
    expect(done.counts).toMatchObject({ entries: 3, goals: 3, photos: 1, documents: 1, messages: 2 });
    const files = await members(zip);
    expect([...files.keys()].sort()).toEqual(
      ['backup.json', `photos/${photoId}`, expect.stringMatching(/^avatar\/[a-f0-9]{24}\.png$/)].sort(),
    );
    const doc = JSON.parse(files.get('backup.json')!.toString('utf8'));
    expect(doc).toMatchObject({
      format: 'mindledger-backup',
      version: 1,
      profile: { firstName: 'Rhea', email: user.email },
    });
    expect(doc.entries).toHaveLength(3);
    expect(doc.entries.find((e: { isPrivate: boolean }) => e.isPrivate).chatMessages).toHaveLength(3);
    expect(doc.goals.map((g: { type: string }) => g.type).sort()).toEqual([
      'personal',
      'personal',
      'therapist',
    ]);
    expect(doc.settings).toMatchObject({
      goalReminderPeriod: 'weekly',
      weeklyAutomation: { automationDay: 3 },
    });
    expect(files.get(`photos/${photoId}`)!.equals(demoPng(2))).toBe(true);
    const audited = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'EXPORT_DATA'), eq(auditLogs.resourceId, done.id)));
    expect(audited.map((a) => (a.metadata as { operation: string }).operation).sort()).toEqual([
      'download',
      'initiate',
    ]);

    // another client cannot read it; after 24 hours it is gone
    const other = await server.signIn();
    expect((await other.client.get(`/api/v1/export/progress/${done.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/v1/export/download/${done.id}`)).status).toBe(404);
    await server.database.db
      .update(backupExports)
      .set({ expiresAt: new Date(server.clock.now().getTime() - 1) })
      .where(eq(backupExports.id, done.id));
    const gone = await client.get<{ message: string }>(`/api/v1/export/download/${done.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(msg.exportNotFound);
    expect((await server.services.backup.purge()).exports).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db.select().from(backupExports).where(eq(backupExports.id, done.id));
    expect(row).toMatchObject({ status: 'expired', fileKey: null });
  });
});

describe('the round trip', () => {
  it('export → delete the account → register again → import: the same journal, goals, settings and documents', async () => {
    const { client, user } = await busyClient();
    const before = await snapshot(user.id);
    const { zip } = await exported(client);
    expect((await client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' })).status).toBe(
      200,
    );

    const again = await server.signIn({ firstName: 'New', lastName: 'Person' });
    const done = await importFile(again.client, zip, 'mindledger-backup.zip', {
      importOptions: { onConflict: 'replace' },
    });
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({
      added: { entries: 3, goals: 2, documents: 1, messages: 2, photos: 1 },
      profile: true,
      settings: true,
    });
    expect(done.result!.notImported).toEqual([
      {
        where: 'goals[2]',
        message: '"Practise breathing" is a therapist goal: your provider sets it again if it still applies.',
      },
    ]);
    const after = await snapshot(again.user.id);
    expect(after).toEqual(before);

    // the same archive again, with skip: nothing added
    const repeat = await importFile(again.client, zip, 'mindledger-backup.zip');
    expect(repeat.result!.added).toMatchObject({ entries: 0, goals: 0, documents: 0, messages: 0 });
    expect(await snapshot(again.user.id)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import yazl from 'yazl';
import { backupMessages as msg, goalMessages } from '@mindledger/domain';
import { aiDocuments, backupImports, goalMentions, goals, journalEntries } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { therapistProfile } from '../../platform/ai/local/documents/therapist-profile.js';
import { journeyInput } from '../../platform/ai/local/documents/test-fixtures.js';
import {
  confirmImport,
  daylioCsv,
  importFile,
  previewImport,
  settledImport,
  uploadImport,
} from '../../../test/backup.js';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const entriesOf = (patientId: string) =>
  server.database.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.patientId, patientId), eq(journalEntries.deleted, false)));
const goalsOf = (patientId: string) =>
  server.database.db
    .select()
    .from(goals)
    .where(and(eq(goals.patientId, patientId), eq(goals.deleted, false)));

function zipOf(members: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(members))
    zip.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** backup.json as our export lays it out: the head, then `"entries": [` and one entry a line. */
function exportLayout(doc: { entries: unknown[] } & Record<string, unknown>): string {
  const { entries, ...head } = doc;
  const lines = entries.map((e, i) => `${i ? ',' : ''}\n  ${JSON.stringify(e)}`).join('');
  return `${JSON.stringify(head, null, 1).slice(0, -2)},\n "entries": [${lines}\n ]\n}\n`;
}

describe('reading a backup archive', () => {
  const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
  const backupOf = (count: number, broken: boolean) => ({
    format: 'mindledger-backup',
    version: 1,
    exportedAt: new Date().toISOString(),
    profile: { firstName: 'Ana', lastName: 'Lee', timezone: 'UTC' },
    goals: [{ id: 'g1', type: 'personal', text: 'Walk every day', status: 'active' }],
    entries: Array.from({ length: count }, (_, i) => ({
      id: `e${i}`,
      entryAt: day(i),
      userTimezone: 'UTC',
      mood: broken && i === 1 ? 'x'.repeat(201) : 'Fine',
      notes: `Entry ${i}, café ☕`,
      journalType: 'prompt',
      goalIds: broken && i === 2 ? ['nope'] : i % 3 === 0 ? ['g1'] : [],
    })),
  });

  it('reads our export’s layout an entry at a time and any other layout whole, with the same findings', async () => {
    const { client } = await server.signIn();
    const doc = backupOf(4, true);
    const findings: string[][] = [];
    for (const text of [exportLayout(doc), JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
      const up = await uploadImport(client, await zipOf({ 'backup.json': text }), 'backup.zip');
      expect(up.status).toBe(201);
      const res = await client.post<{ data: { valid: boolean; problems: { where: string }[] } }>(
        '/api/v1/import/validate',
        { importId: up.body.data.importId },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.valid).toBe(false);
      findings.push(res.body.data.problems.map((p) => p.where).sort());
    }
    expect(findings[0]).toEqual(['entries[1].mood', 'entries[2].goalIds']);
    expect(findings[1]).toEqual(findings[0]);
    expect(findings[2]).toEqual(findings[0]);
  });

  it('imports a streamed backup of 250 entries in batches, each with its goal links', async () => {
    const { client, user } = await server.signIn();
    const zip = await zipOf({ 'backup.json': exportLayout(backupOf(250, false)) });
    const done = await importFile(client, zip, 'backup.zip');
    expect(done).toMatchObject({ status: 'completed', result: { added: { entries: 250, goals: 1 } } });
    const rows = await entriesOf(user.id);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.notes))).toContain('Entry 249, café ☕');
    const [goal] = await goalsOf(user.id);
    const links = await server.database.db
      .select()
      .from(goalMentions)
      .where(eq(goalMentions.goalId, goal!.id));
    expect(links.filter((l) => l.entryId)).toHaveLength(84);
    // the same file again, skipping what is there: nothing added
    const again = await importFile(client, zip, 'backup.zip');
    expect(again.result!.added.entries).toBe(0);
    expect(await entriesOf(user.id)).toHaveLength(250);
  });
});

describe('Initial Journey documents in a backup', () => {
  it('keep the private entries they drew on; an older file is counted at its most, so sharing asks for consent', async () => {
    const { client, user } = await server.signIn();
    const provider = await server.signIn({ role: 'provider' });
    await connect(server, provider.user.id, user.id);
    const content = therapistProfile(journeyInput);
    const document = (id: string, generatedAt: string, privateEntriesUsed?: number) => ({
      id,
      kind: 'therapistProfile',
      content,
      generatedAt,
      ...(privateEntriesUsed === undefined ? {} : { privateEntriesUsed }),
    });
    const backup = {
      format: 'mindledger-backup',
      version: 1,
      exportedAt: '2025-03-10T12:00:00.000Z',
      profile: { firstName: 'Ana', lastName: 'Lee', timezone: 'UTC' },
      entries: [
        {
          id: 'e1',
          entryAt: '2025-03-01T09:00:00.000Z',
          userTimezone: 'UTC',
          mood: 'Angry',
          notes: 'Kept to myself.',
          journalType: 'prompt',
          isPrivate: true,
          emotionData: { primaryEmotion: 'Anger', intensity: 7, category: 'negative', path: ['Anger'] },
        },
      ],
      documents: [
        document('older', '2025-03-02T12:00:00.000Z'),
        document('counted', '2025-03-03T12:00:00.000Z', 0),
        document('before', '2025-01-10T12:00:00.000Z'),
      ],
    };
    const done = await importFile(client, await zipOf({ 'backup.json': exportLayout(backup) }), 'backup.zip');
    expect(done).toMatchObject({ status: 'completed', result: { added: { entries: 1, documents: 3 } } });
    const rows = await server.database.db
      .select()
      .from(aiDocuments)
      .where(eq(aiDocuments.patientId, user.id))
      .orderBy(aiDocuments.generatedAt);
    // seven weeks before the private entry: none; the day after it, an older file's: at its most;
    // the file's own count as it says
    expect(rows.map((r) => r.privateEntriesUsed)).toEqual([0, 1, 0]);

    const share = (documentId: string) =>
      client.post<{ code?: string }>('/api/ai/share-summary', {
        doctorEmail: provider.user.email,
        summaryTableName: 'ij-therapistprofiles',
        documentId,
      });
    const older = rows.find((r) => r.generatedAt.toISOString() === '2025-03-02T12:00:00.000Z')!;
    const refused = await share(older.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PRIVATE_ENTRIES_CONSENT_REQUIRED');
    const counted = rows.find((r) => r.generatedAt.toISOString() === '2025-03-03T12:00:00.000Z')!;
    expect((await share(counted.id)).status).toBe(200);
  });
});

describe('importing from Daylio', () => {
  it('previews, then imports every row with our moods, activities, times and zones; twice adds nothing', async () => {
    const { client, user } = await server.signIn();
    const up = await uploadImport(client, daylioCsv, 'daylio_export.csv');
    expect(up.status).toBe(201);
    const preview = await previewImport(client, up.body.data.importId, { timezone: 'Europe/Paris' });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      source: 'daylio',
      valid: true,
      counts: { entries: 5, goals: 0 },
      add: { entries: 5 },
      conflicts: [],
    });
    expect(await entriesOf(user.id)).toHaveLength(0); // a preview writes nothing
    const done = await confirmImport(client, up.body.data.importId, {
      importOptions: { timezone: 'Europe/Paris' },
    });
    expect(done).toMatchObject({ status: 'completed', result: { added: { entries: 5 } } });
    const rows = (await entriesOf(user.id)).sort((a, b) => a.entryAt.getTime() - b.entryAt.getTime());
    expect(rows.map((r) => [r.mood, r.primaryEmotion, r.sentiment])).toEqual([
      ['Awesome', 'Joy', 'positive'],
      ['Okay', 'Indifferent', 'neutral'],
      ['Very bad', 'Sadness', 'negative'],
      ['Not fine', 'Fear', 'negative'],
      ['Fine', 'Calm', 'positive'],
    ]);
    expect(rows[0]).toMatchObject({
      localDay: '2024-03-05',
      userTimezone: 'Europe/Paris',
      notes: 'Dinner\n\nLovely evening\nwith Sam',
      activities: ['friends', 'reading'],
    });
    expect(rows[0]!.entryAt.toISOString()).toBe('2024-03-05T20:14:00.000Z');

    // the same file again, conflicts skipped (the default): nothing added
    const again = await uploadImport(client, daylioCsv, 'daylio_export.csv');
    const second = await previewImport(client, again.body.data.importId, { timezone: 'Europe/Paris' });
    expect(second.body.data.conflicts).toHaveLength(5);
    expect(second.body.data.conflicts[0]!.reason).toBe('This entry was imported before.');
    expect(second.body.data.add.entries).toBe(0);
    const repeat = await confirmImport(client, again.body.data.importId, {
      importOptions: { timezone: 'Europe/Paris' },
    });
    expect(repeat.result).toMatchObject({ added: { entries: 0 }, skipped: 5 });
    expect(await entriesOf(user.id)).toHaveLength(5);
  });

  it('resolves each conflict as chosen: skip, replace, keep both', async () => {
    const { client, user } = await server.signIn();
    await importFile(client, daylioCsv, 'd.csv', { importOptions: { timezone: 'UTC' } });
    const up = await uploadImport(client, daylioCsv, 'd.csv');
    const done = await confirmImport(client, up.body.data.importId, {
      importOptions: { timezone: 'UTC', onConflict: 'skip' },
      conflictResolutions: { e0: 'replace', e1: 'keepBoth' },
    });
    expect(done.result).toMatchObject({ replaced: 1, keptBoth: 1, skipped: 3 });
    const rows = await entriesOf(user.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.localDay === '2024-03-06')).toHaveLength(2);
    expect(rows.filter((r) => r.localDay === '2024-03-05')).toHaveLength(1);
    const unknown = await uploadImport(client, daylioCsv, 'd.csv');
    const refused = await client.post<{ message: string }>('/api/v1/import/confirm', {
      importId: unknown.body.data.importId,
      importOptions: { timezone: 'UTC' },
      conflictResolutions: { e99: 'replace' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(msg.unknownConflict);
  });

  it('lists every unreadable row with its line and imports nothing until mapped', async () => {
    const { client, user } = await server.signIn();
    const csv = `${daylioCsv}\n2024-03-10,March 10,Sunday,10:00,sleepy,,,\n05/03/2024,x,y,10:00,rad,,,`;
    const up = await uploadImport(client, csv, 'd.csv');
    const checked = await client.post<{
      data: { valid: boolean; problems: { where: string; message: string }[]; unknownMoods: string[] };
    }>('/api/v1/import/validate', { importId: up.body.data.importId, importOptions: { timezone: 'UTC' } });
    expect(checked.body.data.valid).toBe(false);
    expect(checked.body.data.problems.map((p) => p.where)).toEqual(['line 7', 'line 8']);
    expect(checked.body.data.unknownMoods).toEqual(['sleepy']);
    const mapped = await client.post<{ data: { problems: { where: string }[] } }>('/api/v1/import/validate', {
      importId: up.body.data.importId,
      importOptions: { timezone: 'UTC', moodMap: { sleepy: 'Okay' } },
    });
    expect(mapped.body.data.problems.map((p) => p.where)).toEqual(['line 8']);
    const refused = await client.post<{ message: string; errors: unknown[] }>('/api/v1/import/confirm', {
      importId: up.body.data.importId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(msg.notValidated);
    expect(refused.body.errors).toHaveLength(2);
    expect(await entriesOf(user.id)).toHaveLength(0);
  });
});

describe('templates and other files', () => {
  it('imports our CSV of date, mood, notes; neutralises formula cells', async () => {
    const { client, user } = await server.signIn();
    const csv =
      'date,mood,notes\n2024-01-02,Fine,"=HYPERLINK(""http://x"",""y"")"\n2024-01-03,Not fine,+SUM(A1)\n';
    await importFile(client, csv, 'mine.csv');
    const rows = (await entriesOf(user.id)).sort((a, b) => a.localDay.localeCompare(b.localDay));
    expect(rows.map((r) => r.notes[0])).toEqual(["'", "'"]);
    expect(rows[1]!.notes).toBe("'+SUM(A1)");
  });

  it('imports goals from the goals template within the goal limits, and says what was not imported', async () => {
    const { client, user } = await server.signIn();
    const lines = ['text,notes,status,targetDate,priority,categories'];
    for (let i = 1; i <= 7; i++) lines.push(`Goal number ${i},,active,,3,health`);
    lines.push('Finished one,,completed,,2,');
    const done = await importFile(client, lines.join('\n'), 'goals.csv');
    expect(done.result!.added.goals).toBe(6);
    expect(done.result!.notImported.map((n) => n.message)).toEqual([
      `"Goal number 6": ${goalMessages.maximumOfType('personal')}`,
      `"Goal number 7": ${goalMessages.maximumOfType('personal')}`,
    ]);
    const rows = await goalsOf(user.id);
    expect(rows.filter((g) => !g.completed)).toHaveLength(5);
    expect(rows.find((g) => g.text === 'Finished one')?.completed).toBe(true);
  });

  it('serves the templates and their description', async () => {
    const { client } = await server.signIn();
    const info = await client.get<{ data: { type: string }[] }>('/api/v1/import/template-info');
    expect(info.body.data.map((t) => t.type)).toEqual(['entries', 'goals']);
    const csv = await client.get<string>('/api/v1/import/template/entries?format=csv&includeExamples=true');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="mindledger-entries-template.csv"',
    );
    expect(String(csv.body).split('\r\n')[0]).toBe('date,time,timezone,mood,notes,activities,private');
    // the template with its examples imports as it is
    const { client: other, user } = await server.signIn();
    await importFile(other, String(csv.body), 'template.csv');
    expect(await entriesOf(user.id)).toHaveLength(2);
    expect((await client.get('/api/v1/import/template/moods')).status).toBe(400);
    const options = await client.get<{ data: { conflictResolutions: string[] } }>('/api/v1/import/options');
    expect(options.body.data.conflictResolutions).toEqual(['skip', 'replace', 'keepBoth']);
  });
});

describe('hostile files change nothing', () => {
  it('refuses a ZIP bomb, a path outside the archive, a 50 MB+ file, malformed UTF-8 and junk, each clearly', async () => {
    const { client, user } = await server.signIn();
    const bomb = await zipOf({ 'backup.json': Buffer.alloc(30 * 1024 * 1024) });
    const traversal = await zipOf({ 'xx/evil.txt': 'x', 'backup.json': '{}' });
    const cases: [Buffer | string, string, number, string][] = [
      [bomb, 'bomb.zip', 400, msg.zipBomb],
      [
        Buffer.from(traversal.toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1'),
        'evil.zip',
        400,
        msg.unsafePath,
      ],
      [
        Buffer.from([0x64, 0x61, 0x74, 0x65, 0x2c, 0x6d, 0x6f, 0x6f, 0x64, 0x0a, 0xff, 0xfe, 0x2c, 0x41]),
        'bad.csv',
        400,
        msg.notUtf8,
      ],
      ['{"not": "ours"}', 'x.json', 400, msg.unknownFormat],
      ['{"format":"mindledger-backup","version":99}', 'new.json', 400, msg.newerVersion],
      [Buffer.from('PK\u0003\u0004garbage'), 'broken.zip', 400, msg.badZip],
    ];
    for (const [data, name, status, message] of cases) {
      const up = await uploadImport(client, data, name);
      expect(up.status, name).toBe(201);
      const res = await client.post<{ message: string }>('/api/v1/import/validate', {
        importId: up.body.data.importId,
      });
      expect(res.status, name).toBe(status);
      expect(res.body.message, name).toBe(message);
    }
    const huge = await uploadImport(client, Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), 'huge.csv');
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(msg.tooLarge);
    expect(await entriesOf(user.id)).toHaveLength(0);
  });

  it('refuses days and instants outside the years a journal can mean; odd times of its own rows are left out', async () => {
    const { client, user } = await server.signIn();
    const backup = (entry: Record<string, unknown>, goal: Record<string, unknown> = {}) =>
      zipOf({
        'backup.json': JSON.stringify({
          format: 'mindledger-backup',
          version: 1,
          exportedAt: new Date().toISOString(),
          profile: { firstName: 'Ana', lastName: 'Lee', timezone: 'UTC' },
          goals: [{ id: 'g1', type: 'personal', text: 'Walk every day', status: 'completed', ...goal }],
          entries: [
            {
              id: 'e1',
              entryAt: '2025-01-01T10:00:00Z',
              userTimezone: 'UTC',
              mood: 'Fine',
              notes: 'A calm day.',
              journalType: 'prompt',
              goalIds: ['g1'],
              ...entry,
            },
          ],
        }),
      });
    // year -271821 (the first Date), year 0 (PostgreSQL has none), month 13: each a problem, no 500
    const refused: [Record<string, unknown>, string][] = [
      [{ entryAt: '-271821-04-20T00:00:00Z' }, 'entries[0].entryAt'],
      [{ localDay: '0000-01-01' }, 'entries[0].localDay'],
      [{ localDay: '2026-13-45' }, 'entries[0].localDay'],
    ];
    for (const [entry, where] of refused) {
      const up = await uploadImport(client, await backup(entry), 'backup.zip');
      const res = await previewImport(client, up.body.data.importId);
      expect(res.status, where).toBe(200);
      expect(res.body.data.valid, where).toBe(false);
      expect(res.body.data.problems, where).toEqual([{ where, message: 'Please enter a valid date' }]);
    }
    expect(await entriesOf(user.id)).toHaveLength(0);
    // the file's own creation and completion times outside them are not kept (the entry's time and
    // the import's stand in for them); the rest is imported
    const done = await importFile(
      client,
      await backup({ createdAt: '+275760-09-13T00:00:00Z' }, { completedAt: '-200000-01-01T00:00:00Z' }),
      'backup.zip',
    );
    expect(done).toMatchObject({ status: 'completed', result: { added: { entries: 1, goals: 1 } } });
    const [entry] = await entriesOf(user.id);
    expect(entry!.createdAt.toISOString()).toBe('2025-01-01T10:00:00.000Z');
    const [goal] = await goalsOf(user.id);
    expect(goal!.completedAt!.getTime()).toBeGreaterThan(Date.parse('2025-01-02'));
  });

  it('answers a multipart body cut off in the middle of the file instead of waiting for its end', async () => {
    const { client } = await server.signIn();
    const boundary = 'cutboundary';
    const whole = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(daylioCsv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await Promise.race([
      server.app.inject({
        method: 'POST',
        url: '/api/v1/import/initiate',
        headers: {
          authorization: `Bearer ${client.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: whole.subarray(0, Math.floor(whole.length / 2)),
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 10 s')), 10_000)),
    ]);
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
  });

  it('never lets another user reach an import, nor a file reach another user’s data', async () => {
    const a = await server.signIn();
    const b = await server.signIn();
    const up = await uploadImport(a.client, daylioCsv, 'd.csv');
    const id = up.body.data.importId;
    for (const [method, path, body] of [
      ['GET', `/api/v1/import/progress/${id}`, undefined],
      ['POST', `/api/v1/import/cancel/${id}`, {}],
      ['POST', '/api/v1/import/preview', { importId: id }],
      ['POST', '/api/v1/import/confirm', { importId: id }],
    ] as const) {
      const res = await b.client.request<{ message: string }>(method, path, body ? { body } : {});
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(msg.importNotFound);
    }
    // A's entry ids in B's file: B gets new entries of their own; A's stay as they were
    await importFile(a.client, daylioCsv, 'd.csv', { importOptions: { timezone: 'UTC' } });
    const before = await entriesOf(a.user.id);
    const doc = {
      format: 'mindledger-backup',
      version: 1,
      exportedAt: new Date().toISOString(),
      profile: { firstName: 'B', lastName: 'B', timezone: 'UTC' },
      entries: before.map((e) => ({
        id: e.id,
        entryAt: e.entryAt.toISOString(),
        userTimezone: 'UTC',
        mood: 'Fine',
        notes: 'Overwritten?',
        journalType: 'prompt',
      })),
    };
    const done = await importFile(b.client, JSON.stringify(doc), 'b.json', {
      importOptions: { onConflict: 'replace' },
    });
    expect(done.result!.added.entries).toBe(before.length);
    expect(await entriesOf(a.user.id)).toEqual(before);
    expect((await entriesOf(b.user.id)).every((e) => !before.some((x) => x.id === e.id))).toBe(true);
  });

  it(
    'an import whose run died with its process fails within a minute; confirm then answers so',
    { timeout: 60_000 },
    async () => {
      const service = server.services.backup as unknown as {
        running: Map<string, { controller: AbortController; progress: number }>;
      };
      const { client, user } = await server.signIn();
      const lost = (await uploadImport(client, daylioCsv, 'd.csv')).body.data.importId;
      const next = (await uploadImport(client, daylioCsv, 'e.csv')).body.data.importId;
      // What a process killed in the middle of a run leaves: the import started (its run wrote
      // progress and its last heartbeat 50 s ago), its job taken, and no run anywhere.
      const at = (ms: number) => new Date(server.clock.now().getTime() - ms);
      const set = (id: string, values: Partial<typeof backupImports.$inferInsert>) =>
        server.database.db.update(backupImports).set(values).where(eq(backupImports.id, id));
      await set(lost, { status: 'importing', progress: 12, updatedAt: at(50_000) });
      const busy = await client.post('/api/v1/import/confirm', {
        importId: next,
        importOptions: { timezone: 'UTC' },
      });
      expect(busy.status).toBe(409);
      expect(busy.body).toMatchObject({ message: msg.running });

      // Beside it: a run alive in this process, and an import whose job waits in the queue (not
      // started), both as quiet: neither is touched.
      const other = await server.signIn();
      const alive = (await uploadImport(other.client, daylioCsv, 'd.csv')).body.data.importId;
      await set(alive, { status: 'importing', progress: 30, updatedAt: at(50_000) });
      service.running.set(alive, { controller: new AbortController(), progress: 30 });
      const third = await server.signIn();
      const queued = (await uploadImport(third.client, daylioCsv, 'd.csv')).body.data.importId;
      await set(queued, { status: 'importing', progress: 0, updatedAt: at(50_000) });

      try {
        // the jobs' tick fails it: within the minute since the run's last sign of life
        await server.ctx.jobs.tick();
        let seen = await client.get<{ data: { status: string; error: string | null } }>(
          `/api/v1/import/progress/${lost}`,
        );
        for (let i = 0; seen.body.data.status === 'importing' && i < 150; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          seen = await client.get(`/api/v1/import/progress/${lost}`);
        }
        expect(seen.body.data).toMatchObject({ status: 'failed', error: msg.failed });
        expect(await entriesOf(user.id)).toHaveLength(0);
        const history = await client.get<{ data: { imports: { importId: string; error: string }[] } }>(
          '/api/v1/import/history',
        );
        expect(history.body.data.imports.find((i) => i.importId === lost)?.error).toBe(msg.failed);

        // confirm of the failed one answers its failure; the client's next import runs
        const again = await client.post('/api/v1/import/confirm', { importId: lost });
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ message: msg.failed });
        const done = await confirmImport(client, next, { importOptions: { timezone: 'UTC' } });
        expect(done.status).toBe('completed');

        const [stillAlive] = await server.database.db
          .select()
          .from(backupImports)
          .where(eq(backupImports.id, alive));
        const [stillQueued] = await server.database.db
          .select()
          .from(backupImports)
          .where(eq(backupImports.id, queued));
        expect([stillAlive?.status, stillQueued?.status]).toEqual(['importing', 'importing']);
      } finally {
        service.running.delete(alive);
        for (const id of [alive, queued]) await set(id, { status: 'cancelled', progress: 0 });
      }
    },
  );

  it('a cancel or a failure in the middle leaves nothing; an upload can be cancelled', async () => {
    const { client, user } = await server.signIn();
    const service = server.services.backup as unknown as {
      running: Map<string, { controller: AbortController }>;
      repo: { recount: (...args: unknown[]) => Promise<void> };
    };
    const up = await uploadImport(client, daylioCsv, 'd.csv');
    const spy = vi.spyOn(service.repo, 'recount').mockImplementationOnce(async () => {
      // the cancel arrives after the entries were written, before the commit
      service.running.get(up.body.data.importId)?.controller.abort();
    });
    const cancelled = await confirmImport(client, up.body.data.importId, {
      importOptions: { timezone: 'UTC' },
    });
    expect(cancelled.status).toBe('cancelled');
    expect(await entriesOf(user.id)).toHaveLength(0);

    const second = await uploadImport(client, daylioCsv, 'd.csv');
    spy.mockImplementationOnce(async () => {
      throw new Error('the machine went away');
    });
    const failed = await confirmImport(client, second.body.data.importId, {
      importOptions: { timezone: 'UTC' },
    });
    expect(failed).toMatchObject({ status: 'failed', error: msg.failed });
    expect(await entriesOf(user.id)).toHaveLength(0);
    spy.mockRestore();

    const third = await uploadImport(client, daylioCsv, 'd.csv');
    const res = await client.post<{ message: string; data: { status: string } }>(
      `/api/v1/import/cancel/${third.body.data.importId}`,
    );
    expect(res.body).toMatchObject({ message: msg.cancelled, data: { status: 'cancelled' } });
    expect((await client.post(`/api/v1/import/cancel/${third.body.data.importId}`)).status).toBe(409);
    expect((await client.post('/api/v1/import/confirm', { importId: third.body.data.importId })).status).toBe(
      409,
    );
    const history = await client.get<{ data: { imports: { status: string }[] } }>('/api/v1/import/history');
    expect(history.body.data.imports.map((i) => i.status)).toEqual(['cancelled', 'failed', 'cancelled']);
    const [row] = await server.database.db
      .select()
      .from(backupImports)
      .where(eq(backupImports.id, third.body.data.importId));
    expect(row?.fileKey).toBeNull();
    void settledImport;
  });
});

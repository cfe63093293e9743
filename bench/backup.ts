import { execFileSync, type ChildProcess } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { createWriteStream, openAsBlob, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { deflateSync } from 'node:zlib';
import { backupLimits, suggestedActivities } from '@mindledger/domain';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { bodies, emotionCombos, openers } from './journal.js';
import { login } from './lib.js';
import { startServer, startWorker, type RunningServer, type RunningWorker } from './server.js';

/**
 * Backup export and import (issue 17), PostgreSQL only: one client with BACKUP_ENTRIES journal
 * entries over BACKUP_DAYS days, BACKUP_PHOTOS of them photo entries with one PNG each (100–400 KB,
 * written straight into the server's files folder), 8 goals linked from entries, settings, an
 * Initial Journey conversation and an avatar. On the built server (jobs in process, or with
 * BENCH_BACKUP_JOBS=worker in the built worker process): the export (initiate → completed), its
 * download, then the import of that ZIP into a fresh second client (upload, preview, confirm →
 * completed), 1 + BACKUP_REPEAT times; wall time and the server process's resident memory (VmRSS
 * sampled every SAMPLE_MS, VmHWM reset before each phase through /proc/<pid>/clear_refs) against the
 * idle server's, and the worker's against its own idle RSS when it runs the jobs. The measuring
 * helpers are those of clinical-export.ts (copied: that file keeps them to itself).
 */
export const BACKUP_ENTRIES = Number(process.env.BENCH_BACKUP_ENTRIES ?? 5000);
export const BACKUP_PHOTOS = Number(process.env.BENCH_BACKUP_PHOTOS ?? 200);
/** The span the entries cover, ending now (~3 years). */
export const BACKUP_DAYS = 1095;
/** Photo sizes: from PHOTO_MIN_KB to PHOTO_MAX_KB, spread as min + (max − min)·u^PHOTO_SKEW (u even on [0, 1)). */
const PHOTO_MIN_KB = 100;
const PHOTO_MAX_KB = 400;
const PHOTO_SKEW = Number(process.env.BENCH_BACKUP_PHOTO_SKEW ?? 2);
/**
 * Where the export and import jobs run: `in-process` (default: JOBS_IN_PROCESS=true, the API server
 * runs them) or `worker` (BENCH_BACKUP_JOBS=worker: the server with JOBS_IN_PROCESS=false and the
 * built worker, apps/server/dist/worker.js, with the same environment; both processes measured).
 */
export const JOBS_MODE = process.env.BENCH_BACKUP_JOBS === 'worker' ? 'worker' : 'in-process';
/** How the phases name where the job ran. */
const JOB_WHERE = JOBS_MODE === 'worker' ? 'job in the worker' : 'job in process';
/** Rounds of (export, download, import into a fresh client) after the first: does memory keep growing? */
const REPEAT = Number(process.env.BENCH_BACKUP_REPEAT ?? 2);
/** The target of issue 17: peak RSS over the idle server's. */
export const RSS_TARGET_MB = 100;
/** The import's limit: a backup bigger than this cannot be imported. */
const UPLOAD_LIMIT = backupLimits.maxUploadBytes;
const SAMPLE_MS = 50;
const HEAP_SAMPLE_MS = 100;
const POLL_MS = 100;
const JOB_DEADLINE_MS = 15 * 60_000;
const BATCH = 1000;
const PRIVATE_SHARE = 0.04;
const DAY_MS = 86_400_000;
const SOURCE_EMAIL = 'patient@demo.local';
const importEmail = (round: number) => `backup-import-${round}@bench.local`;

const log = (message: string) =>
  console.info(`[backup] ${new Date().toISOString().slice(11, 19)} ${message}`);
const fmt = (n: number) => n.toLocaleString('en-US');
const round1 = (n: number) => Math.round(n * 10) / 10;
const mb = (kb: number) => round1(kb / 1024);
const mib = (bytes: number) => round1(bytes / 2 ** 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic PRNG (mulberry32): the same data on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const hex = (r: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(r() * 16).toString(16)).join('');

// /proc readings of the server process

function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Resets the process's VmHWM to its current RSS (Linux ≥ 4.0); false when not allowed. */
function resetHwm(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A port nobody listens on (other benches may run on this machine at the same time). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Photos: real PNGs of noise (incompressible, like a photo's JPEG data), deterministic

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i += 1) c = crcTable[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/**
 * A valid RGB PNG of about `bytes` bytes: 640 pixels wide, as many rows as the size needs, pixels
 * from AES-128-CTR keyed by `seed` (noise does not compress, so the file is the size asked for).
 */
export function noisePng(seed: number, bytes: number): Buffer {
  const width = 640;
  const rowBytes = width * 3 + 1;
  const height = Math.max(1, Math.round(bytes / rowBytes));
  const key = Buffer.alloc(16);
  key.writeUInt32BE(seed >>> 0, 0);
  key.write('mindledger-bk', 4, 'ascii');
  const noise = createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(rowBytes * height));
  for (let y = 0; y < height; y += 1) noise[y * rowBytes] = 0; // filter: none
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(noise, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes a file as the server's LocalFiles does: `<root>/<key>` and `<root>/<key>.type`. */
async function putFile(filesRoot: string, key: string, data: Buffer, contentType: string) {
  const path = join(filesRoot, key);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, data);
  await writeFile(`${path}.type`, contentType);
}

// Texts

const moreSentences = [
  'Tomorrow I want to try going to bed before eleven.',
  'I am not sure what set it off, but it passed after an hour.',
  'Work was loud and I kept my headphones on most of the day.',
  'I noticed the urge to cancel plans and went anyway.',
  'My therapist suggested writing down the thought and the evidence for it, so here it is.',
  'Ate lunch away from the desk for once.',
  'There was a moment in the afternoon when everything felt manageable.',
  'I kept replaying the conversation and wondering what they meant.',
  'Mum called; it was short but kind.',
  'The new routine is starting to feel less like effort.',
];
/** Journal text of 100–1,500 characters. */
function entryText(r: () => number): string {
  const target = 100 + Math.floor(r() * 1401);
  let text = pick(r, openers);
  while (text.length < target) text += ` ${r() < 0.7 ? pick(r, bodies) : pick(r, moreSentences)}`;
  if (text.length > 1500) text = `${text.slice(0, 1497).replace(/\s+\S*$/, '')}…`;
  return text;
}
const userTurns = [
  'I keep thinking about the argument with my sister.',
  'Work has been a lot this week and I feel behind on everything.',
  'I slept badly again, maybe five hours.',
  'I managed the walk today even though I did not feel like it.',
  'I am worried about the appointment on Friday.',
  'It felt good to say no to the extra project.',
  'I do not really know why I feel flat today.',
  'My friend cancelled and I was more upset than I expected.',
];
const assistantTurns = [
  'It sounds like it is still with you. What part keeps coming back?',
  'That is a lot to carry. What feels most pressing right now?',
  'Sleep affects so much. Did anything in the evening feel different?',
  'Well done for going anyway. How did you feel afterwards?',
  'What would help you feel a little more prepared for it?',
  'Setting that boundary took courage. What made it possible this time?',
  'Flat days happen. Is there anything small that usually lifts you a bit?',
  'Being let down can sting. What did you hope the evening would be?',
];
function chatMessages(r: () => number, turns: number) {
  return Array.from({ length: turns }, (_, i) =>
    i % 2 === 0
      ? { role: 'user', text: pick(r, userTurns) }
      : { role: 'assistant', text: pick(r, assistantTurns) },
  );
}
const extracted = [
  'Grocery list: oats, berries, tea, rice',
  'Gratitude: sunshine, a kind message, good coffee',
  'Week plan: walk Mon Wed Fri, call Sam Sunday',
];

// Seeding

export interface BackupSeed {
  sourceId: string;
  importIds: string[];
  timezone: string;
  entries: number;
  privateEntries: number;
  kinds: Record<string, number>;
  chatMessages: number;
  firstDay: string;
  lastDay: string;
  notesChars: { min: number; max: number; mean: number };
  photos: number;
  photoBytes: { total: number; min: number; max: number; mean: number };
  avatarBytes: number;
  goals: number;
  goalLinks: number;
  looseMentions: number;
  journeyMessages: number;
  seconds: number;
}

interface Column {
  name: string;
  /** The array element type of its parameter. */
  type: string;
  /** The value written, from the unnest columns (default: the column itself). */
  expr?: string;
}

/**
 * Multi-row INSERT … SELECT FROM unnest($1::type[], …) of `rows` (values in `columns`' order), BATCH
 * rows a statement; `derived` columns are written from the others (`name`: SQL expression).
 */
async function insertRows(
  client: pg.Client,
  table: string,
  columns: Column[],
  rows: unknown[][],
  derived: Record<string, string> = {},
) {
  const names = columns.map((c) => c.name);
  const statement = `insert into ${table} (${[...names, ...Object.keys(derived)].join(', ')})
    select ${[...columns.map((c) => c.expr ?? c.name), ...Object.values(derived)].join(', ')}
    from unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) as t(${names.join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await client.query(
      statement,
      columns.map((_, c) => batch.map((row) => row[c])),
    );
  }
}

const goalSeeds = [
  { text: 'Walk 20 minutes every day', therapist: false, status: 'active', daysAgo: 1000 },
  { text: 'Keep a regular sleep schedule', therapist: false, status: 'active', daysAgo: 900 },
  { text: 'Practise paced breathing when anxious', therapist: true, status: 'active', daysAgo: 800 },
  { text: 'Call a friend every week', therapist: false, status: 'abandoned', daysAgo: 700 },
  { text: 'Read for 15 minutes before bed', therapist: false, status: 'completed', daysAgo: 600 },
  { text: 'Cook at home four nights a week', therapist: false, status: 'active', daysAgo: 400 },
  { text: 'Limit social media to 30 minutes a day', therapist: false, status: 'active', daysAgo: 250 },
  { text: 'Finish the online course', therapist: false, status: 'completed', daysAgo: 500 },
] as const;

/**
 * Before the server starts: migrate, the demo accounts, 1 + REPEAT empty clients to import into
 * (same password), then the demo client's record (multi-row INSERT … SELECT FROM unnest through
 * `pg`, oldest first) and files, then VACUUM ANALYZE.
 */
export async function seedBackup(databaseUrl: string, dataDir: string): Promise<BackupSeed> {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  const filesRoot = join(dataDir, 'files');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: people } = await client.query<{
      id: string;
      email: string;
      timezone: string;
      password_hash: string;
    }>(`select id, email, timezone, password_hash from users where email in ($1, 'provider@demo.local')`, [
      SOURCE_EMAIL,
    ]);
    const source = people.find((p) => p.email === SOURCE_EMAIL);
    const provider = people.find((p) => p.email !== SOURCE_EMAIL);
    if (!source || !provider) throw new Error('demo accounts missing');
    // the clients the backup is imported into: empty, another zone (the profile differs)
    const { rows: targets } = await client.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, role, activated, approved, timezone)
       select e, $2, 'Import', 'Client ' || n, 'patient', true, true, 'Europe/London'
       from unnest($1::text[]) with ordinality as t(e, n) returning id`,
      [Array.from({ length: 1 + REPEAT }, (_, i) => importEmail(i + 1)), source.password_hash],
    );
    const tz = source.timezone;
    const now = Date.now();
    const from = now - BACKUP_DAYS * DAY_MS;

    // photos: every (ENTRIES / PHOTOS)th entry, sizes spread over 100–400 KB, skewed to the small end
    const photoEvery = Math.max(1, Math.floor(BACKUP_ENTRIES / Math.max(1, BACKUP_PHOTOS)));
    const photoBytes = { total: 0, min: Infinity, max: 0 };
    let photoCount = 0;
    const photoOf = new Map<number, string>();
    for (let k = photoEvery - 1; k < BACKUP_ENTRIES && photoCount < BACKUP_PHOTOS; k += photoEvery) {
      const r = prng(31_337 * (photoCount + 1));
      const u = (photoCount + 0.5) / BACKUP_PHOTOS;
      const kb = PHOTO_MIN_KB + (PHOTO_MAX_KB - PHOTO_MIN_KB) * u ** PHOTO_SKEW;
      const png = noisePng(photoCount + 1, Math.round(kb * 1024));
      const fileId = `${hex(r, 24)}.png`;
      await putFile(filesRoot, `journal/${source.id}/${fileId}`, png, 'image/png');
      photoOf.set(k, fileId);
      photoCount += 1;
      photoBytes.total += png.length;
      photoBytes.min = Math.min(photoBytes.min, png.length);
      photoBytes.max = Math.max(photoBytes.max, png.length);
    }
    const avatar = noisePng(9999, 40 * 1024);
    const avatarKey = `avatars/${source.id}/${hex(prng(4242), 24)}.png`;
    await putFile(filesRoot, avatarKey, avatar, 'image/png');
    await client.query(`update users set avatar_key = $2, phone = '+1 303 555 0142' where id = $1`, [
      source.id,
      avatarKey,
    ]);
    log(`${photoCount} photos (${mib(photoBytes.total)} MiB) and the avatar written to ${filesRoot}`);

    // journal entries
    const combos = emotionCombos();
    const step = (now - from - 60_000) / BACKUP_ENTRIES;
    const entryRows: unknown[][] = [];
    let privateEntries = 0;
    let messageCount = 0;
    const kinds: Record<string, number> = {};
    const chars = { min: Infinity, max: 0, sum: 0 };
    for (let k = 0; k < BACKUP_ENTRIES; k += 1) {
      const r = prng(7919 * (k + 1));
      const at = new Date(from + (k + 0.05 + r() * 0.9) * step);
      const combo = pick(r, combos);
      const photo = photoOf.get(k);
      const roll = r();
      const kind = photo ? 'photo' : roll < 0.15 ? 'chat' : roll < 0.23 ? 'voice' : 'prompt';
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      // chat entries: a conversation, about half with a summary written under it
      const messages =
        kind === 'chat'
          ? chatMessages(r, 4 + Math.floor(r() * 9))
          : kind === 'voice'
            ? chatMessages(r, 2)
            : [];
      messageCount += messages.length;
      const notes = kind === 'chat' && r() < 0.5 ? '' : entryText(r);
      if (notes) {
        chars.min = Math.min(chars.min, notes.length);
        chars.max = Math.max(chars.max, notes.length);
        chars.sum += notes.length;
      }
      const isPrivate = r() < PRIVATE_SHARE;
      if (isPrivate) privateEntries += 1;
      const activities =
        r() < 0.6 ? [...new Set([pick(r, suggestedActivities), pick(r, suggestedActivities)])] : [];
      const dayDetails: Record<string, unknown> = {};
      if (r() < 0.35)
        dayDetails.sleepRoutine = { hours: 5 + Math.floor(r() * 7) * 0.5, quality: 1 + Math.floor(r() * 5) };
      if (r() < 0.15)
        dayDetails.productivity = { level: 1 + Math.floor(r() * 5), note: 'Got the report done.' };
      if (r() < 0.05) dayDetails.therapyProcess = { sessionAttended: true, note: 'Talked about sleep.' };
      const photoData = photo
        ? { images: [{ fileId: photo }], ...(r() < 0.3 ? { extractedText: pick(r, extracted) } : {}) }
        : null;
      entryRows.push([
        combo.mood,
        combo.emoji,
        notes,
        kind,
        JSON.stringify(messages),
        kind === 'chat' || kind === 'voice',
        JSON.stringify(combo.emotionData),
        JSON.stringify(combo.emotion),
        combo.core,
        combo.primary,
        combo.intensity,
        combo.sentiment,
        activities.join(','),
        JSON.stringify(dayDetails),
        photoData ? JSON.stringify(photoData) : null,
        isPrivate,
        at.toISOString(),
        [combo.mood, notes, combo.names, ...messages.map((m) => m.text), photoData?.extractedText ?? '']
          .join('\n')
          .toLowerCase(),
      ]);
    }
    await insertRows(
      client,
      'journal_entries',
      [
        { name: 'patient_id', type: 'uuid' },
        { name: 'mood', type: 'text' },
        { name: 'emoji', type: 'text' },
        { name: 'notes', type: 'text' },
        { name: 'journal_type', type: 'text' },
        { name: 'chat_messages', type: 'text', expr: 'chat_messages::jsonb' },
        { name: 'is_ai_generated', type: 'bool' },
        { name: 'emotion_data', type: 'text', expr: 'emotion_data::jsonb' },
        { name: 'emotion', type: 'text', expr: 'emotion::jsonb' },
        { name: 'core_emotion', type: 'text' },
        { name: 'primary_emotion', type: 'text' },
        { name: 'intensity', type: 'int' },
        { name: 'sentiment', type: 'text' },
        { name: 'activities', type: 'text', expr: `string_to_array(activities, ',')` },
        { name: 'day_details', type: 'text', expr: 'day_details::jsonb' },
        { name: 'photo_data', type: 'text', expr: 'photo_data::jsonb' },
        { name: 'is_private', type: 'bool' },
        { name: 'entry_at', type: 'timestamptz' },
        { name: 'search_text', type: 'text' },
        { name: 'user_timezone', type: 'text' },
      ],
      entryRows.map((row) => [source.id, ...row, tz]),
      {
        journal_mode: 'journal_type',
        original_emotion_data: 'emotion_data::jsonb',
        local_day: '(entry_at at time zone user_timezone)::date',
        created_at: 'entry_at',
        updated_at: 'entry_at',
      },
    );
    log(`${fmt(BACKUP_ENTRIES)} entries (${privateEntries} private, ${JSON.stringify(kinds)})`);

    // 8 goals (one a therapist goal, two completed, one stopped), linked from every 8th entry
    await client.query(
      `insert into goals (patient_id, created_by, type, text, text_key, notes, priority, categories,
         completed, completed_at, abandoned, abandoned_at, created_at, updated_at)
       select $1::uuid, case when g.therapist then $2::uuid else $1::uuid end,
         case when g.therapist then 'therapist' else 'personal' end, g.text, lower(g.text),
         case when g.n % 3 = 0 then 'Small steps count.' end, 1 + g.n % 5, array['health'],
         g.status = 'completed', case when g.status = 'completed' then now() - interval '90 days' end,
         g.status = 'abandoned', case when g.status = 'abandoned' then now() - interval '200 days' end,
         now() - make_interval(days => g.days), now() - make_interval(days => g.days)
       from unnest($3::text[], $4::bool[], $5::text[], $6::int[]) with ordinality as g(text, therapist, status, days, n)`,
      [
        source.id,
        provider.id,
        goalSeeds.map((g) => g.text),
        goalSeeds.map((g) => g.therapist),
        goalSeeds.map((g) => g.status),
        goalSeeds.map((g) => g.daysAgo),
      ],
    );
    const { rowCount: goalLinks } = await client.query(
      `with e as (
         select id, sentiment, entry_at, row_number() over (order by entry_at) as rn
         from journal_entries where patient_id = $1),
       g as (select array_agg(id order by created_at) as ids from goals where patient_id = $1),
       l as (
         select g.ids[1 + (e.rn / 8) % 8] as goal_id, e.* from e, g where e.rn % 8 = 0
         union all
         select g.ids[1 + (e.rn / 8 + 3) % 8], e.* from e, g where e.rn % 40 = 0)
       insert into goal_entry_links (goal_id, entry_id, patient_id, created_at)
       select goal_id, id, $1, entry_at from l`,
      [source.id],
    );
    await client.query(
      `insert into goal_mentions (goal_id, patient_id, entry_id, mood_type, created_at)
       select l.goal_id, l.patient_id, l.entry_id, e.sentiment, l.created_at
       from goal_entry_links l join journal_entries e on e.id = l.entry_id where l.patient_id = $1`,
      [source.id],
    );
    const { rowCount: looseMentions } = await client.query(
      `insert into goal_mentions (goal_id, patient_id, mood_type, created_at)
       select (array(select id from goals where patient_id = $1 order by created_at))[1 + n % 8], $1,
         (array['positive', 'neutral', 'negative'])[1 + n % 3], now() - make_interval(days => 30 * n)
       from generate_series(1, 12) as n`,
      [source.id],
    );
    await client.query(
      `update goals g set mention_count = m.n, last_mention_date = m.last
       from (select goal_id, count(*)::int as n, max(created_at) as last from goal_mentions group by 1) m
       where m.goal_id = g.id`,
    );

    // settings and the Initial Journey conversation
    await client.query(`insert into notification_settings (user_id, settings) values ($1, $2::jsonb)`, [
      source.id,
      JSON.stringify({
        pushNotifications: true,
        emailNotifications: false,
        journalReminders: true,
        weeklySummaryReminders: false,
        impUpdates: true,
        reminderConfig: {
          frequency: 'weekly',
          dailyHour: 20,
          weeklyDay: 0,
          weeklyHour: 18,
          monthlyDay: 1,
          monthlyHour: 10,
        },
        customMessage: 'A few lines before bed',
        emailTypes: { journalReminders: false, weeklyReviews: true, teamUpdates: false },
      }),
    ]);
    await client.query(
      `insert into goal_notification_settings (patient_id, reminder_period) values ($1, 'weekly')`,
      [source.id],
    );
    await client.query(
      `insert into weekly_automation_settings (patient_id, automatic_generation, automation_day, timezone)
       values ($1, false, 3, $2)`,
      [source.id, tz],
    );
    const journey = chatMessages(prng(555), 12);
    await client.query(
      `insert into initial_journey_messages (patient_id, seq, role, text, created_at)
       select $1, n, role, text, now() - interval '1090 days' + make_interval(mins => n::int)
       from unnest($2::text[], $3::text[]) with ordinality as t(role, text, n)`,
      [source.id, journey.map((m) => m.role), journey.map((m) => m.text)],
    );

    await client.query('vacuum analyze');
    const { rows: days } = await client.query<{ first: string; last: string }>(
      `select min(local_day)::text as first, max(local_day)::text as last from journal_entries where patient_id = $1`,
      [source.id],
    );
    return {
      sourceId: source.id,
      importIds: targets.map((t) => t.id),
      timezone: tz,
      entries: BACKUP_ENTRIES,
      privateEntries,
      kinds,
      chatMessages: messageCount,
      firstDay: days[0]!.first,
      lastDay: days[0]!.last,
      notesChars: { min: chars.min, max: chars.max, mean: Math.round(chars.sum / BACKUP_ENTRIES) },
      photos: photoCount,
      photoBytes: { ...photoBytes, mean: Math.round(photoBytes.total / Math.max(1, photoCount)) },
      avatarBytes: avatar.length,
      goals: goalSeeds.length,
      goalLinks: goalLinks ?? 0,
      looseMentions: looseMentions ?? 0,
      journeyMessages: journey.length,
      seconds: round1((performance.now() - started) / 1000),
    };
  } finally {
    await client.end();
  }
}

// Measuring

/** The server's own view of its memory and event loop (soak-probe.mjs, loaded with --import, over IPC). */
const probeUrl = new URL('./soak-probe.mjs', import.meta.url).href;
interface ProbeAnswer {
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  rssMb: number;
  /** The event loop's delay since the previous answer. */
  loopDelayMs: { max: number; p99: number };
}
let probeId = 0;
/** A process the bench measures: the API server or the job worker, both started with the probe. */
interface Measured {
  pid: number;
  child: ChildProcess;
}
function probe(target: Measured): Promise<ProbeAnswer | undefined> {
  const child = target.child;
  if (!child.connected) return Promise.resolve(undefined);
  probeId += 1;
  const id = probeId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), 3000);
    function done(answer: ProbeAnswer | undefined) {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer);
    }
    function onMessage(message: unknown) {
      const m = message as ({ type?: string; id?: number } & ProbeAnswer) | undefined;
      if (m?.type === 'soak-sample' && m.id === id) done(m);
    }
    child.on('message', onMessage);
    child.send({ type: 'soak-sample', id });
  });
}

interface Sample {
  kb: number;
  /** The worker's VmRSS at the same moment (0 without a worker). */
  workerKb: number;
  tag: string;
}

/** The job worker's figures in a phase, against its own idle RSS (BENCH_BACKUP_JOBS=worker). */
export interface WorkerPhase {
  beforeMb: number;
  sampledPeakMb: number;
  hwmMb: number;
  /** max(sampled, VmHWM) − the idle worker's RSS. */
  overIdleMb: number;
  /** max(sampled, VmHWM) − the worker's RSS just before the phase. */
  overBeforeMb: number;
  heapUsedPeakMb: number;
  externalPeakMb: number;
  arrayBuffersPeakMb: number;
  loopDelayMaxMs: number;
  cpuSeconds: number;
}

/** A phase's figures: the server's RSS before it, its peak (sampled and VmHWM), heap, event loop, CPU, time. */
export interface PhaseResult {
  round: number;
  label: string;
  ms: number;
  beforeMb: number;
  sampledPeakMb: number;
  /** VmHWM after the phase (reset to the RSS at its start), or 0 when it could not be reset. */
  hwmMb: number;
  /** max(sampled, VmHWM) − the idle server's RSS. */
  overIdleMb: number;
  /** max(sampled, VmHWM) − the RSS just before the phase. */
  overBeforeMb: number;
  heapUsedPeakMb: number;
  heapTotalPeakMb: number;
  /** external includes arrayBuffers (Buffers). */
  externalPeakMb: number;
  arrayBuffersPeakMb: number;
  loopDelayMaxMs: number;
  cpuSeconds: number;
  tags: {
    tag: string;
    ms: number;
    rssMb: number;
    heapUsedMb: number;
    arrayBuffersMb: number;
    loopDelayMs: number;
    /** The worker's, when it runs the jobs. */
    workerRssMb?: number;
    workerHeapUsedMb?: number;
    workerArrayBuffersMb?: number;
  }[];
  details: Record<string, string | number>;
  /** The job worker's figures (BENCH_BACKUP_JOBS=worker). */
  worker?: WorkerPhase;
}

interface Idle {
  kb: number;
  heap: ProbeAnswer | undefined;
}

/** The processes measured: the API server and, when it runs the jobs, the worker. */
interface Measuring {
  server: RunningServer;
  idle: Idle;
  worker?: { process: RunningWorker; idle: Idle };
}

/**
 * Runs `work` while sampling the server's VmRSS (and the worker's, when it runs the jobs) every
 * SAMPLE_MS and their heaps every HEAP_SAMPLE_MS (probe); VmHWM is reset at the start and read at the
 * end (it catches what falls between samples). `mark(tag)` names the samples after it.
 */
async function phase(
  measuring: Measuring,
  round: number,
  label: string,
  work: (mark: (tag: string) => void) => Promise<Record<string, string | number>>,
): Promise<PhaseResult> {
  const { server, idle } = measuring;
  const worker = measuring.worker?.process;
  const pid = server.pid;
  await sleep(2000);
  // a new event-loop delay window
  await Promise.all([probe(server), worker ? probe(worker) : undefined]);
  const beforeKb = procStatusKb(pid, 'VmRSS');
  const workerBeforeKb = worker ? procStatusKb(worker.pid, 'VmRSS') : 0;
  const cpu = cpuSeconds(pid);
  const workerCpu = worker ? cpuSeconds(worker.pid) : 0;
  const hwmReset = resetHwm(pid);
  const workerHwmReset = worker ? resetHwm(worker.pid) : false;
  const samples: Sample[] = [];
  const heaps: { answer: ProbeAnswer; tag: string }[] = [];
  const workerHeaps: { answer: ProbeAnswer; tag: string }[] = [];
  const tagStart: Record<string, number> = {};
  let tag = '';
  const started = performance.now();
  const sample = () =>
    samples.push({
      kb: procStatusKb(pid, 'VmRSS'),
      workerKb: worker ? procStatusKb(worker.pid, 'VmRSS') : 0,
      tag,
    });
  const mark = (next: string) => {
    if (next === tag) return;
    sample();
    tag = next;
    tagStart[next] ??= performance.now() - started;
  };
  let asking = false;
  const askHeap = async () => {
    if (asking) return;
    asking = true;
    const at = tag;
    const [answer, workerAnswer] = await Promise.all([probe(server), worker ? probe(worker) : undefined]);
    if (answer) heaps.push({ answer, tag: at });
    if (workerAnswer) workerHeaps.push({ answer: workerAnswer, tag: at });
    asking = false;
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const heapTimer = setInterval(() => void askHeap(), HEAP_SAMPLE_MS);
  let details: Record<string, string | number>;
  try {
    details = await work(mark);
  } finally {
    clearInterval(timer);
    clearInterval(heapTimer);
  }
  const ms = performance.now() - started;
  sample();
  const hwmKb = hwmReset ? procStatusKb(pid, 'VmHWM') : 0;
  const workerHwmKb = worker && workerHwmReset ? procStatusKb(worker.pid, 'VmHWM') : 0;
  while (asking) await sleep(10);
  await askHeap();
  const sampledKb = Math.max(...samples.map((s) => s.kb));
  const peakKb = Math.max(sampledKb, hwmKb);
  const heapMax = (key: 'heapUsedMb' | 'heapTotalMb' | 'externalMb' | 'arrayBuffersMb', list = heaps) =>
    Math.max(0, ...list.map((h) => h.answer[key]));
  const ordered = Object.entries(tagStart).sort((a, b) => a[1] - b[1]);
  const tags = ordered
    .filter(([name]) => name !== 'done')
    .map(([name, at]) => {
      const mine = heaps.filter((h) => h.tag === name);
      const tagged = samples.filter((s) => s.tag === name);
      const workerMine = workerHeaps.filter((h) => h.tag === name);
      return {
        tag: name,
        ms: Math.round((ordered[ordered.findIndex(([n]) => n === name) + 1]?.[1] ?? ms) - at),
        rssMb: mb(Math.max(0, ...tagged.map((s) => s.kb))),
        heapUsedMb: heapMax('heapUsedMb', mine),
        arrayBuffersMb: heapMax('arrayBuffersMb', mine),
        loopDelayMs: Math.max(0, ...mine.map((h) => h.answer.loopDelayMs.max)),
        ...(worker
          ? {
              workerRssMb: mb(Math.max(0, ...tagged.map((s) => s.workerKb))),
              workerHeapUsedMb: heapMax('heapUsedMb', workerMine),
              workerArrayBuffersMb: heapMax('arrayBuffersMb', workerMine),
            }
          : {}),
      };
    });
  let workerFigures: WorkerPhase | undefined;
  if (worker && measuring.worker) {
    const workerSampledKb = Math.max(...samples.map((s) => s.workerKb));
    const workerPeakKb = Math.max(workerSampledKb, workerHwmKb);
    workerFigures = {
      beforeMb: mb(workerBeforeKb),
      sampledPeakMb: mb(workerSampledKb),
      hwmMb: mb(workerHwmKb),
      overIdleMb: mb(workerPeakKb - measuring.worker.idle.kb),
      overBeforeMb: mb(workerPeakKb - workerBeforeKb),
      heapUsedPeakMb: heapMax('heapUsedMb', workerHeaps),
      externalPeakMb: heapMax('externalMb', workerHeaps),
      arrayBuffersPeakMb: heapMax('arrayBuffersMb', workerHeaps),
      loopDelayMaxMs: Math.max(0, ...workerHeaps.map((h) => h.answer.loopDelayMs.max)),
      cpuSeconds: round1(cpuSeconds(worker.pid) - workerCpu),
    };
  }
  const result: PhaseResult = {
    round,
    label,
    ms: Math.round(ms),
    beforeMb: mb(beforeKb),
    sampledPeakMb: mb(sampledKb),
    hwmMb: mb(hwmKb),
    overIdleMb: mb(peakKb - idle.kb),
    overBeforeMb: mb(peakKb - beforeKb),
    heapUsedPeakMb: heapMax('heapUsedMb'),
    heapTotalPeakMb: heapMax('heapTotalMb'),
    externalPeakMb: heapMax('externalMb'),
    arrayBuffersPeakMb: heapMax('arrayBuffersMb'),
    loopDelayMaxMs: Math.max(0, ...heaps.map((h) => h.answer.loopDelayMs.max)),
    cpuSeconds: round1(cpuSeconds(pid) - cpu),
    tags,
    details,
    ...(workerFigures ? { worker: workerFigures } : {}),
  };
  log(
    `round ${round}, ${label}: ${result.ms} ms, RSS before ${result.beforeMb} MB, peak ${result.sampledPeakMb} MB sampled / ${result.hwmMb} MB VmHWM, +${result.overIdleMb} MB over idle (+${result.overBeforeMb} over before), heap used ≤ ${result.heapUsedPeakMb} MB, external ≤ ${result.externalPeakMb} MB (array buffers ≤ ${result.arrayBuffersPeakMb} MB), loop delay ≤ ${result.loopDelayMaxMs} ms, CPU ${result.cpuSeconds} s${workerFigures ? `; worker: RSS before ${workerFigures.beforeMb} MB, peak ${workerFigures.sampledPeakMb} MB sampled / ${workerFigures.hwmMb} MB VmHWM, +${workerFigures.overIdleMb} MB over its idle (+${workerFigures.overBeforeMb} over before), heap used ≤ ${workerFigures.heapUsedPeakMb} MB, external ≤ ${workerFigures.externalPeakMb} MB, CPU ${workerFigures.cpuSeconds} s` : ''} ${JSON.stringify(tags)} ${JSON.stringify(details)}`,
  );
  return result;
}

/** Streams a GET to a file: total time, time to the first byte, bytes. */
async function download(url: string, token: string, file: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const firstByteMs = performance.now() - started;
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  await pipeline(
    Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
    createWriteStream(file),
  );
  return { firstByteMs: Math.round(firstByteMs), bytes: statSync(file).size };
}

const shell = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};

/** What an import left in the database and the files folder for `userId`. */
export interface ImportCheck {
  entries: number;
  privateEntries: number;
  photoEntries: number;
  chatEntries: number;
  photoFiles: number;
  photoBytes: number;
  goals: number;
  links: number;
  journeyMessages: number;
  avatar: boolean;
}

async function checkImported(db: pg.Client, filesRoot: string, userId: string): Promise<ImportCheck> {
  const { rows } = await db.query<{
    entries: number;
    private: number;
    photos: number;
    chats: number;
    goals: number;
    links: number;
    journey: number;
    avatar: boolean;
  }>(
    `select
       (select count(*)::int from journal_entries where patient_id = $1 and not deleted) as entries,
       (select count(*)::int from journal_entries where patient_id = $1 and not deleted and is_private) as private,
       (select count(*)::int from journal_entries where patient_id = $1 and not deleted
          and jsonb_array_length(coalesce(photo_data->'images', '[]'::jsonb)) > 0) as photos,
       (select count(*)::int from journal_entries where patient_id = $1 and not deleted and journal_type = 'chat') as chats,
       (select count(*)::int from goals where patient_id = $1 and not deleted) as goals,
       (select count(*)::int from goal_entry_links where patient_id = $1) as links,
       (select count(*)::int from initial_journey_messages where patient_id = $1) as journey,
       (select avatar_key is not null from users where id = $1) as avatar`,
    [userId],
  );
  const dir = join(filesRoot, 'journal', userId);
  let photoFiles = 0;
  let photoBytes = 0;
  try {
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.type')) continue;
      photoFiles += 1;
      photoBytes += statSync(join(dir, name)).size;
    }
  } catch {
    /* no folder: no photos */
  }
  const r = rows[0]!;
  return {
    entries: r.entries,
    privateEntries: r.private,
    photoEntries: r.photos,
    chatEntries: r.chats,
    photoFiles,
    photoBytes,
    goals: r.goals,
    links: r.links,
    journeyMessages: r.journey,
    avatar: r.avatar,
  };
}

export async function benchBackup(databaseUrl: string) {
  const asked = process.env.BENCH_BACKUP_JOBS;
  if (asked && asked !== 'worker' && asked !== 'in-process')
    throw new Error(`BENCH_BACKUP_JOBS must be 'in-process' or 'worker', not '${asked}'`);
  const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-backup-'));
  const zipDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-backup-zips-'));
  const filesRoot = join(dataDir, 'files');
  const startedAt = new Date().toISOString();
  const loads: number[] = [loadavg()[0] ?? 0];
  const loadTimer = setInterval(() => loads.push(loadavg()[0] ?? 0), 5000);
  try {
    log(
      `seeding one client: ${fmt(BACKUP_ENTRIES)} entries over ${BACKUP_DAYS} days, ${BACKUP_PHOTOS} photos, ${goalSeeds.length} goals`,
    );
    const seed = await seedBackup(databaseUrl, dataDir);
    log(`seeded in ${seed.seconds} s`);
    // BENCH_BACKUP_JOBS=worker: the jobs in the built worker, given the server's environment
    const port = await freePort();
    const env = { DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: JOBS_MODE === 'worker' ? 'false' : 'true' };
    const server = await startServer(port, env, dataDir, {
      keepDataDir: true,
      nodeArgs: ['--import', probeUrl],
      ipc: true,
    });
    let worker: RunningWorker | undefined;
    try {
      if (JOBS_MODE === 'worker') {
        worker = await startWorker(port, env, dataDir, { nodeArgs: ['--import', probeUrl], ipc: true });
        log(`worker started (pid ${worker.pid}), the server with JOBS_IN_PROCESS=false`);
      }
    } catch (error) {
      await server.stop();
      throw error;
    }
    const db = new pg.Client({ connectionString: databaseUrl });
    try {
      await db.connect();
      const source = await login(server.url, SOURCE_EMAIL);
      const importers = [];
      for (let round = 1; round <= 1 + REPEAT; round += 1)
        importers.push(await login(server.url, importEmail(round)));
      const call = async (token: string, method: string, path: string, body?: unknown) => {
        const response = await fetch(`${server.url}/api/v1/${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 2000)}`);
        return JSON.parse(text) as { data?: Record<string, unknown> } & Record<string, unknown>;
      };
      const { rows: sizes } = await db.query<{ version: string; entries: string }>(
        `select current_setting('server_version') as version,
           pg_size_pretty(pg_total_relation_size('journal_entries')) as entries`,
      );
      // warm-up: sign-ins done; the calls around the backup
      for (let i = 0; i < 20; i += 1) {
        await call(source.token, 'GET', 'me');
        await call(source.token, 'GET', 'import/history');
        for (const importer of importers) await call(importer.token, 'GET', 'import/options');
      }
      await sleep(3000);
      const idleSamples: number[] = [];
      const workerIdleSamples: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        idleSamples.push(procStatusKb(server.pid, 'VmRSS'));
        if (worker) workerIdleSamples.push(procStatusKb(worker.pid, 'VmRSS'));
        await sleep(SAMPLE_MS);
      }
      const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
      const idle: Idle = { kb: median(idleSamples), heap: await probe(server) };
      log(
        `idle server RSS ${mb(idle.kb)} MB (median of ${idleSamples.length} samples over 2 s), heap used ${idle.heap?.heapUsedMb} MB of ${idle.heap?.heapTotalMb} MB`,
      );
      const measuring: Measuring = { server, idle };
      if (worker) {
        measuring.worker = {
          process: worker,
          idle: { kb: median(workerIdleSamples), heap: await probe(worker) },
        };
        const workerIdle = measuring.worker.idle;
        log(
          `idle worker RSS ${mb(workerIdle.kb)} MB, heap used ${workerIdle.heap?.heapUsedMb} MB of ${workerIdle.heap?.heapTotalMb} MB`,
        );
      }

      const phases: PhaseResult[] = [];
      const checks: (ImportCheck & { round: number })[] = [];
      for (let round = 1; round <= 1 + REPEAT; round += 1) {
        const importer = importers[round - 1]!;
        const importerId = seed.importIds[round - 1]!;
        const zip = join(zipDir, `backup-${round}.zip`);
        let exportId = '';
        phases.push(
          await phase(measuring, round, `export: initiate → completed (${JOB_WHERE})`, async (mark) => {
            mark('queued');
            const started = await call(source.token, 'POST', 'export/initiate');
            exportId = String(started.data?.id);
            const deadline = Date.now() + JOB_DEADLINE_MS;
            for (;;) {
              const status = (await call(source.token, 'GET', `export/progress/${exportId}`)).data as {
                status: string;
                size: number | null;
                counts: Record<string, number>;
              };
              if (status.status === 'completed') {
                mark('done');
                const { rows } = await db.query<{ ms: number }>(
                  `select extract(epoch from completed_at - created_at) * 1000 as ms from backup_exports where id = $1`,
                  [exportId],
                );
                return {
                  'ZIP bytes': status.size ?? 0,
                  'server created→completed ms': Math.round(Number(rows[0]?.ms ?? 0)),
                  counts: Object.entries(status.counts)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(', '),
                };
              }
              if (status.status === 'failed') throw new Error(`export ${exportId} failed`);
              if (Date.now() > deadline) throw new Error(`export ${exportId} still ${status.status}`);
              mark(status.status);
              await sleep(POLL_MS);
            }
          }),
        );
        phases.push(
          await phase(measuring, round, 'download (GET export/download)', async () => {
            const got = await download(`${server.url}/api/v1/export/download/${exportId}`, source.token, zip);
            return { bytes: got.bytes, 'first byte ms': got.firstByteMs };
          }),
        );
        // BENCH_BACKUP_KEEP_ZIP=<dir>: the first ZIP is kept there (to study the import on its own)
        if (round === 1 && process.env.BENCH_BACKUP_KEEP_ZIP)
          await copyFile(zip, join(process.env.BENCH_BACKUP_KEEP_ZIP, 'backup.zip'));
        const zipBytes = statSync(zip).size;
        if (zipBytes > UPLOAD_LIMIT)
          log(`the ZIP (${fmt(zipBytes)} bytes) is over the import's ${fmt(UPLOAD_LIMIT)}-byte limit`);
        let importId = '';
        phases.push(
          await phase(measuring, round, 'import: upload (POST import/initiate, multipart)', async () => {
            const form = new FormData();
            form.append('file', await openAsBlob(zip, { type: 'application/zip' }), 'backup.zip');
            const response = await fetch(`${server.url}/api/v1/import/initiate`, {
              method: 'POST',
              headers: { authorization: `Bearer ${importer.token}` },
              body: form,
            });
            const text = await response.text();
            if (!response.ok) throw new Error(`import/initiate: ${response.status} ${text.slice(0, 500)}`);
            const data = (JSON.parse(text) as { data: { importId: string; size: number } }).data;
            importId = data.importId;
            return { bytes: data.size };
          }),
        );
        const options = { onConflict: 'replace' };
        phases.push(
          await phase(measuring, round, 'import: preview (POST import/preview)', async () => {
            const answer = (
              await call(importer.token, 'POST', 'import/preview', { importId, importOptions: options })
            ).data as {
              valid: boolean;
              problemCount: number;
              problems: { where: string; message: string }[];
              counts: Record<string, number>;
              add: Record<string, number>;
              conflicts: { kind: string }[];
              notImported: unknown[];
            };
            if (!answer.valid || answer.problemCount > 0)
              throw new Error(
                `the backup has ${answer.problemCount} problems: ${JSON.stringify(answer.problems.slice(0, 10))}`,
              );
            return {
              counts: Object.entries(answer.counts)
                .map(([k, v]) => `${k} ${v}`)
                .join(', '),
              add: Object.entries(answer.add)
                .map(([k, v]) => `${k} ${v}`)
                .join(', '),
              conflicts: answer.conflicts.map((c) => c.kind).join(', ') || 'none',
              'not imported': answer.notImported.length,
            };
          }),
        );
        let result: Record<string, unknown> = {};
        phases.push(
          await phase(measuring, round, `import: confirm → completed (${JOB_WHERE})`, async (mark) => {
            mark('confirm request');
            await call(importer.token, 'POST', 'import/confirm', { importId, importOptions: options });
            const deadline = Date.now() + JOB_DEADLINE_MS;
            for (;;) {
              const status = (await call(importer.token, 'GET', `import/progress/${importId}`)).data as {
                status: string;
                progress: number;
                result: Record<string, unknown> | null;
                error: string | null;
              };
              if (status.status === 'completed') {
                mark('done');
                result = status.result ?? {};
                const added = (result.added ?? {}) as Record<string, number>;
                return {
                  added: Object.entries(added)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(', '),
                  replaced: Number(result.replaced ?? 0),
                  settings: String(result.settings),
                  profile: String(result.profile),
                  'not imported': Array.isArray(result.notImported) ? result.notImported.length : 0,
                };
              }
              if (status.status !== 'importing')
                throw new Error(`import ${importId} ${status.status}: ${status.error ?? ''}`);
              if (Date.now() > deadline) throw new Error(`import ${importId} still running`);
              // progress the job reports: 1 reading the file and writing the photos; 10 goals; 20 entries
              // built and inserted; 70 links and mentions; 85 profile, settings, conversation; 95 commit.
              // In the worker it is written to the import's row from 10 on (1 stays in the worker).
              mark(
                status.progress === 0
                  ? JOBS_MODE === 'worker'
                    ? 'queued + read file + photos'
                    : 'queued'
                  : status.progress < 10
                    ? 'read file + photos'
                    : status.progress < 20
                      ? 'goals'
                      : status.progress < 70
                        ? 'entries'
                        : status.progress < 85
                          ? 'links'
                          : status.progress < 95
                            ? 'settings'
                            : 'commit',
              );
              await sleep(POLL_MS);
            }
          }),
        );
        const check = await checkImported(db, filesRoot, importerId);
        checks.push({ round, ...check });
        log(`round ${round}: imported client ${JSON.stringify(check)}`);
      }
      await sleep(2000);
      const final = {
        rssMb: mb(procStatusKb(server.pid, 'VmRSS')),
        heap: await probe(server),
        worker: worker
          ? { rssMb: mb(procStatusKb(worker.pid, 'VmRSS')), heap: await probe(worker) }
          : undefined,
      };
      clearInterval(loadTimer);
      loads.push(loadavg()[0] ?? 0);
      return {
        seed,
        zipBytes: statSync(join(zipDir, 'backup-1.zip')).size,
        postgres: sizes[0]!.version,
        tableSizes: { entries: sizes[0]!.entries },
        idle: { rssMb: mb(idle.kb), heap: idle.heap },
        jobs: JOBS_MODE,
        workerIdle: measuring.worker
          ? { rssMb: mb(measuring.worker.idle.kb), heap: measuring.worker.idle.heap }
          : undefined,
        phases,
        checks,
        final,
        startedAt,
        endedAt: new Date().toISOString(),
        loads,
        machine: {
          cpus: availableParallelism(),
          memory: /Mem:\s+(\d+)/.exec(shell('free', ['-g']))?.[1] ?? '?',
          node: process.version,
        },
        // BENCH_COMMIT: the commit a server built outside this checkout (an export of it) comes from
        commit: process.env.BENCH_COMMIT ?? shell('git', ['rev-parse', '--short', 'HEAD']),
        dirty:
          !process.env.BENCH_COMMIT &&
          shell('git', ['status', '--porcelain', '--', 'apps/server', 'packages/domain']) !== '',
      };
    } finally {
      try {
        await db.end();
      } finally {
        // the worker first: it holds connections to the database the run drops
        try {
          await worker?.stop();
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    clearInterval(loadTimer);
    await rm(dataDir, { recursive: true, force: true });
    await rm(zipDir, { recursive: true, force: true });
  }
}

export function backupReport(result: Awaited<ReturnType<typeof benchBackup>>): string[] {
  const { seed, phases, checks } = result;
  const maxLoad = Math.max(...result.loads);
  const worst = (list: PhaseResult[]) => list.reduce((a, b) => (b.overIdleMb > a.overIdleMb ? b : a));
  const within = (p: PhaseResult) => (p.overIdleMb < RSS_TARGET_MB ? '**within**' : '**over**');
  const value = (v: string | number) => (typeof v === 'number' ? fmt(v) : v);
  const expectedPhotos = seed.photos;
  const checkLine = (c: ImportCheck & { round: number }) => {
    const ok =
      c.entries === seed.entries && c.photoEntries === expectedPhotos && c.photoFiles === expectedPhotos;
    return `- Round ${c.round}: the imported client has **${fmt(c.entries)} entries** (${c.privateEntries} private, ${c.chatEntries} chat), **${c.photoEntries} photo entries and ${c.photoFiles} photo files** (${fmt(c.photoBytes)} bytes; the source's ${fmt(seed.photoBytes.total)}), ${c.goals} goals, ${fmt(c.links)} goal links, ${c.journeyMessages} Initial Journey messages, avatar ${c.avatar ? 'yes' : 'no'}: ${ok ? 'as expected' : '**not as expected**'}.`;
  };
  const byPhase = new Map<string, PhaseResult[]>();
  for (const p of phases) byPhase.set(p.label, [...(byPhase.get(p.label) ?? []), p]);
  const inWorker = result.jobs === 'worker';
  const tagLine = (t: PhaseResult['tags'][number]) =>
    `${t.tag}: ~${fmt(t.ms)} ms, ${inWorker ? 'server ' : ''}RSS ≤ ${t.rssMb} MB${t.heapUsedMb ? `, heap used ≤ ${t.heapUsedMb} MB, array buffers ≤ ${t.arrayBuffersMb} MB, loop delay ≤ ${t.loopDelayMs} ms` : ''}${t.workerRssMb ? `, worker RSS ≤ ${t.workerRssMb} MB${t.workerHeapUsedMb ? `, heap used ≤ ${t.workerHeapUsedMb} MB, array buffers ≤ ${t.workerArrayBuffersMb} MB` : ''}` : ''}`;
  const notes = (p: PhaseResult) =>
    [...Object.entries(p.details).map(([k, v]) => `${k} ${value(v)}`), ...p.tags.map(tagLine)].join('; ');
  // BENCH_BACKUP_JOBS=worker: the API server's and the worker's figures side by side
  const workerOf = (p: PhaseResult) => p.worker!;
  const worstWorker = (list: PhaseResult[]) =>
    list.reduce((a, b) => (workerOf(b).overIdleMb > workerOf(a).overIdleMb ? b : a));
  const workerWithin = (p: PhaseResult) =>
    workerOf(p).overIdleMb < RSS_TARGET_MB ? '**within**' : '**over**';
  if (inWorker)
    return [
      '### Backup export and import (issue 17), jobs in the worker process',
      '',
      `Run ${result.startedAt.slice(0, 19)}Z … ${result.endedAt.slice(11, 19)}Z (UTC), server commit \`${result.commit}\`${result.dirty ? ' **with uncommitted changes in apps/server or packages/domain built in**' : ''}; ${result.machine.cpus} cores, ${result.machine.memory} GiB (free -g), Node ${result.machine.node}, PostgreSQL ${result.postgres}. Load average (1 min) during the run: ${Math.min(...result.loads).toFixed(2)}–${maxLoad.toFixed(2)}${maxLoad > 1.5 ? ' (**above 1.5: the machine was shared with other work during the run**)' : ''}.`,
      '',
      `\`BENCH_BACKUP_JOBS=worker\`: the API server runs with \`JOBS_IN_PROCESS=false\` and the built worker (\`apps/server/dist/worker.js\`, the same environment: DATABASE_URL, DATA_DIR, the same JWT secret) runs the export and import jobs; the import's progress comes from its row (the worker writes it from 10 on, so "queued + read file + photos" below is both). Both processes are measured, each against its own idle RSS.`,
      '',
      `Seed (in ${seed.seconds} s): ${fmt(seed.entries)} journal entries, ${seed.photos} photos (${mib(seed.photoBytes.total)} MiB) and an avatar, ${seed.goals} goals (${fmt(seed.goalLinks)} entry links), settings, ${seed.journeyMessages} Initial Journey messages, as in \`latest-backup.md\`. journal_entries ${result.tableSizes.entries} with indexes. Imported into ${checks.length} fresh clients, \`onConflict: 'replace'\`.`,
      '',
      `Idle after warm-up: **API server RSS ${result.idle.rssMb} MB** (V8 heap used ${result.idle.heap?.heapUsedMb ?? '?'} MB of ${result.idle.heap?.heapTotalMb ?? '?'} MB, external ${result.idle.heap?.externalMb ?? '?'} MB); **worker RSS ${result.workerIdle?.rssMb ?? '?'} MB** (heap used ${result.workerIdle?.heap?.heapUsedMb ?? '?'} MB of ${result.workerIdle?.heap?.heapTotalMb ?? '?'} MB, external ${result.workerIdle?.heap?.externalMb ?? '?'} MB). RSS of both sampled every ${SAMPLE_MS} ms from /proc/<pid>/status and VmHWM of both reset before each phase (clear_refs 5); heap, external memory and event-loop delay from each process's probe every ${HEAP_SAMPLE_MS} ms. Each phase starts 2 s after the previous one; neither process is made to collect garbage.`,
      '',
      `The ZIP: **${fmt(result.zipBytes)} bytes (${mib(result.zipBytes)} MiB)**, ${result.zipBytes > UPLOAD_LIMIT ? '**over**' : 'within'} the import's 50 MiB limit (${round1((result.zipBytes / UPLOAD_LIMIT) * 100)} % of it).`,
      '',
      '| round | phase | time (ms) | server: RSS before (MB) | server: peak sampled / VmHWM (MB) | **server: peak − idle (MB)** | server: peak − before (MB) | server: heap used peak (MB) | server: external peak (MB) | server: loop delay max (ms) | server CPU (s) | worker: RSS before (MB) | worker: peak sampled / VmHWM (MB) | **worker: peak − its idle (MB)** | worker: peak − before (MB) | worker: heap used peak (MB) | worker: external peak (MB) | worker: loop delay max (ms) | worker CPU (s) | notes |',
      '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...phases.map((p) => {
        const w = workerOf(p);
        return `| ${p.round} | ${p.label} | ${fmt(p.ms)} | ${p.beforeMb} | ${p.sampledPeakMb} / ${p.hwmMb || '–'} | **${p.overIdleMb}** | ${p.overBeforeMb} | ${p.heapUsedPeakMb} | ${p.externalPeakMb} | ${p.loopDelayMaxMs} | ${p.cpuSeconds} | ${w.beforeMb} | ${w.sampledPeakMb} / ${w.hwmMb || '–'} | **${w.overIdleMb}** | ${w.overBeforeMb} | ${w.heapUsedPeakMb} | ${w.externalPeakMb} | ${w.loopDelayMaxMs} | ${w.cpuSeconds} | ${notes(p)} |`;
      }),
      '',
      `At the end (2 s after the last phase): API server RSS ${result.final.rssMb} MB, heap used ${result.final.heap?.heapUsedMb ?? '?'} MB of ${result.final.heap?.heapTotalMb ?? '?'} MB; worker RSS ${result.final.worker?.rssMb ?? '?'} MB, heap used ${result.final.worker?.heap?.heapUsedMb ?? '?'} MB of ${result.final.worker?.heap?.heapTotalMb ?? '?'} MB.`,
      '',
      ...checks.map(checkLine),
      '',
      ...[...byPhase.entries()].map(
        ([label, list]) =>
          `- ${label}: API server peak − its idle ${list.map((p) => p.overIdleMb).join(' / ')} MB over the rounds (− the RSS before: ${list.map((p) => p.overBeforeMb).join(' / ')}): round 1 ${within(list[0]!)}, all rounds ${within(worst(list))} the ${RSS_TARGET_MB} MB target; worker peak − its idle ${list.map((p) => workerOf(p).overIdleMb).join(' / ')} MB (− the RSS before: ${list.map((p) => workerOf(p).overBeforeMb).join(' / ')}): round 1 ${workerWithin(list[0]!)}, all rounds ${workerWithin(worstWorker(list))} ${RSS_TARGET_MB} MB.`,
      ),
      `- Highest of the whole run, API server: **${worst(phases).overIdleMb} MB** over its idle (round ${worst(phases).round}, ${worst(phases).label}): ${within(worst(phases))} the ${RSS_TARGET_MB} MB target.`,
      `- Highest of the whole run, worker: **${workerOf(worstWorker(phases)).overIdleMb} MB** over its idle (round ${worstWorker(phases).round}, ${worstWorker(phases).label}): ${workerWithin(worstWorker(phases))} ${RSS_TARGET_MB} MB.`,
    ];
  return [
    '### Backup export and import (issue 17)',
    '',
    `Run ${result.startedAt.slice(0, 19)}Z … ${result.endedAt.slice(11, 19)}Z (UTC), server commit \`${result.commit}\`${result.dirty ? ' **with uncommitted changes in apps/server or packages/domain built in**' : ''}; ${result.machine.cpus} cores, ${result.machine.memory} GiB (free -g), Node ${result.machine.node}, PostgreSQL ${result.postgres}. Load average (1 min) during the run: ${Math.min(...result.loads).toFixed(2)}–${maxLoad.toFixed(2)}${maxLoad > 1.5 ? ' (**above 1.5: the machine was shared with other work during the run**)' : ''}.`,
    '',
    `Seed (in ${seed.seconds} s): the demo client, ${fmt(seed.entries)} journal entries ${seed.firstDay} … ${seed.lastDay} (${Object.entries(
      seed.kinds,
    )
      .map(([k, v]) => `${fmt(v)} ${k}`)
      .join(
        ', ',
      )}; ${seed.privateEntries} private; notes ${seed.notesChars.min}–${fmt(seed.notesChars.max)} characters, mean ${seed.notesChars.mean}; ${fmt(seed.chatMessages)} chat messages), ${seed.photos} photos (noise PNGs ${fmt(seed.photoBytes.min)}–${fmt(seed.photoBytes.max)} bytes, mean ${fmt(seed.photoBytes.mean)}, ${mib(seed.photoBytes.total)} MiB in all) and an avatar (${fmt(seed.avatarBytes)} bytes), ${seed.goals} goals (${fmt(seed.goalLinks)} entry links, ${seed.looseMentions} mentions without an entry), notification, goal-reminder and weekly-automation settings, ${seed.journeyMessages} Initial Journey messages. journal_entries ${result.tableSizes.entries} with indexes. Imported into ${checks.length} fresh clients (another name and zone, so profile and settings conflict), \`onConflict: 'replace'\`.`,
    '',
    `Idle server after warm-up: **RSS ${result.idle.rssMb} MB**, V8 heap used ${result.idle.heap?.heapUsedMb ?? '?'} MB of ${result.idle.heap?.heapTotalMb ?? '?'} MB, external ${result.idle.heap?.externalMb ?? '?'} MB (array buffers ${result.idle.heap?.arrayBuffersMb ?? '?'} MB). RSS sampled every ${SAMPLE_MS} ms from /proc/<pid>/status and VmHWM reset before each phase (clear_refs 5), so the peak is the phase's true peak; heap, external memory and event-loop delay from the server's probe every ${HEAP_SAMPLE_MS} ms. Each phase starts 2 s after the previous one; the server is not made to collect garbage in between.`,
    '',
    `The ZIP: **${fmt(result.zipBytes)} bytes (${mib(result.zipBytes)} MiB)**, ${result.zipBytes > UPLOAD_LIMIT ? '**over**' : 'within'} the import's 50 MiB limit (${round1((result.zipBytes / UPLOAD_LIMIT) * 100)} % of it).`,
    '',
    '| round | phase | time (ms) | RSS before (MB) | peak RSS sampled / VmHWM (MB) | **peak − idle (MB)** | peak − before (MB) | heap used peak (MB) | external peak (MB) | of it array buffers (MB) | event-loop delay max (ms) | server CPU (s) | notes |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...phases.map(
      (p) =>
        `| ${p.round} | ${p.label} | ${fmt(p.ms)} | ${p.beforeMb} | ${p.sampledPeakMb} / ${p.hwmMb || '–'} | **${p.overIdleMb}** | ${p.overBeforeMb} | ${p.heapUsedPeakMb} | ${p.externalPeakMb} | ${p.arrayBuffersPeakMb} | ${p.loopDelayMaxMs} | ${p.cpuSeconds} | ${notes(p)} |`,
    ),
    '',
    `At the end (2 s after the last phase): RSS ${result.final.rssMb} MB, heap used ${result.final.heap?.heapUsedMb ?? '?'} MB of ${result.final.heap?.heapTotalMb ?? '?'} MB, external ${result.final.heap?.externalMb ?? '?'} MB.`,
    '',
    ...checks.map(checkLine),
    '',
    ...[...byPhase.entries()].map(
      ([label, list]) =>
        `- ${label}: peak − idle ${list.map((p) => p.overIdleMb).join(' / ')} MB over the rounds (peak − the RSS just before the phase: ${list.map((p) => p.overBeforeMb).join(' / ')} MB): on the fresh server (round 1) ${within(list[0]!)}, over all rounds ${within(worst(list))} the ${RSS_TARGET_MB} MB target.`,
    ),
    `- Highest of the whole run: **${worst(phases).overIdleMb} MB** over the idle server (round ${worst(phases).round}, ${worst(phases).label}): ${within(worst(phases))} the ${RSS_TARGET_MB} MB target.`,
  ];
}

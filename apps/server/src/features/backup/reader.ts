import { open, readFile } from 'node:fs/promises';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  backupDocumentName,
  backupEntrySchema,
  backupLimits,
  backupMessages as msg,
  backupSchema,
  backupVersion,
  createGoalSchema,
  daylioDrafts,
  goalCategories,
  goalTextKey,
  isDaylioHeader,
  isEntryCsvHeader,
  isFormulaCell,
  isGoalCsvHeader,
  issueWhere,
  localDay,
  updateDayDetailsSchema,
  zonedInstant,
  isDayInBounds,
  isInstantInBounds,
  aiDocumentKinds,
  sanitizeText,
  type AiDocumentKind,
  prepareJournalEntry,
  rowKey,
  templateEntryDrafts,
  type BackupDocument,
  type BackupEntry,
  type CsvRecord,
  type EntryDraft,
  type ImportProblem,
  type ImportSource,
  type PreparedJournalEntry,
} from '@mindledger/domain';
import { badRequest } from '../../platform/errors.js';
import { cleanDocument } from '../initial-journey/index.js';
import { openArchive, type Archive } from './archive.js';

/**
 * An uploaded import file, read and checked (nothing is written here): the source it is, the
 * entries and goals it holds in the form they will be saved (every text through the same rules
 * and sanitisers as a new entry or goal), and every problem with where it is. A file with any
 * problem is not imported at all.
 */
export interface ImportEntry {
  where: string;
  key: string;
  /** The file's own id of the entry (a backup): links goals and finds the same entry again. */
  fileId: string | null;
  entry: PreparedJournalEntry;
  entryAt: Date;
  localDay: string;
  timezone: string;
  customDate: boolean;
  activities: string[];
  dayDetails: Record<string, unknown>;
  /** Photo members of the archive, in order. */
  photoFiles: string[];
  goalFileIds: string[];
  createdAt: Date | null;
}

export interface ImportGoal {
  where: string;
  key: string;
  fileId: string | null;
  therapist: boolean;
  text: string;
  textKey: string;
  notes: string | null;
  emoji: string | null;
  priority: number;
  categories: string[];
  targetDate: Date | null;
  homePageVisible: boolean;
  status: 'active' | 'completed' | 'abandoned';
  completedAt: Date | null;
  abandonedAt: Date | null;
  createdAt: Date | null;
  extraMentions: { moodType: 'positive' | 'negative' | 'neutral'; createdAt: Date }[];
}

export interface ImportDocument {
  where: string;
  kind: AiDocumentKind;
  content: Record<string, unknown>;
  model: string;
  promptVersion: string;
  source: 'manual' | 'automation';
  periodStart: string | null;
  periodEnd: string | null;
  generatedAt: Date;
  /** As the file says; null when it does not (an older file): the import counts it (decision 103). */
  privateEntriesUsed: number | null;
}

export interface ImportFile {
  source: ImportSource;
  entries: ImportEntry[];
  goals: ImportGoal[];
  /** A backup's profile and settings (its documents and conversation are below). */
  backup: Pick<BackupDocument, 'profile' | 'settings'> | null;
  documents: ImportDocument[];
  messages: { role: 'user' | 'assistant'; text: string; createdAt: Date }[];
  problems: ImportProblem[];
  /** How many problems there were (only the first `maxProblems` are listed). */
  problemCount: number;
  archive: Archive | null;
}

export interface ReadOptions {
  /** The zone of rows that name none (the user's profile zone by default). */
  timezone: string;
  moodMap: Record<string, string>;
  now: Date;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
function utf8(data: Buffer): string {
  try {
    return decoder.decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(msg.notUtf8);
  }
}

/** An instant of the file, or null when unreadable or outside the years a journal can mean. */
const instantOf = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const at = new Date(value);
  return isInstantInBounds(at) ? at : null;
};

/** A formula cell of a CSV becomes plain text (a leading quote mark, as our CSV exports write it). */
const plainCell = (value: string | undefined) => (value && isFormulaCell(value) ? `'${value}` : value);

function readCsv(text: string): { header: string[]; rows: CsvRecord[] } {
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  } catch {
    throw badRequest(msg.unknownFormat);
  }
  const [head, ...body] = records;
  if (!head) throw badRequest(msg.emptyFile);
  const header = head.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const rows = body.map((cells) => Object.fromEntries(header.map((name, i) => [name, plainCell(cells[i])])));
  return { header, rows };
}

/** Why each entry cannot be saved, or the entry as it will be saved. */
function preparedEntry(
  body: Record<string, unknown>,
  where: string,
  now: Date,
  problems: ImportProblem[],
): PreparedJournalEntry | null {
  const result = prepareJournalEntry(body, { now });
  if (result.ok) return result.entry;
  for (const message of result.errors) problems.push({ where, message });
  return null;
}

function fromDrafts(drafts: EntryDraft[], options: ReadOptions, problems: ImportProblem[]): ImportEntry[] {
  const out: ImportEntry[] = [];
  for (const d of drafts) {
    const entryAt = zoned(d.day, d.time, d.timezone);
    if (entryAt > options.now) {
      problems.push({ where: d.where, message: 'This date is yet to come.' });
      continue;
    }
    const entry = preparedEntry(
      {
        mood: d.mood,
        emoji: d.emoji,
        emotionData: d.emotionData,
        notes: d.notes,
        journalType: 'prompt',
        isPrivate: d.isPrivate,
        userTimezone: d.timezone,
      },
      d.where,
      options.now,
      problems,
    );
    if (!entry) continue;
    out.push({
      where: d.where,
      key: d.key,
      fileId: null,
      entry,
      entryAt,
      localDay: d.day,
      timezone: d.timezone,
      customDate: true,
      activities: d.activities,
      dayDetails: {},
      photoFiles: [],
      goalFileIds: [],
      createdAt: null,
    });
  }
  return out;
}

const zoned = (day: string, time: string, timezone: string) => zonedInstant(day, time, timezone);
const dayDetailsSchema = updateDayDetailsSchema.omit({ moodId: true });

function goalFrom(
  raw: {
    text: string;
    notes?: string | null;
    emoji?: string | null;
    priority?: number | string;
    categories?: string[];
    targetDate?: string | null;
    homePageVisible?: boolean;
  },
  where: string,
  problems: ImportProblem[],
): Omit<
  ImportGoal,
  | 'where'
  | 'key'
  | 'fileId'
  | 'therapist'
  | 'status'
  | 'completedAt'
  | 'abandonedAt'
  | 'createdAt'
  | 'extraMentions'
> | null {
  const parsed = createGoalSchema.safeParse({
    text: raw.text,
    notes: raw.notes || undefined,
    emoji: raw.emoji || undefined,
    priority: raw.priority === '' ? undefined : raw.priority,
    categories: raw.categories?.filter((c) => (goalCategories as readonly string[]).includes(c)),
    targetDate: raw.targetDate || undefined,
    homePageVisible: raw.homePageVisible,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push({ where: `${where}.${issueWhere(issue.path)}`, message: issue.message });
    return null;
  }
  const g = parsed.data;
  return {
    text: g.text,
    textKey: goalTextKey(g.text),
    notes: g.notes ?? null,
    emoji: g.emoji ?? null,
    priority: g.priority ?? 3,
    categories: g.categories ?? (g.category ? [g.category] : []),
    targetDate: g.targetDate ?? null,
    homePageVisible: g.homePageVisible ?? false,
  };
}

const statusOf = (value: string | undefined): ImportGoal['status'] | null => {
  const s = (value ?? '').trim().toLowerCase() || 'active';
  return s === 'active' || s === 'completed' || s === 'abandoned' ? s : null;
};

function templateGoals(
  rows: CsvRecord[],
  json: boolean,
  source: string,
  problems: ImportProblem[],
  now: Date,
): ImportGoal[] {
  const out: ImportGoal[] = [];
  rows.forEach((row, i) => {
    const where = json ? `goals[${i}]` : `line ${i + 2}`;
    const status = statusOf(row.status);
    if (!status)
      return void problems.push({ where, message: 'Status must be active, completed or abandoned.' });
    const goal = goalFrom(
      {
        text: row.text ?? '',
        notes: row.notes,
        priority: row.priority,
        categories: (row.categories ?? '').split(/\s*[|;]\s*/).filter(Boolean),
        targetDate: row.targetdate,
      },
      where,
      problems,
    );
    if (!goal) return;
    out.push({
      ...goal,
      where,
      key: rowKey(source, goal.textKey, status),
      fileId: null,
      therapist: false,
      status,
      completedAt: status === 'completed' ? now : null,
      abandonedAt: status === 'abandoned' ? now : null,
      createdAt: null,
      extraMentions: [],
    });
  });
  return out;
}

type BackupHead = Omit<BackupDocument, 'entries'>;
type BackupContent = Pick<ImportFile, 'entries' | 'goals' | 'documents' | 'messages'>;

/** What one entry of a backup checks against: the archive's members and the file's goals. */
interface EntryContext {
  members: Set<string>;
  goalIds: Set<string>;
  options: ReadOptions;
  problems: ImportProblem[];
}

/** One entry of a backup, through the rules of a new entry, or null with its problems listed. */
function backupEntry(e: BackupEntry, i: number, c: EntryContext): ImportEntry | null {
  const where = `entries[${i}]`;
  for (const id of e.goalIds ?? [])
    if (!c.goalIds.has(id))
      c.problems.push({ where: `${where}.goalIds`, message: `No goal ${id.slice(0, 40)} in this backup.` });
  const entryAt = instantOf(e.entryAt);
  if (!entryAt) {
    c.problems.push({ where: `${where}.entryAt`, message: 'Please enter a valid date' });
    return null;
  }
  if (entryAt.getTime() > c.options.now.getTime() + 60_000) {
    c.problems.push({ where: `${where}.entryAt`, message: 'This date is yet to come.' });
    return null;
  }
  if (e.localDay !== undefined && !isDayInBounds(e.localDay)) {
    c.problems.push({ where: `${where}.localDay`, message: 'Please enter a valid date' });
    return null;
  }
  const photoFiles = (e.photos ?? []).map((p) => p.file);
  for (const file of photoFiles)
    if (!c.members.has(file))
      c.problems.push({ where: `${where}.photos`, message: `The archive has no ${file.slice(0, 100)}.` });
  const details = dayDetailsSchema.safeParse({ ...(e.dayDetails ?? {}), activities: e.activities ?? [] });
  if (!details.success) {
    for (const issue of details.error.issues)
      c.problems.push({ where: `${where}.${issueWhere(issue.path)}`, message: issue.message });
    return null;
  }
  const entry = preparedEntry(
    {
      mood: e.mood,
      emoji: e.emoji ?? undefined,
      notes: e.notes ?? '',
      journalType: e.journalType,
      journalMode: e.journalMode ?? undefined,
      chatMessages: e.chatMessages ?? [],
      isAIGenerated: e.isAIGenerated ?? false,
      emotionData: e.emotionData ?? undefined,
      aiMetadata: e.aiMetadata ?? undefined,
      isPrivate: e.isPrivate ?? false,
      userTimezone: e.userTimezone,
      userLocalTimestamp: e.userLocalTimestamp ?? undefined,
      photoData: photoFiles.length
        ? {
            images: photoFiles.map((f) => ({ fileId: f.split('/').pop() })),
            extractedText: e.extractedText ?? undefined,
          }
        : undefined,
    },
    where,
    c.options.now,
    c.problems,
  );
  if (!entry) return null;
  const { activities, ...blocks } = details.data;
  return {
    where,
    key: `backup:${e.id}`,
    fileId: e.id,
    entry,
    entryAt,
    localDay: e.localDay ?? localDay(entryAt, e.userTimezone),
    timezone: e.userTimezone,
    customDate: e.customDate ?? false,
    activities: activities ?? [],
    dayDetails: blocks,
    photoFiles,
    goalFileIds: e.goalIds ?? [],
    createdAt: instantOf(e.createdAt),
  };
}

/** A backup's goals, documents and Initial Journey conversation (all but its entries). */
function backupHeadContent(
  doc: BackupHead,
  members: Set<string>,
  options: ReadOptions,
  problems: ImportProblem[],
): Omit<BackupContent, 'entries'> {
  const goals: ImportGoal[] = [];
  doc.goals.forEach((g, i) => {
    const where = `goals[${i}]`;
    const goal = goalFrom(g, where, problems);
    if (!goal) return;
    goals.push({
      ...goal,
      where,
      key: `backup:${g.id}`,
      fileId: g.id,
      therapist: g.type === 'therapist',
      status: g.status,
      completedAt: instantOf(g.completedAt),
      abandonedAt: instantOf(g.abandonedAt),
      createdAt: instantOf(g.createdAt),
      extraMentions: (g.extraMentions ?? []).flatMap((m) => {
        const at = instantOf(m.createdAt);
        return at ? [{ moodType: m.moodType, createdAt: at }] : [];
      }),
    });
  });
  if (doc.profile.avatar && !members.has(doc.profile.avatar.file))
    problems.push({
      where: 'profile.avatar',
      message: `The archive has no ${doc.profile.avatar.file.slice(0, 100)}.`,
    });
  const documents: ImportDocument[] = [];
  doc.documents.forEach((d, i) => {
    const where = `documents[${i}]`;
    const generatedAt = instantOf(d.generatedAt);
    if (!(aiDocumentKinds as readonly string[]).includes(d.kind))
      return void problems.push({
        where: `${where}.kind`,
        message: `Unknown document kind "${d.kind.slice(0, 50)}".`,
      });
    if (!generatedAt)
      return void problems.push({ where: `${where}.generatedAt`, message: 'Please enter a valid date' });
    const kind = d.kind as AiDocumentKind;
    if (kind === 'weeklyReport' && (!d.periodStart || !d.periodEnd))
      return void problems.push({ where, message: 'A weekly report needs its period.' });
    let content: Record<string, unknown>;
    try {
      content = cleanDocument(kind, d.content) as unknown as Record<string, unknown>;
    } catch (error) {
      return void problems.push({
        where: `${where}.content`,
        message: error instanceof Error ? error.message : msg.badJson,
      });
    }
    documents.push({
      where,
      kind,
      content,
      model: sanitizeText(d.model ?? 'imported', { maxLength: 200 }) || 'imported',
      promptVersion: sanitizeText(d.promptVersion ?? 'imported', { maxLength: 100 }) || 'imported',
      source: d.source ?? 'manual',
      periodStart: d.periodStart ?? null,
      periodEnd: d.periodEnd ?? null,
      generatedAt,
      privateEntriesUsed: kind === 'weeklyReport' ? 0 : (d.privateEntriesUsed ?? null),
    });
  });
  const messages = doc.initialJourney.messages.flatMap((m, i) => {
    const text = sanitizeText(m.text, { normalizeWhitespace: false }).trim();
    if (!text) {
      problems.push({ where: `initialJourney.messages[${i}].text`, message: 'Please enter a message' });
      return [];
    }
    return [{ role: m.role, text, createdAt: instantOf(m.createdAt) ?? options.now }];
  });
  return { goals, documents, messages };
}

const entryContext = (
  doc: BackupHead,
  members: Set<string>,
  options: ReadOptions,
  problems: ImportProblem[],
) => ({
  members,
  goalIds: new Set(doc.goals.map((g) => g.id)),
  options,
  problems,
});

const profileAndSettings = (doc: BackupHead): ImportFile['backup'] => ({
  profile: doc.profile,
  settings: doc.settings,
});

interface ReadBackup {
  backup: ImportFile['backup'];
  content: BackupContent | null;
}

/**
 * A backup from its head (everything but the entries) and its entries one at a time, as they are
 * read: each entry checked on its own, so a file's findings are the same however it is laid out.
 */
async function backupOf(
  headJson: unknown,
  rawEntries: Iterable<unknown> | AsyncIterable<unknown>,
  members: Set<string>,
  options: ReadOptions,
  problems: ImportProblem[],
): Promise<ReadBackup> {
  const head = backupDocument(headJson, problems);
  const headContent = head ? backupHeadContent(head, members, options, problems) : null;
  const c = head ? entryContext(head, members, options, problems) : null;
  const entries: ImportEntry[] = [];
  let i = 0;
  for await (const raw of rawEntries) {
    if (i >= backupLimits.maxEntries) {
      problems.push({ where: 'entries', message: msg.tooManyEntries });
      break;
    }
    const parsed = backupEntrySchema.safeParse(raw);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        problems.push({ where: `entries[${i}].${issueWhere(issue.path)}`, message: issue.message });
    else if (c) {
      const entry = backupEntry(parsed.data, i, c);
      if (entry) entries.push(entry);
    }
    i += 1;
  }
  return {
    backup: head ? profileAndSettings(head) : null,
    content: headContent ? { ...headContent, entries } : null,
  };
}

/** A whole backup document (any layout). */
function wholeBackup(json: unknown, members: Set<string>, options: ReadOptions, problems: ImportProblem[]) {
  const { entries, ...head } = (json ?? {}) as Record<string, unknown>;
  if (entries !== undefined && !Array.isArray(entries))
    problems.push({ where: 'entries', message: 'Invalid input: expected array' });
  return backupOf(head, Array.isArray(entries) ? entries : [], members, options, problems);
}

/** The lines of a member's UTF-8 text as it unpacks. */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let first = true;
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw badRequest(msg.notUtf8);
    }
  };
  for await (const chunk of chunks) {
    const lines = (rest + decode(chunk)).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      yield first ? line.replace(/^\uFEFF/, '') : line;
      first = false;
    }
  }
  rest += decode();
  if (rest) yield first ? rest.replace(/^\uFEFF/, '') : rest;
}

/** backup.json is not laid out as our export writes it. */
class OtherLayout extends Error {}

/** The entries of our export's layout, one a line, until the closing `]` and `}`. */
async function* entryLines(lines: AsyncIterator<string>): AsyncGenerator<unknown> {
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new OtherLayout();
    const line = next.value.trim();
    if (line === ']') break;
    if (!line) continue;
    try {
      yield JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
    } catch {
      throw new OtherLayout();
    }
  }
  for (;;) {
    const next = await lines.next();
    if (next.done) return;
    const line = next.value.trim();
    if (line !== '}' && line !== '') throw new OtherLayout();
  }
}

/**
 * backup.json read as it unpacks, an entry at a time, in the layout our export writes (the head,
 * then `"entries": [` and one entry a line): the whole document is never in memory at once. Null
 * when the document is laid out otherwise (edited by hand, written by another tool); it is then
 * read whole.
 */
async function streamedBackup(
  archive: Archive,
  options: ReadOptions,
  problems: ImportProblem[],
): Promise<ReadBackup | null> {
  const chunks = await archive.stream(backupDocumentName, backupLimits.maxDocumentBytes);
  if (!chunks) throw badRequest(msg.noDocument);
  const lines = linesOf(chunks)[Symbol.asyncIterator]();
  try {
    const headLines: string[] = [];
    for (;;) {
      const next = await lines.next();
      if (next.done) return null;
      if (next.value.trim() === '"entries": [') break;
      headLines.push(next.value);
    }
    let head: unknown;
    try {
      head = JSON.parse(`${headLines.join('\n').replace(/,\s*$/, '')}\n}`);
    } catch {
      return null;
    }
    if (!head || typeof head !== 'object' || 'entries' in head) return null;
    const mine: ImportProblem[] = [];
    const read = await backupOf(head, entryLines(lines), new Set(archive.names()), options, mine);
    problems.push(...mine);
    return read;
  } catch (error) {
    if (error instanceof OtherLayout) return null;
    throw error;
  } finally {
    await lines.return?.(undefined);
  }
}

function backupDocument(json: unknown, problems: ImportProblem[]): BackupHead | null {
  const head = json as { format?: unknown; version?: unknown } | null;
  if (head?.format !== 'mindledger-backup') throw badRequest(msg.wrongFormat);
  if (typeof head.version === 'number' && head.version > backupVersion) throw badRequest(msg.newerVersion);
  const parsed = backupSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    problems.push({ where: issueWhere(issue.path), message: issue.message });
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(msg.badJson);
  }
}

/** The first four bytes of the file (a ZIP starts with PK). */
async function magicBytes(path: string): Promise<Buffer> {
  const head = Buffer.alloc(4);
  const handle = await open(path);
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  return head;
}

/** Reads the file at `path` (the upload, copied out of the files port) and checks all of it. */
export async function readImportFile(path: string, options: ReadOptions): Promise<ImportFile> {
  const problems: ImportProblem[] = [];
  const head = await magicBytes(path);
  const empty: ImportFile = {
    source: 'backup',
    entries: [],
    goals: [],
    backup: null,
    documents: [],
    messages: [],
    problems,
    problemCount: 0,
    archive: null,
  };
  let file: ImportFile;
  if (head[0] === 0x50 && head[1] === 0x4b) {
    const archive = await openArchive(path);
    try {
      let read = await streamedBackup(archive, options, problems);
      if (!read) {
        const json = await archive.read(backupDocumentName, backupLimits.maxDocumentBytes);
        if (!json) throw badRequest(msg.noDocument);
        read = await wholeBackup(parseJson(utf8(json)), new Set(archive.names()), options, problems);
      }
      file = { ...empty, ...read.content, backup: read.backup, archive };
    } catch (error) {
      archive.close();
      throw error;
    }
  } else {
    const text = utf8(await readFile(path));
    if (!text.trim()) throw badRequest(msg.emptyFile);
    if (/^\s*[[{]/.test(text)) {
      const json = parseJson(text) as Record<string, unknown> | null;
      if (json && typeof json === 'object' && 'format' in json) {
        const read = await wholeBackup(json, new Set(), options, problems);
        file = { ...empty, ...read.content, backup: read.backup };
      } else if (json && Array.isArray(json.entries)) {
        const rows = (json.entries as unknown[]).map((r) => stringRecord(r));
        const read = templateEntryDrafts(rows, { ...options, source: 'entries-json', json: true });
        problems.push(...read.problems);
        file = { ...empty, source: 'entries-json', entries: fromDrafts(read.drafts, options, problems) };
      } else if (json && Array.isArray(json.goals)) {
        const rows = (json.goals as unknown[]).map((r) => stringRecord(r));
        file = {
          ...empty,
          source: 'goals-json',
          goals: templateGoals(rows, true, 'goals-json', problems, options.now),
        };
      } else throw badRequest(msg.unknownFormat);
    } else {
      const { header, rows } = readCsv(text);
      if (rows.length > backupLimits.maxEntries) throw badRequest(msg.tooLarge);
      if (isDaylioHeader(header)) {
        const read = daylioDrafts(rows, options);
        problems.push(...read.problems);
        file = { ...empty, source: 'daylio', entries: fromDrafts(read.drafts, options, problems) };
      } else if (isEntryCsvHeader(header)) {
        const read = templateEntryDrafts(rows, { ...options, source: 'csv' });
        problems.push(...read.problems);
        file = { ...empty, source: 'csv', entries: fromDrafts(read.drafts, options, problems) };
      } else if (isGoalCsvHeader(header)) {
        file = {
          ...empty,
          source: 'goals-csv',
          goals: templateGoals(rows, false, 'goals-csv', problems, options.now),
        };
      } else throw badRequest(msg.unknownFormat);
    }
  }
  if (file.entries.length + file.goals.length === 0 && !file.backup && problems.length === 0)
    throw badRequest(msg.emptyFile);
  file.problemCount = problems.length;
  file.problems = problems.slice(0, backupLimits.maxProblems);
  return file;
}

/** A JSON row of a template as text cells (numbers and booleans as they read). */
function stringRecord(row: unknown): CsvRecord {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return {};
  return Object.fromEntries(
    Object.entries(row as Record<string, unknown>).map(([k, v]) => [
      k.toLowerCase(),
      Array.isArray(v)
        ? v.map(String).join('|')
        : v === null || v === undefined
          ? undefined
          : plainCell(String(v)),
    ]),
  );
}

import { randomBytes } from 'node:crypto';
import {
  backupLimits,
  notificationSettingsInput,
  storedNotificationSettings,
  type ConflictResolution,
  type ImportProblem,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { journalEntries } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { detectImageType } from '../../platform/image-type.js';
import { collectGarbage } from '../../platform/memory.js';
import { storedEntryValues } from '../journal/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { WeeklyAutomationService } from '../weekly-automation/index.js';
import { planImport, resolutionOf, type CurrentState } from './plan.js';
import type { ImportFile } from './reader.js';
import type { BackupRepo } from './repo.js';

export class ImportCancelled extends Error {}

export interface ImportResult {
  added: { entries: number; goals: number; documents: number; messages: number; photos: number };
  replaced: number;
  skipped: number;
  keptBoth: number;
  settings: boolean;
  profile: boolean;
  notImported: ImportProblem[];
}

/** The user's data an import is planned against (read in the caller's executor). */
export async function currentState(
  repo: BackupRepo,
  userId: string,
  file: ImportFile,
  tx?: Tx,
): Promise<CurrentState> {
  const user = await repo.user(userId, tx);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  // one after another: a transaction's client runs one query at a time
  const existing = await repo.existingEntries(
    userId,
    file.entries.map((e) => e.key),
    file.entries.flatMap((e) => (e.fileId ? [e.fileId] : [])),
    file.entries.map((e) => e.entryAt),
    tx,
  );
  const goals = await repo.liveGoals(userId, tx);
  const settings = await repo.settingsOf(userId, tx);
  const messages = await repo.journeyMessages(userId, tx);
  const documents = await repo.documents(userId, tx);
  return {
    entriesByKey: existing.byKey,
    entryIds: existing.byId,
    entriesByMoment: existing.byMoment,
    goals,
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      timezone: user.timezone,
      phone: user.phone,
    },
    settings: {
      notifications: settings.notifications?.settings ?? null,
      goalReminderPeriod: settings.goalReminder?.reminderPeriod ?? null,
      weeklyAutomation: settings.weekly
        ? {
            automaticGeneration: settings.weekly.automaticGeneration,
            automationDay: settings.weekly.automationDay,
          }
        : null,
    },
    journeyMessages: messages.length,
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      periodStart: d.periodStart,
      generatedAt: d.generatedAt,
    })),
  };
}

/** The first `n` bytes of a stream, and the whole stream again (those bytes included). */
async function firstBytes(
  chunks: AsyncIterable<Buffer>,
  n: number,
): Promise<{ head: Buffer; rest: AsyncIterable<Buffer>; cancel: () => Promise<unknown> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let size = 0;
  while (size < n) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    size += next.value.length;
  }
  async function* rest() {
    yield* seen;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return {
    head: Buffer.concat(seen).subarray(0, n),
    rest: rest(),
    cancel: async () => iterator.return?.(),
  };
}

/** Entries stored per statement (with their goal links) by an import. */
const importBatch = 100;

const photoId = (ext: string) => `${randomBytes(12).toString('hex')}.${ext}`;

/**
 * The photos and avatar an import will use, written to the files port before its transaction
 * (files are not transactional): answers the new name of each archive member and every key
 * written, which the caller deletes if the transaction does not commit.
 */
export async function writeImportFiles(
  ctx: AppContext,
  userId: string,
  file: ImportFile,
  wanted: Set<string>,
  signal: AbortSignal,
): Promise<{ names: Map<string, string>; written: string[] }> {
  const names = new Map<string, string>();
  const written: string[] = [];
  if (!file.archive) return { names, written };
  try {
    for (const member of wanted) {
      if (signal.aborted) throw new ImportCancelled();
      const chunks = await file.archive.stream(member, backupLimits.maxImageBytes);
      if (!chunks) throw badRequest(`The archive has no ${member.slice(0, 100)}.`);
      // streamed to the files port: the type from the first bytes, then the rest as it unpacks
      const { head, rest, cancel } = await firstBytes(chunks, 12);
      const type = detectImageType(head);
      if (!type) await cancel();
      if (!type) throw badRequest(`${member.slice(0, 100)} is not a PNG, JPEG or WebP image.`);
      const name = photoId(type.ext);
      const key = member.startsWith('avatar/') ? `avatars/${userId}/${name}` : `journal/${userId}/${name}`;
      written.push(key);
      await ctx.files.putStream(key, rest, type.mime);
      names.set(member, name);
    }
  } catch (error) {
    for (const key of written) await ctx.files.delete(key).catch(() => undefined);
    throw error;
  }
  return { names, written };
}

interface ApplyDeps {
  ctx: AppContext;
  repo: BackupRepo;
  notifications: NotificationsService;
  weeklyAutomation: WeeklyAutomationService;
}

/**
 * Applies an import inside one transaction (decision 095): the plan is made again against the
 * locked state, each conflict resolved as chosen (else by the default), goals before entries so
 * entries link to them, then mentions, settings, profile, the Initial Journey and documents. A
 * cancel between steps throws and rolls everything back.
 */
export async function applyImport(
  deps: ApplyDeps,
  tx: Tx,
  input: {
    userId: string;
    importId: string;
    file: ImportFile;
    chosen: Readonly<Record<string, ConflictResolution>>;
    fallback: ConflictResolution;
    files: Map<string, string>;
    signal: AbortSignal;
    progress: (n: number) => void;
  },
): Promise<{ result: ImportResult; oldAvatar: string | null }> {
  const { ctx, repo } = deps;
  const { userId, importId, file, chosen, fallback, signal } = input;
  const check = () => {
    if (signal.aborted) throw new ImportCancelled();
  };
  await repo.lockUser(tx, userId);
  const current = await currentState(repo, userId, file, tx);
  const plan = planImport(file, current, chosen, fallback);
  const now = ctx.clock.now();
  const result: ImportResult = {
    added: {
      entries: 0,
      goals: 0,
      documents: 0,
      messages: 0,
      // the journal's photos (the avatar is the profile's)
      photos: [...input.files.keys()].filter((member) => !member.startsWith('avatar/')).length,
    },
    replaced: 0,
    skipped: 0,
    keptBoth: 0,
    settings: false,
    profile: false,
    notImported: plan.notImported,
  };
  const conflict = (id: string) => plan.conflicts.find((c) => c.id === id);
  const decide = (id: string) => {
    const c = conflict(id);
    if (!c) return { resolution: null, existingId: null };
    const resolution = resolutionOf(c, chosen, fallback);
    if (resolution === 'skip') result.skipped += 1;
    else if (resolution === 'replace') result.replaced += 1;
    else result.keptBoth += 1;
    return { resolution, existingId: c.existingId };
  };

  // goals
  const goalIds = new Map<string, string>();
  const touched = new Set<string>();
  const loose: {
    goalId: string;
    patientId: string;
    moodType: 'positive' | 'negative' | 'neutral';
    createdAt: Date;
  }[] = [];
  for (const [i, g] of file.goals.entries()) {
    if (plan.skippedGoals.has(i)) continue;
    const { resolution, existingId } = decide(`g${i}`);
    const values = {
      text: g.text,
      textKey: g.textKey,
      notes: g.notes,
      emoji: g.emoji ?? undefined,
      priority: g.priority,
      categories: g.categories as never,
      targetDate: g.targetDate,
      homePageVisible: g.homePageVisible,
      completed: g.status === 'completed',
      completedAt: g.status === 'completed' ? (g.completedAt ?? now) : null,
      abandoned: g.status === 'abandoned',
      abandonedAt: g.status === 'abandoned' ? (g.abandonedAt ?? now) : null,
      updatedAt: now,
    };
    let id: string;
    if (resolution === 'skip' && existingId) id = existingId;
    else if (resolution === 'replace' && existingId) {
      await repo.updateGoal(tx, userId, existingId, values);
      id = existingId;
    } else {
      id = await repo.insertGoal(tx, {
        ...values,
        patientId: userId,
        createdBy: userId,
        type: 'personal',
        importKey: resolution === 'keepBoth' ? `${g.key}#${importId}` : g.key,
        createdAt: g.createdAt ?? now,
      });
      result.added.goals += 1;
      for (const m of g.extraMentions) loose.push({ goalId: id, patientId: userId, ...m });
      touched.add(id);
    }
    if (g.fileId) goalIds.set(g.fileId, id);
  }
  check();
  input.progress(20);

  // entries: every one decided first (the replaced ones go before their successors are written),
  // then stored 100 at a time with their goal links, so only a batch is in memory at once
  const kept: { e: ImportFile['entries'][number]; keepBoth: boolean }[] = [];
  const replacedIds: string[] = [];
  for (const [i, e] of file.entries.entries()) {
    const { resolution, existingId } = decide(`e${i}`);
    if (resolution === 'skip') continue;
    if (resolution === 'replace' && existingId) replacedIds.push(existingId);
    kept.push({ e, keepBoth: resolution === 'keepBoth' });
  }
  for (const id of await repo.removeEntries(tx, userId, replacedIds, now)) touched.add(id);
  check();
  let created = 0;
  for (let start = 0; start < kept.length; start += importBatch) {
    const batch = kept.slice(start, start + importBatch).map(({ e, keepBoth }) => {
      const photoData = e.entry.photoData
        ? {
            ...e.entry.photoData,
            images: e.photoFiles.map((member) => ({ fileId: input.files.get(member) ?? '' })),
          }
        : undefined;
      const values = storedEntryValues({ ...e.entry, photoData }, now);
      const row: typeof journalEntries.$inferInsert = {
        ...values,
        patientId: userId,
        entryAt: e.entryAt,
        localDay: e.localDay,
        userTimezone: e.timezone,
        customDate: e.customDate,
        activities: e.activities,
        dayDetails: e.dayDetails,
        importKey: keepBoth ? `${e.key}#${importId}` : e.key,
        createdAt: e.createdAt ?? e.entryAt,
        updatedAt: now,
      };
      const goals = e.goalFileIds.flatMap((fid) => (goalIds.has(fid) ? [goalIds.get(fid)!] : []));
      return { row, goals };
    });
    const ids = await repo.insertEntries(
      tx,
      batch.map((b) => b.row),
    );
    created += ids.length;
    const links = ids.flatMap(({ id }, n) =>
      batch[n]!.goals.map((goalId) => {
        touched.add(goalId);
        return {
          goalId,
          entryId: id,
          patientId: userId,
          moodType: batch[n]!.row.sentiment as 'positive' | 'negative' | 'neutral',
          createdAt: batch[n]!.row.createdAt as Date,
        };
      }),
    );
    await repo.insertLinks(tx, links);
    check();
    input.progress(20 + Math.floor((50 * (start + batch.length)) / Math.max(kept.length, 1)));
    // what the last thousand entries built and dropped goes now, not when the heap nears its limit
    if ((start / importBatch) % 10 === 9) collectGarbage();
  }
  result.added.entries = created - replacedIds.length;
  input.progress(70);
  await repo.insertLooseMentions(tx, loose);
  await repo.recount(tx, [...touched]);
  check();
  input.progress(85);

  // profile and settings (a backup's)
  let oldAvatar: string | null = null;
  const backup = file.backup;
  if (backup && conflict('profile') && decide('profile').resolution === 'replace') {
    const user = await repo.user(userId, tx);
    const avatar = backup.profile.avatar ? input.files.get(backup.profile.avatar.file) : undefined;
    await repo.updateUser(tx, userId, {
      firstName: backup.profile.firstName,
      lastName: backup.profile.lastName,
      phone: backup.profile.phone ?? null,
      timezone: backup.profile.timezone,
      ...(avatar ? { avatarKey: `avatars/${userId}/${avatar}` } : {}),
      updatedAt: now,
    });
    if (avatar && user?.avatarKey) oldAvatar = user.avatarKey;
    if (user && user.timezone !== backup.profile.timezone)
      await ctx.jobs.schedules.rezone(userId, backup.profile.timezone, tx);
    result.profile = true;
  }
  if (backup && conflict('settings') && decide('settings').resolution === 'replace') {
    const s = backup.settings;
    if (s.goalReminderPeriod) await repo.saveGoalReminder(tx, userId, s.goalReminderPeriod, now);
    if (s.notifications) {
      const parsed = notificationSettingsInput.safeParse(storedNotificationSettings(s.notifications));
      if (parsed.success) await deps.notifications.saveSettings(userId, parsed.data, tx);
    } else if (s.goalReminderPeriod) await deps.notifications.syncSchedules(userId, tx);
    if (s.weeklyAutomation) await deps.weeklyAutomation.save(userId, s.weeklyAutomation, tx);
    result.settings = true;
  }

  // the Initial Journey conversation and the documents
  if (file.messages.length) {
    const { resolution } = decide('initialJourney');
    if (resolution !== 'skip') {
      await repo.replaceJourney(tx, userId, file.messages, resolution === 'keepBoth');
      result.added.messages = file.messages.length;
    }
  }
  for (const [i, d] of file.documents.entries()) {
    const { resolution, existingId } = decide(`d${i}`);
    if (resolution === 'skip') continue;
    if (resolution === 'replace' && existingId) await repo.deleteDocument(tx, userId, existingId);
    await repo.insertDocument(tx, {
      patientId: userId,
      kind: d.kind,
      content: d.content,
      model: d.model,
      promptVersion: d.promptVersion,
      source: d.source,
      periodStart: d.periodStart,
      periodEnd: d.periodEnd,
      generatedAt: d.generatedAt,
      privateEntriesUsed:
        d.privateEntriesUsed ?? (await repo.privateEntriesAround(tx, userId, d.generatedAt)),
    });
    if (resolution !== 'replace') result.added.documents += 1;
  }
  check();
  input.progress(95);
  return { result, oldAvatar };
}

import { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  backupDocumentName,
  backupHead,
  storedNotificationSettings,
  type BackupDocumentInput,
  type BackupEntry,
  type BackupGoal,
} from '@mindledger/domain';
import type { FilesPort } from '../../platform/files.js';
import type { BackupRepo, EntryRow, GoalRow } from './repo.js';

const photoKey = (userId: string, fileId: string) => `journal/${userId}/${fileId}`;
const photoMember = (fileId: string) => `photos/${fileId}`;
const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

export function backupEntry(row: EntryRow, goalIds: string[]): BackupEntry {
  const images = row.photoData?.images ?? [];
  const details = row.dayDetails ?? {};
  return {
    id: row.id,
    entryAt: row.entryAt.toISOString(),
    localDay: row.localDay,
    userTimezone: row.userTimezone,
    userLocalTimestamp: row.userLocalTimestamp,
    customDate: row.customDate,
    mood: row.mood,
    emoji: row.emoji,
    notes: row.notes,
    journalType: row.journalType,
    journalMode: row.journalMode,
    chatMessages: row.chatMessages,
    isAIGenerated: row.isAiGenerated,
    emotionData: row.emotionData ?? undefined,
    aiMetadata: row.aiMetadata ?? undefined,
    photos: images.map((image) => ({ file: photoMember(image.fileId) })),
    extractedText: row.photoData?.extractedText ?? null,
    activities: row.activities,
    dayDetails: details as Record<string, unknown>,
    isPrivate: row.isPrivate,
    goalIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function backupGoal(
  row: GoalRow,
  loose: { moodType: 'positive' | 'negative' | 'neutral'; createdAt: Date }[],
): BackupGoal {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    notes: row.notes,
    emoji: row.emoji,
    priority: row.priority,
    categories: row.categories,
    targetDate: iso(row.targetDate),
    homePageVisible: row.homePageVisible,
    status: row.completed ? 'completed' : row.abandoned ? 'abandoned' : 'active',
    completedAt: iso(row.completedAt),
    abandonedAt: iso(row.abandonedAt),
    extraMentions: loose.map((m) => ({ moodType: m.moodType, createdAt: m.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ExportCounts {
  entries: number;
  goals: number;
  photos: number;
  documents: number;
  messages: number;
}

/**
 * Everything a user owns as one backup document (decision 095), written as a stream: the small
 * parts first, then the journal a page at a time, so a long journal is never whole in memory.
 * `counts` is filled as it goes.
 */
async function* documentText(
  repo: BackupRepo,
  userId: string,
  exportedAt: Date,
  counts: ExportCounts,
): AsyncGenerator<string> {
  const user = await repo.user(userId);
  if (!user) throw new Error('backup subject gone');
  const [goalRows, loose, settings, messages, documents] = await Promise.all([
    repo.goalsOf(userId),
    repo.looseMentions(userId),
    repo.settingsOf(userId),
    repo.journeyMessages(userId),
    repo.documents(userId),
  ]);
  const avatarName = user.avatarKey?.split('/').pop();
  const head: Omit<BackupDocumentInput, 'entries'> = {
    ...backupHead(),
    exportedAt: exportedAt.toISOString(),
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      timezone: user.timezone,
      phone: user.phone,
      avatar: avatarName ? { file: `avatar/${avatarName}` } : null,
    },
    settings: {
      notifications: settings.notifications
        ? (storedNotificationSettings(settings.notifications.settings) as unknown as Record<string, unknown>)
        : null,
      goalReminderPeriod: settings.goalReminder?.reminderPeriod ?? null,
      weeklyAutomation: settings.weekly
        ? {
            automaticGeneration: settings.weekly.automaticGeneration,
            automationDay: settings.weekly.automationDay,
          }
        : null,
    },
    goals: goalRows.map((g) =>
      backupGoal(
        g,
        loose.filter((m) => m.goalId === g.id),
      ),
    ),
    initialJourney: {
      messages: messages.map((m) => ({ role: m.role, text: m.text, createdAt: m.createdAt.toISOString() })),
    },
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      content: d.content,
      model: d.model,
      promptVersion: d.promptVersion,
      source: d.source,
      periodStart: d.periodStart,
      periodEnd: d.periodEnd,
      generatedAt: d.generatedAt.toISOString(),
      privateEntriesUsed: d.privateEntriesUsed,
    })),
  };
  counts.goals = goalRows.length;
  counts.messages = messages.length;
  counts.documents = documents.length;
  yield `${JSON.stringify(head, null, 1).slice(0, -2)},\n "entries": [`;
  let first = true;
  for await (const page of repo.entryPages(userId)) {
    const links = await repo.linksOf(page.map((e) => e.id));
    let text = '';
    for (const row of page) {
      text += `${first ? '' : ','}\n  ${JSON.stringify(backupEntry(row, links.get(row.id) ?? []))}`;
      first = false;
      counts.entries += 1;
      // pieces of about 16 K characters: no string outlives a young collection
      if (text.length >= 16_384) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
  }
  yield '\n ]\n}\n';
}

/**
 * The backup archive as a stream: `backup.json`, then each photo of the journal (`photos/<id>`) and
 * the avatar (`avatar/<name>`), each file opened only when its turn comes.
 */
export async function backupArchive(
  repo: BackupRepo,
  files: FilesPort,
  userId: string,
  exportedAt: Date,
  counts: ExportCounts,
): Promise<Readable> {
  const zip = new yazl.ZipFile();
  zip.addReadStream(
    Readable.from(documentText(repo, userId, exportedAt, counts), { objectMode: false }),
    backupDocumentName,
    {
      mtime: exportedAt,
    },
  );
  const photos: string[] = [];
  for await (const page of repo.entryPages(userId))
    for (const row of page) for (const image of row.photoData?.images ?? []) photos.push(image.fileId);
  const user = await repo.user(userId);
  const lazy = (key: string, name: string) =>
    zip.addReadStreamLazy(name, { mtime: exportedAt, compress: false }, (done) => {
      files.open(key).then(
        (opened) => done(null, opened ? opened.stream : Readable.from([])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  for (const fileId of new Set(photos)) lazy(photoKey(userId, fileId), photoMember(fileId));
  counts.photos = new Set(photos).size;
  if (user?.avatarKey) lazy(user.avatarKey, `avatar/${user.avatarKey.split('/').pop()}`);
  zip.end();
  return zip.outputStream as Readable;
}

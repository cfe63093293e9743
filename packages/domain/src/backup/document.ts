import { z } from 'zod';
import { backupFormat, backupLimits, backupSchemaId, backupVersion } from './rules.js';

/**
 * The backup document, version 1 (`backup.json` in the archive; docs/API-backup.md). The structure
 * is checked here; each entry's and goal's content is checked again by the same rules as a new
 * entry or goal when it is imported (the file is never trusted). Ids in the file are the file's
 * own: they link entries, goals and photos inside it and are never used as ids in the database.
 */
const id = z.string().min(1).max(100);
const instant = z.string().max(40);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day like 2026-01-31');
const text = (max: number) => z.string().max(max);

export const backupEntrySchema = z.object({
  id,
  entryAt: instant,
  localDay: day.optional(),
  userTimezone: text(100),
  userLocalTimestamp: text(40).nullish(),
  customDate: z.boolean().optional(),
  mood: text(200),
  emoji: text(50).nullish(),
  notes: text(20_000).optional(),
  journalType: text(20),
  journalMode: text(50).nullish(),
  chatMessages: z.array(z.unknown()).max(backupLimits.maxChatMessages).optional(),
  isAIGenerated: z.boolean().optional(),
  emotionData: z.unknown().optional(),
  aiMetadata: z.unknown().optional(),
  photos: z
    .array(z.object({ file: text(200) }))
    .max(10)
    .optional(),
  extractedText: text(20_000).nullish(),
  activities: z.array(text(100)).max(50).optional(),
  dayDetails: z.record(z.string(), z.unknown()).optional(),
  isPrivate: z.boolean().optional(),
  goalIds: z.array(id).max(20).optional(),
  createdAt: instant.optional(),
  updatedAt: instant.optional(),
});
export type BackupEntry = z.output<typeof backupEntrySchema>;

export const backupGoalSchema = z.object({
  id,
  type: z.enum(['personal', 'therapist']),
  text: text(2000),
  notes: text(5000).nullish(),
  emoji: text(50).nullish(),
  priority: z.number().int().min(1).max(5).optional(),
  categories: z.array(text(50)).max(10).optional(),
  targetDate: instant.nullish(),
  homePageVisible: z.boolean().optional(),
  status: z.enum(['active', 'completed', 'abandoned']),
  completedAt: instant.nullish(),
  abandonedAt: instant.nullish(),
  /** Mentions that came from no entry of the file (entries carry their own goal links). */
  extraMentions: z
    .array(z.object({ moodType: z.enum(['positive', 'negative', 'neutral']), createdAt: instant }))
    .max(10_000)
    .optional(),
  createdAt: instant.optional(),
});
export type BackupGoal = z.output<typeof backupGoalSchema>;

export const backupDocumentSchema = z.object({
  id,
  kind: text(50),
  content: z.record(z.string(), z.unknown()),
  model: text(200).optional(),
  promptVersion: text(100).optional(),
  source: z.enum(['manual', 'automation']).optional(),
  periodStart: day.nullish(),
  periodEnd: day.nullish(),
  generatedAt: instant,
  /**
   * How many private entries the document drew on (decision 103). Missing in older files: the
   * import then counts the most it could have drawn on.
   */
  privateEntriesUsed: z.number().int().min(0).max(1_000_000).optional(),
});
export type BackupAiDocument = z.output<typeof backupDocumentSchema>;

export const backupSchema = z.object({
  format: z.literal(backupFormat, { error: 'This JSON is not a MindLedger backup.' }),
  version: z.number().int().min(1),
  schema: z.string().max(200).optional(),
  exportedAt: instant,
  profile: z.object({
    firstName: text(200),
    lastName: text(200),
    email: text(320).optional(),
    timezone: text(100),
    phone: text(50).nullish(),
    avatar: z.object({ file: text(200) }).nullish(),
  }),
  settings: z
    .object({
      notifications: z.record(z.string(), z.unknown()).nullish(),
      goalReminderPeriod: z.enum(['daily', 'weekly', 'monthly', 'never']).nullish(),
      weeklyAutomation: z
        .object({ automaticGeneration: z.boolean(), automationDay: z.number().int().min(0).max(6) })
        .nullish(),
    })
    .default({}),
  entries: z.array(backupEntrySchema).max(backupLimits.maxEntries).default([]),
  goals: z.array(backupGoalSchema).max(backupLimits.maxGoals).default([]),
  initialJourney: z
    .object({
      messages: z
        .array(
          z.object({
            role: z.enum(['user', 'assistant']),
            text: text(20_000),
            createdAt: instant.optional(),
          }),
        )
        .max(backupLimits.maxChatMessages),
    })
    .default({ messages: [] }),
  documents: z.array(backupDocumentSchema).max(backupLimits.maxDocuments).default([]),
});
export type BackupDocument = z.output<typeof backupSchema>;
export type BackupDocumentInput = z.input<typeof backupSchema>;

/** The head every backup document starts with. */
export const backupHead = () =>
  ({
    format: backupFormat,
    version: backupVersion,
    schema: backupSchemaId,
  }) as const;

/** 'entries[12].mood' from a zod issue path. */
export function issueWhere(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

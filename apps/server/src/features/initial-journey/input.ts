import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { addDays, localDay } from '@mindledger/domain';
import type { Db } from '../../db/client.js';
import { goals, journalEntries } from '../../db/schema/index.js';
import type { AiMessage, JourneyInput } from '../../platform/ai/index.js';
import { visibleEntries } from '../../platform/read-scope.js';
import type { MessageRow } from './repo.js';

/**
 * What the Initial Journey documents are made from: the client's own answers, active goals and the
 * emotions they checked in over the last 30 days (their own entries, private ones included: the
 * documents are theirs, and a provider sees one only if the client shares it).
 */
export async function journeyInput(
  db: Db,
  user: { id: string; firstName: string; timezone: string },
  messages: MessageRow[],
  now: Date,
): Promise<JourneyInput> {
  const today = localDay(now, user.timezone);
  const [goalRows, emotionRows] = await Promise.all([
    db
      .select({ text: goals.text })
      .from(goals)
      .where(
        and(
          eq(goals.patientId, user.id),
          eq(goals.deleted, false),
          eq(goals.completed, false),
          eq(goals.abandoned, false),
        ),
      )
      .limit(20),
    db
      .select({ name: journalEntries.primaryEmotion, count: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(
        and(
          visibleEntries(user.id, true),
          gte(journalEntries.localDay, addDays(today, -30)),
          sql`${journalEntries.primaryEmotion} is not null`,
        ),
      )
      .groupBy(journalEntries.primaryEmotion)
      .orderBy(desc(sql`count(*)`), journalEntries.primaryEmotion)
      .limit(5),
  ]);
  const conversation: AiMessage[] = messages.map((m) => ({ role: m.role, text: m.text }));
  return {
    firstName: user.firstName,
    timeZone: user.timezone,
    today,
    conversation,
    goals: goalRows,
    recentEmotions: emotionRows.flatMap((r) => (r.name ? [{ name: r.name, count: r.count }] : [])),
  };
}

import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { addDays, localDay } from '@mindledger/domain';
import type { Db } from '../../db/client.js';
import { goals, journalEntries } from '../../db/schema/index.js';
import type { AiMessage, JourneyInput } from '../../platform/ai/index.js';
import { visibleEntries } from '../../platform/read-scope.js';
import type { JourneyKind, MessageRow } from './repo.js';

/**
 * The documents that speak of the client's check-ins ("the feelings you checked in with most"):
 * only these are given the emotions of the last 30 days. The interview guide and the email
 * template are made from the conversation and goals alone, so they draw on no entry (decision 103).
 */
export const kindsFromCheckIns: readonly JourneyKind[] = ['therapistProfile', 'selfReflectionSummary'];

/** How many of the most felt emotions a document is given (the local engine names three). */
const emotionsMax = 3;

/**
 * What an Initial Journey document is made from: the client's own answers, active goals and, for
 * the documents that speak of check-ins, the emotions they checked in over the last 30 days. Those
 * are their own entries, private ones included (the documents are theirs), so the answer says how
 * many private entries the document draws on: a provider reads such a document only when the
 * client consents to it as they share it (decision 103).
 */
export async function journeyInput(
  db: Db,
  user: { id: string; firstName: string; timezone: string },
  messages: MessageRow[],
  now: Date,
  kind: JourneyKind,
): Promise<{ input: JourneyInput; privateEntriesUsed: number }> {
  const today = localDay(now, user.timezone);
  const emotionsQuery: PromiseLike<{ name: string | null; count: number; privateCount: number }[]> =
    kindsFromCheckIns.includes(kind)
      ? db
          .select({
            name: journalEntries.primaryEmotion,
            count: sql<number>`count(*)::int`,
            privateCount: sql<number>`(count(*) filter (where ${journalEntries.isPrivate}))::int`,
          })
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
          .limit(emotionsMax)
      : Promise.resolve([]);
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
    emotionsQuery,
  ]);
  const conversation: AiMessage[] = messages.map((m) => ({ role: m.role, text: m.text }));
  const emotions = emotionRows.flatMap((r) => (r.name ? [{ ...r, name: r.name }] : []));
  return {
    input: {
      firstName: user.firstName,
      timeZone: user.timezone,
      today,
      conversation,
      goals: goalRows,
      recentEmotions: emotions.map((r) => ({ name: r.name, count: Number(r.count) })),
    },
    privateEntriesUsed: emotions.reduce((sum, r) => sum + Number(r.privateCount), 0),
  };
}

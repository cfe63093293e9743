import { and, asc, between, eq, gte, lte, sql } from 'drizzle-orm';
import {
  addDays,
  computeStreak,
  type ChatMessage,
  type EmotionData,
  type Sentiment,
} from '@mindledger/domain';
import { rowsOf, type Executor } from '../../db/client.js';
import type { DayDetailBlocks } from '../../db/schema/journal.js';
import { goalEntryLinks, goals, journalEntries } from '../../db/schema/index.js';
import type { WeeklyEntryInput, WeeklyInput } from '../../platform/ai/index.js';
import { visibleEntries } from '../../platform/read-scope.js';
import type { Period } from './period.js';

/**
 * What a weekly report is made from (docs/API-weekly-insights.md "What a report reads").
 *
 * The rule: a weekly report reads the client's live entries of the period that are NOT private.
 * The report is the client's own document, but it can be shared with a provider, and a provider
 * never sees a private entry nor anything derived from one (decision 075). Rather than keep two
 * versions of a report, private entries never enter one: the same `visibleEntries(…, false)`
 * condition the provider's own reads use. The streak given to the generator is counted over the
 * same entries, and the entry count that decides "at least 2 entries" too, so what the client is
 * told matches what the report is made of.
 */
export const includePrivateEntries = false;

/** An entry's text given to the generator is cut to this many characters. */
const entryTextMax = 4000;
/** At most this many entries of a period go to the generator (the newest ones). */
const entriesMax = 100;

export interface ReportClient {
  id: string;
  firstName: string;
  timeZone: string;
}

/** The key of `countReportEntries`' answer: a client and the first day of their period. */
export const entryCountKey = (patientId: string, period: Period) => `${patientId}:${period.startDate}`;

/**
 * How many report entries each client has in their period (by `entryCountKey`): one statement for
 * a whole batch (the automation's claimed deliveries, or one manual request).
 */
export async function countReportEntries(
  db: Executor,
  items: { patientId: string; period: Period }[],
): Promise<Map<string, number>> {
  if (items.length === 0) return new Map();
  const rows = rowsOf<{ patient_id: string; start_day: string; entries: number | string }>(
    await db.execute(sql`
      select due.patient_id, to_char(due.start_day, 'YYYY-MM-DD') as start_day, count(e.id)::int as entries
      from (values ${sql.join(
        items.map((i) => sql`(${i.patientId}::uuid, ${i.period.startDate}::date, ${i.period.endDate}::date)`),
        sql`, `,
      )}) as due(patient_id, start_day, end_day)
      join journal_entries e on e.patient_id = due.patient_id
        and e.local_day between due.start_day and due.end_day
        and not e.deleted ${includePrivateEntries ? sql`` : sql`and not e.is_private`}
      group by due.patient_id, due.start_day`),
  );
  return new Map(
    rows.map((r) => [
      entryCountKey(r.patient_id, { startDate: r.start_day, endDate: '' }),
      Number(r.entries),
    ]),
  );
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'HH:MM' of an instant in the client's zone. */
function localClock(instant: Date, timeZone: string): string {
  let format = timeFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormatters.set(timeZone, format);
  }
  return format.format(instant);
}

interface EntryRow {
  id: string;
  localDay: string;
  entryAt: Date;
  customDate: boolean;
  notes: string;
  chatMessages: ChatMessage[];
  emotionData: EmotionData | null;
  primaryEmotion: string | null;
  coreEmotion: string;
  intensity: number | null;
  sentiment: Sentiment;
  activities: string[];
  dayDetails: DayDetailBlocks;
  goalIds: string[] | null;
}

function entryText(row: EntryRow): string {
  const turns = row.chatMessages.filter((m) => m.role === 'user').map((m) => m.text.trim());
  return [row.notes.trim(), ...turns].filter(Boolean).join('\n').slice(0, entryTextMax);
}

function sleepHours(details: DayDetailBlocks): number | undefined {
  const hours = details.sleepRoutine?.hours;
  return typeof hours === 'number' && Number.isFinite(hours) ? hours : undefined;
}

export function toEntryInput(row: EntryRow, timeZone: string): WeeklyEntryInput {
  const data = row.emotionData;
  const primary = data?.primaryEmotion ?? row.primaryEmotion ?? row.coreEmotion;
  const emotion: WeeklyEntryInput['emotion'] = {
    primary,
    intensity: data?.intensity ?? row.intensity ?? 5,
    ...(data?.secondaryEmotion ? { secondary: data.secondaryEmotion } : {}),
    ...(data?.specificFeeling ? { specific: data.specificFeeling } : {}),
  };
  const hours = sleepHours(row.dayDetails);
  return {
    id: row.id,
    day: row.localDay,
    // a back-dated entry has no time of its own (it is placed at noon UTC): midday stands for it
    time: row.customDate ? '12:00' : localClock(row.entryAt, timeZone),
    text: entryText(row),
    emotion,
    sentiment: row.sentiment,
    activities: row.activities,
    ...(hours === undefined ? {} : { sleepHours: hours }),
    goalIds: row.goalIds ?? [],
  };
}

/** The generator's input for one client and period (three indexed reads). */
export async function weeklyInput(
  db: Executor,
  client: ReportClient,
  period: Period,
  today: string,
): Promise<WeeklyInput> {
  const live = visibleEntries(client.id, includePrivateEntries);
  const [entries, streakDays, activeGoals] = await Promise.all([
    db
      .select({
        id: journalEntries.id,
        localDay: journalEntries.localDay,
        entryAt: journalEntries.entryAt,
        customDate: journalEntries.customDate,
        notes: journalEntries.notes,
        chatMessages: journalEntries.chatMessages,
        emotionData: journalEntries.emotionData,
        primaryEmotion: journalEntries.primaryEmotion,
        coreEmotion: journalEntries.coreEmotion,
        intensity: journalEntries.intensity,
        sentiment: journalEntries.sentiment,
        activities: journalEntries.activities,
        dayDetails: journalEntries.dayDetails,
        goalIds: sql<string[] | null>`(select array_agg(${goalEntryLinks.goalId}::text) from ${goalEntryLinks}
          where ${goalEntryLinks.entryId} = ${journalEntries.id})`,
      })
      .from(journalEntries)
      .where(and(live, between(journalEntries.localDay, period.startDate, period.endDate)))
      .orderBy(asc(journalEntries.entryAt), asc(journalEntries.id)),
    db
      .selectDistinct({ day: journalEntries.localDay })
      .from(journalEntries)
      .where(
        and(live, gte(journalEntries.localDay, addDays(today, -400)), lte(journalEntries.localDay, today)),
      ),
    db
      .select({ id: goals.id, text: goals.text })
      .from(goals)
      .where(
        and(
          eq(goals.patientId, client.id),
          sql`not ${goals.completed} and not ${goals.abandoned} and not ${goals.deleted}`,
        ),
      )
      .orderBy(asc(goals.createdAt)),
  ]);
  return {
    firstName: client.firstName,
    timeZone: client.timeZone,
    startDate: period.startDate,
    endDate: period.endDate,
    streak: computeStreak(
      streakDays.map((r) => r.day),
      today,
    ),
    entries: entries.slice(-entriesMax).map((row) => toEntryInput(row, client.timeZone)),
    goals: activeGoals,
  };
}

import { and, desc, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { GoalType, MoodType, ReminderPeriod } from '@mindledger/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import {
  goalEntryLinks,
  goalMentions,
  goalNotificationSettings,
  goals,
  journalEntries,
  users,
} from '../../db/schema/index.js';
import { fromVisibleEntry, type ReadScope } from '../../platform/read-scope.js';
import type { GoalRow } from './presenter.js';

export type GoalValues = Partial<typeof goals.$inferInsert>;

const notDeleted = eq(goals.deleted, false);
/** Active = not completed, not abandoned, not deleted: the goals' partial unique index says the same. */
const isActive = and(eq(goals.completed, false), eq(goals.abandoned, false), notDeleted);
const goalsTable = sql.identifier(getTableName(goals));

/**
 * A goal's columns as the scope sees them. The stored mention count and last mention date include
 * mentions from private entries; a provider's view counts only the mentions it may see (made by
 * hand, or from a live, non-private entry), through the one read rule (platform/read-scope.ts).
 */
function goalColumns(scope: ReadScope) {
  const columns = getTableColumns(goals);
  if (scope.includePrivate) return columns;
  const mentions = sql`from ${goalMentions} m
    where m.goal_id = ${goalsTable}.id and ${fromVisibleEntry(scope, sql`m.entry_id`)}`;
  return {
    ...columns,
    mentionCount: sql<number>`(select count(*)::int ${mentions})`.mapWith(Number),
    lastMentionDate: sql<Date | null>`(select max(m.created_at) ${mentions})`.mapWith(goals.lastMentionDate),
  };
}

/** The goals' SQL (docs/API-goals.md): the service holds the rules, this holds the statements. */
export class GoalsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The scope's client's live goals, highest priority first. */
  list(scope: ReadScope): Promise<GoalRow[]> {
    return this.db
      .select(goalColumns(scope))
      .from(goals)
      .where(and(eq(goals.patientId, scope.patientId), notDeleted))
      .orderBy(desc(goals.priority), desc(goals.createdAt));
  }

  /** One goal of the scope's client as the scope sees it. */
  async view(scope: ReadScope, id: string, ex: Executor = this.db): Promise<GoalRow | undefined> {
    const [row] = await ex
      .select(goalColumns(scope))
      .from(goals)
      .where(and(eq(goals.id, id), eq(goals.patientId, scope.patientId)))
      .limit(1);
    return row;
  }

  /** A live goal by id, whoever owns it (the service decides who may reach it). */
  async findLive(id: string): Promise<GoalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(goals)
      .where(and(eq(goals.id, id), notDeleted))
      .limit(1);
    return row;
  }

  /** Locks the client's user row: changes that check a limit or a duplicate queue behind each other. */
  async lockOwner(tx: Tx, patientId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('update');
  }

  async activeCounts(tx: Executor, patientId: string): Promise<Record<GoalType, number>> {
    const rows = await tx
      .select({ type: goals.type, n: sql<number>`count(*)::int` })
      .from(goals)
      .where(and(eq(goals.patientId, patientId), isActive))
      .groupBy(goals.type);
    const count = (t: GoalType) => rows.find((c) => c.type === t)?.n ?? 0;
    return { personal: count('personal'), therapist: count('therapist') };
  }

  /** Ids of the client's active goals with this text key. */
  async activeWithKey(tx: Executor, patientId: string, key: string): Promise<string[]> {
    const rows = await tx
      .select({ id: goals.id })
      .from(goals)
      .where(and(eq(goals.patientId, patientId), eq(goals.textKey, key), isActive));
    return rows.map((r) => r.id);
  }

  async insert(tx: Tx, values: typeof goals.$inferInsert): Promise<GoalRow> {
    const [row] = await tx.insert(goals).values(values).returning();
    if (!row) throw new Error('goal not created');
    return row;
  }

  /** Sets values on a live goal; undefined when it is gone. */
  async update(tx: Executor, id: string, values: GoalValues): Promise<GoalRow | undefined> {
    const [row] = await tx
      .update(goals)
      .set(values)
      .where(and(eq(goals.id, id), notDeleted))
      .returning();
    return row;
  }

  /** The client's active goals among the ids. */
  activeAmong(tx: Executor, patientId: string, ids: string[]): Promise<GoalRow[]> {
    return tx
      .select()
      .from(goals)
      .where(and(eq(goals.patientId, patientId), inArray(goals.id, ids), isActive));
  }

  /** Whether the entry is a live entry of the client. */
  async ownsLiveEntry(tx: Executor, patientId: string, entryId: string): Promise<boolean> {
    const [entry] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.id, entryId),
          eq(journalEntries.patientId, patientId),
          sql`not ${journalEntries.deleted}`,
        ),
      );
    return entry !== undefined;
  }

  /**
   * Records one mention of the goal (history row, count, last mention date) and, with an entry id,
   * the entry link; a second mention by the same entry changes nothing (undefined).
   */
  async addMention(
    tx: Tx,
    goal: GoalRow,
    moodType: MoodType,
    entryId: string | undefined,
    now: Date,
  ): Promise<GoalRow | undefined> {
    if (entryId) {
      const linked = await tx
        .insert(goalEntryLinks)
        .values({ goalId: goal.id, entryId, patientId: goal.patientId, createdAt: now })
        .onConflictDoNothing()
        .returning({ goalId: goalEntryLinks.goalId });
      if (linked.length === 0) return undefined;
    }
    await tx
      .insert(goalMentions)
      .values({ goalId: goal.id, patientId: goal.patientId, entryId, moodType, createdAt: now });
    // A mention is not an edit of the goal: updatedAt stays (it would date a private entry).
    const [row] = await tx
      .update(goals)
      .set({ mentionCount: sql`${goals.mentionCount} + 1`, lastMentionDate: now })
      .where(eq(goals.id, goal.id))
      .returning();
    return row;
  }

  /**
   * Removes the entry's links and mentions for the given goals (all when omitted) and recounts those
   * goals' mentionCount and lastMentionDate from the remaining history.
   */
  async removeMentions(tx: Tx, entryId: string, goalIds?: string[]): Promise<void> {
    const onlyGoals = goalIds ? inArray(goalEntryLinks.goalId, goalIds) : undefined;
    const removed = await tx
      .delete(goalEntryLinks)
      .where(and(eq(goalEntryLinks.entryId, entryId), onlyGoals))
      .returning({ goalId: goalEntryLinks.goalId });
    if (removed.length === 0) return;
    const affected = removed.map((r) => r.goalId);
    await tx
      .delete(goalMentions)
      .where(and(eq(goalMentions.entryId, entryId), inArray(goalMentions.goalId, affected)));
    await tx
      .update(goals)
      .set({
        mentionCount: sql`(select count(*)::int from ${goalMentions} where ${goalMentions.goalId} = ${goals.id})`,
        lastMentionDate: sql`(select max(${goalMentions.createdAt}) from ${goalMentions} where ${goalMentions.goalId} = ${goals.id})`,
      })
      .where(inArray(goals.id, affected));
  }

  /** The goal's mentions the scope may see (a provider: none that came from a private entry). */
  mentionHistory(scope: ReadScope, goalId: string) {
    return this.db
      .select({
        date: goalMentions.createdAt,
        moodType: goalMentions.moodType,
        entryId: goalMentions.entryId,
      })
      .from(goalMentions)
      .where(and(eq(goalMentions.goalId, goalId), fromVisibleEntry(scope, goalMentions.entryId)))
      .orderBy(desc(goalMentions.createdAt), desc(goalMentions.id));
  }

  /** The live entries that mention the goal, newest first (at most 200), with what a list shows. */
  entriesByGoal(goalId: string) {
    return this.db
      .select({
        entryId: goalEntryLinks.entryId,
        createdAt: goalEntryLinks.createdAt,
        date: journalEntries.localDay,
        entryAt: journalEntries.entryAt,
        mood: journalEntries.mood,
        emoji: journalEntries.emoji,
        notes: sql<string>`left(${journalEntries.notes}, 280)`,
        journalType: journalEntries.journalType,
      })
      .from(goalEntryLinks)
      .innerJoin(journalEntries, eq(journalEntries.id, goalEntryLinks.entryId))
      .where(and(eq(goalEntryLinks.goalId, goalId), sql`not ${journalEntries.deleted}`))
      .orderBy(desc(journalEntries.entryAt))
      .limit(200);
  }

  /** Linked entries per goal of the client, in one query. */
  async entryCounts(patientId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ goalId: goalEntryLinks.goalId, n: sql<number>`count(*)::int` })
      .from(goalEntryLinks)
      .where(eq(goalEntryLinks.patientId, patientId))
      .groupBy(goalEntryLinks.goalId);
    return new Map(rows.map((r) => [r.goalId, r.n]));
  }

  async reminderPeriod(patientId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ reminderPeriod: goalNotificationSettings.reminderPeriod })
      .from(goalNotificationSettings)
      .where(eq(goalNotificationSettings.patientId, patientId));
    return row?.reminderPeriod;
  }

  async setReminderPeriod(patientId: string, reminderPeriod: ReminderPeriod, now: Date): Promise<void> {
    await this.db
      .insert(goalNotificationSettings)
      .values({ patientId, reminderPeriod, updatedAt: now })
      .onConflictDoUpdate({
        target: goalNotificationSettings.patientId,
        set: { reminderPeriod, updatedAt: now },
      });
  }
}

import type { FastifyRequest } from 'fastify';
import { and, desc, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import {
  isUuid,
  checkGoalLimit,
  computeGoalStats,
  goalMessages as msg,
  goalTextKey,
  type CreateGoalInput,
  type GoalType,
  type MoodType,
  type UpdateGoalInput,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { goalEntryLinks, goalMentions, goals, journalEntries, users } from '../../db/schema/index.js';
import { fromVisibleEntry, ownScope, type ReadScope } from '../../platform/read-scope.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { GoalRow } from './presenter.js';

type Exec = Db | Tx;

const notDeleted = eq(goals.deleted, false);
const isActive = and(eq(goals.completed, false), eq(goals.abandoned, false), notDeleted);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

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

/**
 * Goals (docs/API-goals.md). A client owns its goals; a connected provider sets therapist goals for a
 * client through the access policy. Every change that checks a limit or a duplicate runs in one
 * transaction that first locks the client's user row, so two creates cannot both pass the limit.
 */
export class GoalsService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The client whose goals the actor works on, as a read scope: itself, or (provider) a connected
   * client, seen without anything that comes from a private entry.
   */
  async scopeFor(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string | undefined,
  ): Promise<ReadScope> {
    if (actor.role !== 'patient' && !isUuid(patientId)) throw badRequest(`Patient id is required`);
    return this.ctx.policy.readScope(
      request,
      actor,
      actor.role === 'patient' ? undefined : patientId,
      'goals',
    );
  }

  async list(scope: ReadScope): Promise<GoalRow[]> {
    return this.ctx.db
      .select(goalColumns(scope))
      .from(goals)
      .where(and(eq(goals.patientId, scope.patientId), notDeleted))
      .orderBy(desc(goals.priority), desc(goals.createdAt));
  }

  /** One goal of the scope's client as the scope sees it (after a change, to answer it). */
  async view(scope: ReadScope, id: string): Promise<GoalRow> {
    const [row] = await this.ctx.db
      .select(goalColumns(scope))
      .from(goals)
      .where(and(eq(goals.id, id), eq(goals.patientId, scope.patientId)))
      .limit(1);
    if (!row) throw notFound(msg.notFound);
    return row;
  }

  /** A written row as the scope may see it: the author sees it as stored. */
  async shown(scope: ReadScope, row: GoalRow): Promise<GoalRow> {
    return scope.includePrivate ? row : this.view(scope, row.id);
  }

  /**
   * A goal the actor may reach with the scope it is seen in, or 404 (a wrong owner is
   * indistinguishable from a missing goal).
   */
  async reachable(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
  ): Promise<{ goal: GoalRow; scope: ReadScope }> {
    if (!isUuid(id)) throw notFound(msg.notFound);
    const [row] = await this.ctx.db
      .select()
      .from(goals)
      .where(and(eq(goals.id, id), notDeleted))
      .limit(1);
    if (!row) throw notFound(msg.notFound);
    if (actor.role === 'patient') {
      if (row.patientId !== actor.sub) throw notFound(msg.notFound);
      return { goal: row, scope: ownScope(actor.sub) };
    }
    // A provider reaches only therapist goals of a connected client.
    if (row.type !== 'therapist') throw notFound(msg.notFound);
    try {
      const scope = await this.ctx.policy.readScope(request, actor, row.patientId, 'goal');
      return { goal: await this.view(scope, row.id), scope };
    } catch (error) {
      // Only a refusal becomes the goal's 404; a failed audit write fails the request.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound(msg.notFound);
      throw error;
    }
  }

  private async lockOwner(tx: Tx, patientId: string) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('update');
  }

  private async assertNoDuplicate(tx: Exec, patientId: string, key: string, exceptId?: string) {
    const rows = await tx
      .select({ id: goals.id })
      .from(goals)
      .where(and(eq(goals.patientId, patientId), eq(goals.textKey, key), isActive));
    if (rows.some((r) => r.id !== exceptId)) throw conflict(msg.duplicate);
  }

  async create(
    patientId: string,
    createdBy: string,
    type: GoalType,
    input: CreateGoalInput,
    preset?: { presetId: string },
  ): Promise<GoalRow> {
    try {
      return await this.ctx.db.transaction(async (tx) => {
        await this.lockOwner(tx, patientId);
        const counts = await tx
          .select({ type: goals.type, n: sql<number>`count(*)::int` })
          .from(goals)
          .where(and(eq(goals.patientId, patientId), isActive))
          .groupBy(goals.type);
        const count = (t: GoalType) => counts.find((c) => c.type === t)?.n ?? 0;
        const limit = checkGoalLimit({ personal: count('personal'), therapist: count('therapist') }, type);
        if (!limit.ok) throw new AppError('GOAL_LIMIT', limit.message);
        const textKey = goalTextKey(input.text);
        await this.assertNoDuplicate(tx, patientId, textKey);
        const categories = input.categories ?? (input.category ? [input.category] : []);
        const [row] = await tx
          .insert(goals)
          .values({
            patientId,
            createdBy,
            type,
            text: input.text,
            textKey,
            notes: input.notes ?? null,
            emoji: input.emoji ?? '🎯',
            priority: input.priority ?? 3,
            categories,
            targetDate: input.targetDate ?? null,
            homePageVisible: input.homePageVisible ?? false,
            isPreset: !!preset,
            presetId: preset?.presetId ?? null,
            createdAt: this.ctx.clock.now(),
            updatedAt: this.ctx.clock.now(),
          })
          .returning();
        if (!row) throw new Error('goal not created');
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg.duplicate);
      throw error;
    }
  }

  async update(goal: GoalRow, input: UpdateGoalInput): Promise<GoalRow> {
    try {
      return await this.ctx.db.transaction(async (tx) => {
        await this.lockOwner(tx, goal.patientId);
        const values: Partial<typeof goals.$inferInsert> = { updatedAt: this.ctx.clock.now() };
        if (input.text !== undefined) {
          values.text = input.text;
          values.textKey = goalTextKey(input.text);
          if (!goal.completed && !goal.abandoned)
            await this.assertNoDuplicate(tx, goal.patientId, values.textKey, goal.id);
        }
        if (input.notes !== undefined || 'notes' in input) values.notes = input.notes ?? null;
        if (input.emoji !== undefined) values.emoji = input.emoji;
        if (input.priority !== undefined) values.priority = input.priority;
        if (input.categories !== undefined) values.categories = input.categories;
        else if (input.category !== undefined) values.categories = [input.category];
        if (input.targetDate !== undefined) values.targetDate = input.targetDate;
        if (input.homePageVisible !== undefined) values.homePageVisible = input.homePageVisible;
        const [row] = await tx.update(goals).set(values).where(eq(goals.id, goal.id)).returning();
        if (!row) throw notFound(msg.notFound);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg.duplicate);
      throw error;
    }
  }

  async set(goal: GoalRow, values: Partial<typeof goals.$inferInsert>): Promise<GoalRow> {
    const [row] = await this.ctx.db
      .update(goals)
      .set({ ...values, updatedAt: this.ctx.clock.now() })
      .where(and(eq(goals.id, goal.id), notDeleted))
      .returning();
    if (!row) throw notFound(msg.notFound);
    return row;
  }

  /**
   * Records one mention (history row, count, last mention date) and, with an entry id, the entry
   * link, in one transaction. A second mention of the same goal by the same entry changes nothing.
   */
  async mention(goal: GoalRow, moodType: MoodType, entryId?: string): Promise<GoalRow> {
    if (goal.completed || goal.abandoned) throw conflict(msg.notActive);
    return this.ctx.db.transaction(async (tx) => {
      if (entryId) await this.assertOwnEntry(tx, goal.patientId, entryId);
      return (await this.mentionIn(tx, goal, moodType, entryId)) ?? goal;
    });
  }

  private async mentionIn(tx: Tx, goal: GoalRow, moodType: MoodType, entryId?: string) {
    const now = this.ctx.clock.now();
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

  /** POST journal/entries/{entryId}/goals: links and mentions every listed active goal of the caller. */
  async linkEntry(patientId: string, entryId: string, goalIds: string[], moodType: MoodType) {
    return this.ctx.db.transaction(async (tx) => {
      await this.assertOwnEntry(tx, patientId, entryId);
      return this.linkEntryIn(tx, patientId, entryId, goalIds, moodType);
    });
  }

  /** The entry must be a live entry of the client (404 otherwise, existence does not leak). */
  async assertOwnEntry(tx: Exec, patientId: string, entryId: string): Promise<void> {
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
    if (!entry) throw notFound('Journal entry not found');
  }

  /**
   * Links and mentions each goal once for the entry, inside the caller's transaction (create-mood
   * and update-mood use it so the entry, its links and the mention counts land together). Any id
   * that is not an active goal of the client → 404 and the transaction rolls back.
   */
  async linkEntryIn(tx: Tx, patientId: string, entryId: string, goalIds: string[], moodType: MoodType) {
    const unique = [...new Set(goalIds)];
    if (unique.length === 0) return 0;
    const rows = await tx
      .select()
      .from(goals)
      .where(and(eq(goals.patientId, patientId), inArray(goals.id, unique), isActive));
    if (rows.length !== unique.length) throw notFound(msg.notFound);
    let linked = 0;
    for (const row of rows) if (await this.mentionIn(tx, row, moodType, entryId)) linked += 1;
    return linked;
  }

  /**
   * Removes the entry's links and mentions for the given goals (all when omitted) and recounts those
   * goals' mentionCount and lastMentionDate from the remaining history, in the caller's transaction.
   */
  async unlinkEntryIn(tx: Tx, entryId: string, goalIds?: string[]) {
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
  async mentionHistory(scope: ReadScope, goalId: string) {
    return this.ctx.db
      .select({
        date: goalMentions.createdAt,
        moodType: goalMentions.moodType,
        entryId: goalMentions.entryId,
      })
      .from(goalMentions)
      .where(and(eq(goalMentions.goalId, goalId), fromVisibleEntry(scope, goalMentions.entryId)))
      .orderBy(desc(goalMentions.createdAt), desc(goalMentions.id));
  }

  /** The live entries that mention the goal, newest first, with what a list shows of each. */
  async entriesByGoal(goalId: string) {
    return this.ctx.db
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
    const rows = await this.ctx.db
      .select({ goalId: goalEntryLinks.goalId, n: sql<number>`count(*)::int` })
      .from(goalEntryLinks)
      .where(eq(goalEntryLinks.patientId, patientId))
      .groupBy(goalEntryLinks.goalId);
    return new Map(rows.map((r) => [r.goalId, r.n]));
  }

  stats(rows: GoalRow[]) {
    return computeGoalStats(rows);
  }
}

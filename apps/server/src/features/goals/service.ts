import type { FastifyRequest } from 'fastify';
import {
  isUuid,
  checkGoalLimit,
  computeGoalStats,
  goalMessages as msg,
  goalTextKey,
  isActiveGoal,
  type CreateGoalInput,
  type GoalType,
  type MoodType,
  type ReminderPeriod,
  type UpdateGoalInput,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import type { InWrite } from '../../platform/idempotency.js';
import { ownScope, type ReadScope } from '../../platform/read-scope.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { GoalRow } from './presenter.js';
import { GoalsRepo, type GoalValues } from './repo.js';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** The filters of `GET goals/` (docs/API-goals.md). */
export interface GoalFilter {
  type: 'all' | GoalType;
  status: 'all' | 'active' | 'completed' | 'abandoned';
  search?: string | undefined;
  category?: string | undefined;
}

/**
 * Goals (docs/API-goals.md). A client owns its goals; a connected provider sets therapist goals for a
 * client through the access policy. Every change that checks a limit or a duplicate runs in one
 * transaction that first locks the client's user row, so two creates cannot both pass the limit.
 */
export class GoalsService {
  private readonly repo: GoalsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new GoalsRepo(ctx.db);
  }

  /**
   * The client whose goals the actor works on, as a read scope: a client's goals are always its own
   * (a patient id it sends is ignored); a provider names a connected client (seen without anything
   * that comes from a private entry) through the one scope rule of the access policy.
   */
  scopeFor(request: FastifyRequest, actor: AccessClaims, patientId: string | undefined): Promise<ReadScope> {
    return this.ctx.policy.readScope(
      request,
      actor,
      actor.role === 'patient' ? undefined : patientId,
      'goals',
    );
  }

  list(scope: ReadScope): Promise<GoalRow[]> {
    return this.repo.list(scope);
  }

  /** The scope's goals that pass the list's filters. */
  async filtered(scope: ReadScope, filter: GoalFilter): Promise<GoalRow[]> {
    const search = filter.search ? goalTextKey(filter.search) : undefined;
    return (await this.list(scope)).filter(
      (g) =>
        (filter.type === 'all' || g.type === filter.type) &&
        (filter.status === 'all' ||
          (filter.status === 'active' && isActiveGoal(g)) ||
          (filter.status === 'completed' && g.completed) ||
          (filter.status === 'abandoned' && g.abandoned)) &&
        (!search || g.textKey.includes(search)) &&
        (!filter.category || g.categories.includes(filter.category as GoalRow['categories'][number])),
    );
  }

  /** Completed and abandoned goals, of one type when given. */
  async archived(scope: ReadScope, type?: GoalType): Promise<GoalRow[]> {
    return (await this.list(scope)).filter((g) => !isActiveGoal(g) && (!type || g.type === type));
  }

  async active(scope: ReadScope): Promise<GoalRow[]> {
    return (await this.list(scope)).filter(isActiveGoal);
  }

  /** A written row as the scope may see it: the author sees it as stored. */
  async shown(scope: ReadScope, row: GoalRow, ex?: Executor): Promise<GoalRow> {
    if (scope.includePrivate) return row;
    const seen = await this.repo.view(scope, row.id, ex);
    if (!seen) throw notFound(msg.notFound);
    return seen;
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
    const row = isUuid(id) ? await this.repo.findLive(id) : undefined;
    if (!row) throw notFound(msg.notFound);
    if (actor.role === 'patient') {
      if (row.patientId !== actor.sub) throw notFound(msg.notFound);
      return { goal: row, scope: ownScope(actor.sub) };
    }
    // A provider reaches only therapist goals of a connected client.
    if (row.type !== 'therapist') throw notFound(msg.notFound);
    try {
      const scope = await this.ctx.policy.readScope(request, actor, row.patientId, 'goal');
      return { goal: await this.shown(scope, row), scope };
    } catch (error) {
      // Only a refusal becomes the goal's 404; a failed audit write fails the request.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound(msg.notFound);
      throw error;
    }
  }

  /** A therapist goal's text, settings and life are its provider's: the client may only mention it. */
  private assertMayEdit(actor: AccessClaims, goal: GoalRow): void {
    if (actor.role === 'patient' && goal.type === 'therapist') throw forbidden(msg.therapistTextLocked);
  }

  private async assertNoDuplicate(tx: Executor, patientId: string, key: string, exceptId?: string) {
    const ids = await this.repo.activeWithKey(tx, patientId, key);
    if (ids.some((id) => id !== exceptId)) throw conflict(msg.duplicate);
  }

  /** Runs a change; a duplicate caught by the unique index (a race) is the same 409 as one caught first. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg.duplicate);
      throw error;
    }
  }

  /**
   * POST goals/: a patient's personal goal, or a provider's therapist goal for a connected client.
   * `inWrite` runs last in the goal's transaction (an idempotent route records its answer there).
   */
  createFor(
    actor: AccessClaims,
    scope: ReadScope,
    input: CreateGoalInput & { type?: GoalType },
    inWrite?: InWrite<GoalRow>,
  ) {
    if (actor.role === 'patient' && input.type === 'therapist') throw forbidden();
    return this.create(
      scope.patientId,
      actor.sub,
      actor.role === 'provider' ? 'therapist' : 'personal',
      input,
      undefined,
      inWrite,
    );
  }

  create(
    patientId: string,
    createdBy: string,
    type: GoalType,
    input: CreateGoalInput,
    preset?: { presetId: string },
    inWrite?: InWrite<GoalRow>,
  ): Promise<GoalRow> {
    return this.guarded(() =>
      this.repo.transaction(async (tx) => {
        await this.repo.lockOwner(tx, patientId);
        const limit = checkGoalLimit(await this.repo.activeCounts(tx, patientId), type);
        if (!limit.ok) throw new AppError('GOAL_LIMIT', limit.message);
        const textKey = goalTextKey(input.text);
        await this.assertNoDuplicate(tx, patientId, textKey);
        const now = this.ctx.clock.now();
        const row = await this.repo.insert(tx, {
          patientId,
          createdBy,
          type,
          text: input.text,
          textKey,
          notes: input.notes ?? null,
          emoji: input.emoji ?? '🎯',
          priority: input.priority ?? 3,
          categories: input.categories ?? (input.category ? [input.category] : []),
          targetDate: input.targetDate ?? null,
          homePageVisible: input.homePageVisible ?? false,
          isPreset: !!preset,
          presetId: preset?.presetId ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await inWrite?.(tx, row);
        return row;
      }),
    );
  }

  update(actor: AccessClaims, goal: GoalRow, input: UpdateGoalInput): Promise<GoalRow> {
    this.assertMayEdit(actor, goal);
    return this.guarded(() =>
      this.repo.transaction(async (tx) => {
        await this.repo.lockOwner(tx, goal.patientId);
        const values: GoalValues = { updatedAt: this.ctx.clock.now() };
        if (input.text !== undefined) {
          values.text = input.text;
          values.textKey = goalTextKey(input.text);
          if (isActiveGoal(goal)) await this.assertNoDuplicate(tx, goal.patientId, values.textKey, goal.id);
        }
        if (input.notes !== undefined || 'notes' in input) values.notes = input.notes ?? null;
        if (input.emoji !== undefined) values.emoji = input.emoji;
        if (input.priority !== undefined) values.priority = input.priority;
        if (input.categories !== undefined) values.categories = input.categories;
        else if (input.category !== undefined) values.categories = [input.category];
        if (input.targetDate !== undefined) values.targetDate = input.targetDate;
        if (input.homePageVisible !== undefined) values.homePageVisible = input.homePageVisible;
        return this.set(goal, values, tx);
      }),
    );
  }

  private async set(goal: GoalRow, values: GoalValues, tx: Executor = this.ctx.db): Promise<GoalRow> {
    const row = await this.repo.update(tx, goal.id, { updatedAt: this.ctx.clock.now(), ...values });
    if (!row) throw notFound(msg.notFound);
    return row;
  }

  /** Deletes the goal (kept as deleted); its kept create answer is forgotten. */
  async remove(actor: AccessClaims, goal: GoalRow): Promise<void> {
    this.assertMayEdit(actor, goal);
    await this.set(goal, { deleted: true, deletedAt: this.ctx.clock.now() });
    await this.ctx.idempotency.forget(goal.id);
  }

  /** Completes or abandons an active goal (400 when it has already ended). */
  end(goal: GoalRow, how: 'complete' | 'abandon'): Promise<GoalRow> {
    if (!isActiveGoal(goal)) throw badRequest(msg.notActive);
    const now = this.ctx.clock.now();
    return this.set(
      goal,
      how === 'complete' ? { completed: true, completedAt: now } : { abandoned: true, abandonedAt: now },
    );
  }

  toggleHome(goal: GoalRow): Promise<GoalRow> {
    return this.set(goal, { homePageVisible: !goal.homePageVisible });
  }

  /**
   * Records one mention (history row, count, last mention date) and, with an entry id, the entry
   * link, in one transaction. A second mention of the same goal by the same entry changes nothing.
   */
  async mention(
    goal: GoalRow,
    moodType: MoodType,
    entryId?: string,
    inWrite?: InWrite<GoalRow>,
  ): Promise<GoalRow> {
    if (!isActiveGoal(goal)) throw conflict(msg.notActive);
    return this.repo.transaction(async (tx) => {
      if (entryId) await this.assertOwnEntry(tx, goal.patientId, entryId);
      const row = (await this.repo.addMention(tx, goal, moodType, entryId, this.ctx.clock.now())) ?? goal;
      await inWrite?.(tx, row);
      return row;
    });
  }

  /** POST journal/entries/{entryId}/goals: links and mentions every listed active goal of the caller. */
  async linkEntry(patientId: string, entryId: string, goalIds: string[], moodType: MoodType) {
    if (!isUuid(entryId)) throw badRequest('Invalid format');
    return this.repo.transaction(async (tx) => {
      await this.assertOwnEntry(tx, patientId, entryId);
      return this.linkEntryIn(tx, patientId, entryId, goalIds, moodType);
    });
  }

  /** The entry must be a live entry of the client (404 otherwise, existence does not leak). */
  private async assertOwnEntry(tx: Executor, patientId: string, entryId: string): Promise<void> {
    if (!(await this.repo.ownsLiveEntry(tx, patientId, entryId))) throw notFound('Journal entry not found');
  }

  /**
   * Links and mentions each goal once for the entry, inside the caller's transaction (create-mood
   * and update-mood use it so the entry, its links and the mention counts land together). Any id
   * that is not an active goal of the client → 404 and the transaction rolls back.
   */
  async linkEntryIn(tx: Tx, patientId: string, entryId: string, goalIds: string[], moodType: MoodType) {
    const unique = [...new Set(goalIds)];
    if (unique.length === 0) return 0;
    const rows = await this.repo.activeAmong(tx, patientId, unique);
    if (rows.length !== unique.length) throw notFound(msg.notFound);
    const now = this.ctx.clock.now();
    let linked = 0;
    for (const row of rows) if (await this.repo.addMention(tx, row, moodType, entryId, now)) linked += 1;
    return linked;
  }

  /**
   * Removes the entry's links and mentions for the given goals (all when omitted) and recounts those
   * goals' mentionCount and lastMentionDate from the remaining history, in the caller's transaction.
   */
  unlinkEntryIn(tx: Tx, entryId: string, goalIds?: string[]): Promise<void> {
    return this.repo.removeMentions(tx, entryId, goalIds);
  }

  mentionHistory(scope: ReadScope, goalId: string) {
    return this.repo.mentionHistory(scope, goalId);
  }

  entriesByGoal(goalId: string) {
    return this.repo.entriesByGoal(goalId);
  }

  entryCounts(patientId: string): Promise<Map<string, number>> {
    return this.repo.entryCounts(patientId);
  }

  stats(rows: GoalRow[]) {
    return computeGoalStats(rows);
  }

  async reminderPeriod(patientId: string): Promise<string> {
    return ((await this.repo.reminderPeriod(patientId)) ?? 'daily').toLowerCase();
  }

  setReminderPeriod(patientId: string, period: ReminderPeriod): Promise<void> {
    return this.repo.setReminderPeriod(patientId, period, this.ctx.clock.now());
  }
}

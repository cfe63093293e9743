import type { FastifyRequest } from 'fastify';
import {
  isUuid,
  assessRisk,
  computeStreak,
  crisisResourcesFor,
  isTimeZone,
  journalMessages,
  localDay,
  prepareJournalEntry,
  type UpdateDayDetailsInput,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { InWrite } from '../../platform/idempotency.js';
import type { DayDetailBlocks } from '../../db/schema/index.js';
import { findUserById } from '../../platform/users.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AccessClaims } from '../../platform/tokens.js';
import type { GoalsService } from '../goals/index.js';
import { shapeAnalytics } from './analytics.js';
import { storedEntryValues, type Prepared } from './stored-values.js';
import { presentEntry, type EntryRow, type ReadEntry, type StoredEntry } from './presenter.js';
import { JournalPhotos, photoLimits } from './photos.js';
import { JournalRepo, type Scope } from './repo.js';

export const entryNotFound = 'Journal entry not found';

/**
 * Journal entries (docs/API-moods.md). Creating or editing an entry runs the domain's save rules and
 * sanitisers on the server (it is authoritative), maps the emotion to its core emotion and
 * sentiment, and links the selected goals with their mentions in the same transaction.
 */
export class JournalService {
  private readonly repo: JournalRepo;
  readonly photos: JournalPhotos;

  constructor(
    private readonly ctx: AppContext,
    private readonly goals: GoalsService,
  ) {
    this.repo = new JournalRepo(ctx.db);
    this.photos = new JournalPhotos(ctx);
  }

  // The reads the routes answer from, each scoped by the caller's read scope (platform/read-scope.ts).

  /** A page of a day range's entries, oldest first, from a cursor. */
  rangePage(...args: Parameters<JournalRepo['rangePage']>) {
    return this.repo.rangePage(...args);
  }

  /** Per day of a range: how many entries, and the latest. */
  daySummary(...args: Parameters<JournalRepo['daySummary']>) {
    return this.repo.daySummary(...args);
  }

  /** The analytics aggregates of a day range (grouping sets: see analytics.ts). */
  aggregate(...args: Parameters<JournalRepo['aggregate']>) {
    return this.repo.aggregate(...args);
  }

  /** A ledger page, newest first, with its (bounded) total. */
  page(...args: Parameters<JournalRepo['page']>) {
    return this.repo.page(...args);
  }

  /** The newest entry in scope. */
  latest(...args: Parameters<JournalRepo['latest']>) {
    return this.repo.latest(...args);
  }

  /** The aggregates of the newest `limit` entries. */
  aggregateLatest(...args: Parameters<JournalRepo['aggregateLatest']>) {
    return this.repo.aggregateLatest(...args);
  }

  activityCounts(...args: Parameters<JournalRepo['activityCounts']>) {
    return this.repo.activityCounts(...args);
  }

  sleepCounts(...args: Parameters<JournalRepo['sleepCounts']>) {
    return this.repo.sleepCounts(...args);
  }

  /** A calendar year of the client's days: this year in their zone when none is given. */
  async yearSpan(scope: Scope, year?: number) {
    const y = year ?? Number((await this.today(scope.patientId)).slice(0, 4));
    return { year: y, from: `${y}-01-01`, to: `${y}-12-31` };
  }

  /** A year's entries counted by mood, core emotion and sentiment (the client's and the dashboard's). */
  async yearCounts(scope: Scope, year?: number) {
    const span = await this.yearSpan(scope, year);
    const shaped = shapeAnalytics(await this.repo.aggregate(scope, span.from, span.to));
    return {
      year: span.year,
      total: shaped.total,
      byMood: shaped.byMood,
      byCoreEmotion: shaped.byCoreEmotion,
      bySentiment: shaped.bySentiment,
    };
  }

  /** One row per day of a year with entries (the client's calendar and the dashboard's). */
  async yearByDate(scope: Scope, year?: number) {
    const span = await this.yearSpan(scope, year);
    return this.repo.perDay(scope, span.from, span.to);
  }

  /** The scope a caller reads: their own entries, or a connected provider's view of a client. */
  scopeFor(request: FastifyRequest, actor: AccessClaims, patientId?: string): Promise<Scope> {
    return this.ctx.policy.readScope(request, actor, patientId, 'journal');
  }

  /**
   * The one time zone a client's days are counted in (decision 046): the profile's. An entry's day,
   * "today", the streak, weeks and ranges all use it, so a browser in another zone can never make
   * today's entry a future day. The browser's zone sent with an entry is not used for counting;
   * the web app offers to move the profile when the two differ.
   */
  async timeZoneOf(patientId: string): Promise<string> {
    const user = await findUserById(this.ctx.db, patientId);
    return isTimeZone(user?.timezone) ? user.timezone : 'UTC';
  }

  async today(patientId: string): Promise<string> {
    return localDay(this.ctx.clock.now(), await this.timeZoneOf(patientId));
  }

  /** Runs the save rules with the profile's zone in place of whatever zone the body names. */
  private async prepare(patientId: string, body: unknown) {
    const timeZone = await this.timeZoneOf(patientId);
    const input =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? { ...body, userTimezone: timeZone }
        : body;
    const result = prepareJournalEntry(input, { now: this.ctx.clock.now() });
    if (!result.ok) {
      const errors = result.errors.map((message) => ({ path: 'entry', message }));
      throw badRequest(result.errors[0] ?? 'Invalid format', { errors });
    }
    const images = result.entry.photoData?.images ?? [];
    if (images.length > photoLimits.maxPerEntry) throw badRequest(photoLimits.tooManyMessage);
    for (const image of images) {
      if (!(await this.photos.exists(patientId, image.fileId)))
        throw badRequest('Photo not found. Please upload it again.');
    }
    return result.entry;
  }

  /** When and on which local day the entry counts (customDate picks a past or current day). */
  private async placement(patientId: string, entry: Prepared) {
    const now = this.ctx.clock.now();
    const timeZone = entry.userTimezone ?? (await this.timeZoneOf(patientId));
    const today = localDay(now, timeZone);
    if (!entry.customDate) return { entryAt: now, localDay: today, timeZone, custom: false };
    const day = entry.customDate.slice(0, 10);
    if (day > today) throw badRequest(journalMessages.futureDate);
    const entryAt = day === today ? now : new Date(`${day}T12:00:00Z`);
    return { entryAt, localDay: day, timeZone, custom: day !== today };
  }

  private values(entry: Prepared) {
    return storedEntryValues(entry, this.ctx.clock.now());
  }

  /** Safety check on what the author wrote (ruling 12): surfaced with the answer, never stored. */
  safetyOf(entry: { notes?: string | null; chatMessages?: { role?: string; text: string }[] | null }) {
    const texts = [
      entry.notes ?? '',
      ...(entry.chatMessages ?? []).filter((m) => m.role !== 'assistant').map((m) => m.text),
    ];
    return assessRisk(texts.join('\n'));
  }

  /**
   * The safety part of a save's answer: the check and, when it found risk, the crisis resources of
   * the author's country, from the profile's time zone (ruling 12; packages/domain/src/safety/crisis-lines.ts).
   */
  safetyAnswer(entry: Prepared) {
    const risk = this.safetyOf(entry);
    const resources =
      risk.level === 'none'
        ? null
        : crisisResourcesFor({ timeZone: entry.userTimezone }, this.ctx.config.crisisLines);
    return { ...risk, resources };
  }

  /**
   * create-mood. `inWrite` runs last in the entry's transaction with what the answer shows (the
   * idempotent route records its answer there, decision 104).
   */
  async create(
    patientId: string,
    body: unknown,
    inWrite?: InWrite<{ row: StoredEntry; safety: ReturnType<JournalService['safetyAnswer']> }>,
  ) {
    const entry = await this.prepare(patientId, body);
    const place = await this.placement(patientId, entry);
    const values = this.values(entry);
    const now = this.ctx.clock.now();
    const goalIds = entry.goalIds ?? [];
    const safety = this.safetyAnswer(entry);
    const insert = (ex: Executor) =>
      this.repo.insert(ex, {
        ...values,
        patientId,
        entryAt: place.entryAt,
        localDay: place.localDay,
        userTimezone: place.timeZone,
        customDate: place.custom,
        createdAt: now,
        updatedAt: now,
      });
    // Without goals nor an answer to keep, the entry is one row: its insert is atomic by itself.
    if (goalIds.length === 0 && !inWrite)
      return { row: { ...(await insert(this.ctx.db)), goals: [] }, safety };
    const row = await this.repo.transaction(async (tx) => {
      const created = await insert(tx);
      await this.goals.linkEntryIn(tx, patientId, created.id, goalIds, values.sentiment);
      const stored =
        goalIds.length === 0 ? { ...created, goals: [] } : await this.repo.withGoals(created, tx);
      await inWrite?.(tx, { row: stored, safety });
      return stored;
    });
    return { row, safety };
  }

  /**
   * update-mood: the stored entry merged with the changes passes the same save rules again; goals
   * that are no longer selected lose this entry's mention, newly selected ones gain one.
   */
  async update(patientId: string, id: string, body: Record<string, unknown>) {
    const existing = await this.ownOrThrow(patientId, id);
    const merged = {
      ...this.asBody(
        existing,
        existing.goals.map((g) => g.goalId),
      ),
      ...body,
    };
    const entry = await this.prepare(patientId, merged);
    const values = this.values(entry);
    const now = this.ctx.clock.now();
    const before = new Set(existing.goals.map((g) => g.goalId));
    const after = new Set(entry.goalIds ?? []);
    const row = await this.repo.transaction(async (tx) => {
      const updated = await this.repo.update(tx, patientId, id, { ...values, updatedAt: now });
      const removed = [...before].filter((g) => !after.has(g));
      if (removed.length > 0) await this.goals.unlinkEntryIn(tx, id, removed);
      const added = [...after].filter((g) => !before.has(g));
      await this.goals.linkEntryIn(tx, patientId, id, added, values.sentiment);
      return updated as EntryRow;
    });
    return { row: await this.repo.withGoals(row), safety: this.safetyAnswer(entry) };
  }

  /** The stored entry in the shape of a create body, so an edit re-runs every rule. */
  private asBody(row: ReadEntry, goalIds: string[]) {
    return {
      mood: row.mood,
      emoji: row.emoji ?? undefined,
      notes: row.notes,
      journalType: row.journalType,
      journalMode: row.journalMode ?? undefined,
      chatMessages: row.chatMessages,
      isAIGenerated: row.isAiGenerated,
      emotionData: row.emotionData ?? undefined,
      originalEmotionData: row.originalEmotionData ?? undefined,
      aiMetadata: row.aiMetadata ?? undefined,
      photoData: row.photoData ?? undefined,
      isPrivate: row.isPrivate,
      userTimezone: row.userTimezone,
      userLocalTimestamp: row.userLocalTimestamp ?? undefined,
      goal: { selectedGoals: goalIds },
    };
  }

  /** update-mood-swp: the draft's blocks (activities, sleep, productivity, betterme, therapy). */
  async updateDayDetails(patientId: string, input: UpdateDayDetailsInput): Promise<StoredEntry> {
    const existing = await this.ownOrThrow(patientId, input.moodId);
    const details: DayDetailBlocks = { ...existing.dayDetails };
    for (const key of ['sleepRoutine', 'productivity', 'betterme', 'therapyProcess'] as const) {
      const block = input[key];
      if (block !== undefined) details[key] = block ?? undefined;
    }
    const row = await this.repo.update(this.ctx.db, patientId, existing.id, {
      dayDetails: details,
      activities: input.activities ?? existing.activities,
      updatedAt: this.ctx.clock.now(),
    });
    return { ...(row as EntryRow), goals: existing.goals };
  }

  /** Soft delete; the entry's goal mentions are withdrawn with it. */
  async remove(patientId: string, id: string) {
    await this.ownOrThrow(patientId, id);
    const now = this.ctx.clock.now();
    await this.repo.transaction(async (tx) => {
      await this.repo.update(tx, patientId, id, { deleted: true, deletedAt: now, updatedAt: now });
      await this.goals.unlinkEntryIn(tx, id);
    });
    await this.ctx.idempotency.forget(id);
  }

  async ownOrThrow(patientId: string, id: string): Promise<StoredEntry> {
    if (!isUuid(id)) throw notFound(entryNotFound);
    const row = await this.repo.one({ patientId, includePrivate: true }, id);
    if (!row) throw notFound(entryNotFound);
    return row;
  }

  /** Entries as the API answers them, photos with fresh URLs signed for the viewer (who reads them). */
  present(rows: StoredEntry[], viewer: string) {
    return rows.map((r) => {
      // A provider sees which entries the risk check flags (issue 18), as a level, never the
      // phrases found: no more of the client's text than the entry already shows.
      const entry =
        viewer === r.patientId ? presentEntry(r) : { ...presentEntry(r), riskLevel: this.safetyOf(r).level };
      if (!entry.photoData) return entry;
      const images = entry.photoData.images.map((image) => ({
        fileId: image.fileId,
        url: this.photos.url({ patientId: r.patientId, fileId: image.fileId, viewer, entryId: r.id }),
      }));
      return { ...entry, photoData: { ...entry.photoData, images } };
    });
  }

  async streak(scope: Scope) {
    const days = await this.repo.recentDays(scope, 400);
    const today = await this.today(scope.patientId);
    return {
      days,
      streak: computeStreak(
        days.map((d) => d.day),
        today,
      ),
      today,
    };
  }
}

import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goalEntryLinks, goals, journalEntries as e } from '../../db/schema/index.js';
import type { EntryRow, LinkedGoal } from './presenter.js';

/** Who reads: the author sees everything; a provider never sees private entries. */
export interface Scope {
  patientId: string;
  includePrivate: boolean;
}

/** Live entries of the scope; the partial indexes (`not deleted`) serve every read below. */
export function inScope(scope: Scope): SQL {
  const base = and(eq(e.patientId, scope.patientId), eq(e.deleted, false)) as SQL;
  return scope.includePrivate ? base : (and(base, eq(e.isPrivate, false)) as SQL);
}

/** Rows of a raw query (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Newest first, spelled as the ledger index is built (`entry_at desc nulls last, id desc nulls
 * last`): plain `desc` means `nulls first`, which the planner cannot read from that index, so every
 * ledger read would fetch and sort all of the client's rows. Both columns are NOT NULL, so the order
 * is the same.
 */
const newestFirst = [sql`${e.entryAt} desc nulls last`, sql`${e.id} desc nulls last`] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ledger search: every word must appear in the entry's text (notes, mood, emotion names, chat,
 * recognised photo text) or in the text of a goal the entry mentions. An entry only ever mentions
 * its author's own goals, so the goal side reads that author's goals (goals_patient_idx) and their
 * links once per query, not a lookup per entry and not every client's goals.
 */
function searchFilter(scope: Scope, search: string): SQL | undefined {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      // One id set per word: the author's entries whose text matches (trigram index
      // journal_entries_search_idx) united with the entries linked to the author's goals whose text
      // matches; the ledger then walks its own index and keeps the ids in the set.
      return sql`${e.id} in (
        select s.id from ${e} s
        where s.patient_id = ${scope.patientId} and not s.deleted and s.search_text like ${pattern}
        union
        select ${goalEntryLinks.entryId} from ${goals}
        join ${goalEntryLinks} on ${goalEntryLinks.goalId} = ${goals.id}
        where ${goals.patientId} = ${scope.patientId} and ${goals.textKey} like ${pattern})`;
    }),
  );
}

export class MoodQueries {
  constructor(private readonly db: Db) {}

  /**
   * One page of the ledger, newest first, with the total in the same statement. The page walks the
   * ledger index and stops after `offset + limit` rows; the total is a separate, uncorrelated
   * sub-select (run once) that counts the scope's rows without fetching them (an index-only scan of
   * a partial index when there is no search). A `count(*) over ()` here would make the database read
   * and sort every row of the client's history, full width, for each page.
   */
  async page(scope: Scope, page: number, limit: number, search?: string) {
    const where = and(inScope(scope), search ? searchFilter(scope, search) : undefined);
    const rows = await this.db
      .select({ entry: e, total: sql<number>`(select count(*) from ${e} where ${where})::int` })
      .from(e)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit);
    const total = rows[0]?.total ?? (page > 1 ? await this.count(scope, search) : 0);
    return { rows: rows.map((r) => r.entry), total };
  }

  private async count(scope: Scope, search?: string) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(e)
      .where(and(inScope(scope), search ? searchFilter(scope, search) : undefined));
    return row?.n ?? 0;
  }

  async latest(scope: Scope): Promise<EntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(e)
      .where(inScope(scope))
      .orderBy(...newestFirst)
      .limit(1);
    return row;
  }

  async one(scope: Scope, id: string): Promise<EntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(e)
      .where(and(inScope(scope), eq(e.id, id)));
    return row;
  }

  /** Entries whose local day lies in [from, to], oldest first. */
  async days(scope: Scope, from: string, to: string, limit = 1000): Promise<EntryRow[]> {
    return this.db
      .select()
      .from(e)
      .where(and(inScope(scope), gte(e.localDay, from), lte(e.localDay, to)))
      .orderBy(asc(e.localDay), asc(e.entryAt))
      .limit(limit);
  }

  /** The goals the given entries mention, in one query. */
  async linkedGoals(entryIds: string[]): Promise<Map<string, LinkedGoal[]>> {
    const map = new Map<string, LinkedGoal[]>();
    if (entryIds.length === 0) return map;
    const rows = await this.db
      .select({
        entryId: goalEntryLinks.entryId,
        goalId: goals.id,
        text: goals.text,
        emoji: goals.emoji,
        type: goals.type,
      })
      .from(goalEntryLinks)
      .innerJoin(goals, eq(goals.id, goalEntryLinks.goalId))
      .where(and(inArray(goalEntryLinks.entryId, entryIds), eq(goals.deleted, false)))
      .orderBy(asc(goalEntryLinks.createdAt));
    for (const row of rows) map.set(row.entryId, [...(map.get(row.entryId) ?? []), row]);
    return map;
  }

  /** Distinct local days with an entry, newest first (streak, week dots). */
  async recentDays(scope: Scope, limit: number) {
    const rows = await this.db
      .select({ day: e.localDay, count: sql<number>`count(*)::int` })
      .from(e)
      .where(inScope(scope))
      .groupBy(e.localDay)
      .orderBy(desc(e.localDay))
      .limit(limit);
    return rows;
  }

  /** The day's last entry and the day's count for each day of [from, to] (year heat map). */
  async perDay(scope: Scope, from: string, to: string) {
    const rows = await this.db.execute(sql`
      select distinct on (${e.localDay}) ${e.localDay}::text as date,
        count(*) over (partition by ${e.localDay})::int as count,
        ${e.mood} as mood, ${e.emoji} as emoji, ${e.sentiment} as sentiment, ${e.coreEmotion} as core
      from ${e}
      where ${and(inScope(scope), gte(e.localDay, from), lte(e.localDay, to))}
      order by ${e.localDay}, ${e.entryAt} desc`);
    return rowsOf<{
      date: string;
      count: number;
      mood: string;
      emoji: string | null;
      sentiment: string;
      core: string;
    }>(rows);
  }

  /**
   * Every count the analytics answer needs, in one query over the day range (grouping sets): by
   * mood, core emotion, sentiment, primary emotion, per day (count, sentiment split, average
   * intensity) and the overall total and average intensity.
   */
  async aggregate(scope: Scope, from: string, to: string) {
    return this.aggregateWhere(and(inScope(scope), gte(e.localDay, from), lte(e.localDay, to)) as SQL);
  }

  /** The same counts over the latest `limit` entries (the provider dashboard's analytics). */
  async aggregateLatest(scope: Scope, limit: number) {
    const latest = sql`${e.id} in (select ${e.id} from ${e} where ${inScope(scope)}
      order by ${newestFirst[0]} limit ${limit})`;
    return this.aggregateWhere(and(inScope(scope), latest) as SQL);
  }

  private async aggregateWhere(where: SQL) {
    const result = await this.db.execute(sql`
      select ${e.mood} as mood, ${e.coreEmotion} as core, ${e.sentiment} as sentiment,
        ${e.primaryEmotion} as primary_emotion, ${e.localDay}::text as day,
        grouping(${e.mood})::int as g_mood, grouping(${e.coreEmotion})::int as g_core,
        grouping(${e.sentiment})::int as g_sentiment, grouping(${e.primaryEmotion})::int as g_primary,
        grouping(${e.localDay})::int as g_day,
        count(*)::int as count,
        round(avg(${e.intensity}), 1)::float8 as avg_intensity,
        (count(*) filter (where ${e.sentiment} = 'positive'))::int as positive,
        (count(*) filter (where ${e.sentiment} = 'neutral'))::int as neutral,
        (count(*) filter (where ${e.sentiment} = 'negative'))::int as negative
      from ${e}
      where ${where}
      group by grouping sets ((${e.mood}), (${e.coreEmotion}), (${e.sentiment}), (${e.primaryEmotion}),
        (${e.localDay}), ())`);
    return rowsOf<{
      mood: string | null;
      core: string | null;
      sentiment: string | null;
      primary_emotion: string | null;
      day: string | null;
      g_mood: number;
      g_core: number;
      g_sentiment: number;
      g_primary: number;
      g_day: number;
      count: number;
      avg_intensity: number | null;
      positive: number;
      neutral: number;
      negative: number;
    }>(result);
  }

  /** Activity counts over a day range (unnest of the entries' activities). */
  async activityCounts(scope: Scope, from: string, to: string) {
    const result = await this.db.execute(sql`
      select a.activity, count(*)::int as count
      from ${e}, unnest(${e.activities}) as a(activity)
      where ${and(inScope(scope), gte(e.localDay, from), lte(e.localDay, to))}
      group by a.activity order by count desc, a.activity asc limit 50`);
    return rowsOf<{ activity: string; count: number }>(result);
  }

  /** Sleep quality counts and average hours over a day range. */
  async sleepCounts(scope: Scope, from: string, to: string) {
    const result = await this.db.execute(sql`
      select (${e.swp}->'sleepRoutine'->>'quality')::int as quality, count(*)::int as nights,
        round(avg((${e.swp}->'sleepRoutine'->>'hours')::numeric), 1)::float8 as avg_hours
      from ${e}
      where ${and(inScope(scope), gte(e.localDay, from), lte(e.localDay, to))}
        and ${e.swp} ? 'sleepRoutine'
      group by grouping sets (((${e.swp}->'sleepRoutine'->>'quality')::int), ())`);
    return rowsOf<{
      quality: number | null;
      nights: number;
      avg_hours: number | null;
    }>(result);
  }
}

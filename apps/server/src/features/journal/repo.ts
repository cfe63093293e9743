import { and, asc, desc, eq, getTableColumns, getTableName, gte, lte, sql, type SQL } from 'drizzle-orm';
import { journalReadBounds } from '@mindledger/domain';
import { rowsOf, type Db, type Executor, type Tx } from '../../db/client.js';
import { visibleEntries, type ReadScope } from '../../platform/read-scope.js';
import { goalEntryLinks, goals, journalCounts, journalEntries as e } from '../../db/schema/index.js';
import type { EntryRow, LinkedGoal, StoredEntry } from './presenter.js';
import type { RangeCursor } from './range-cursor.js';
import { escapeLike } from '../../platform/like.js';

/** Who reads: the author sees everything; a provider never sees private entries. */
export type Scope = ReadScope;

export const inScope = (scope: Scope): SQL => visibleEntries(scope.patientId, scope.includePrivate);

/**
 * The hot reads are prepared statements, built once per database and variant: the SQL is not
 * rebuilt per request, and PostgreSQL parses it once per connection and, after a few runs, keeps a
 * generic plan (a ledger search planned 2 ms a request before). The author's view and a provider's
 * (never private entries) are two variants of each.
 */
type Variant = 'self' | 'shared';

/** A query builder before `.prepare` (drizzle's select builders). */
interface Preparable<T> {
  prepare(name: string): T;
  toSQL(): { sql: string; params: unknown[] };
}
const variantOf = (scope: Scope): Variant => (scope.includePrivate ? 'self' : 'shared');

const param = {
  patientId: sql.placeholder('patientId'),
  id: sql.placeholder('id'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** `inScope` with the patient as a parameter. */
const live = (variant: Variant): SQL => visibleEntries(param.patientId, variant === 'self');

const inDays = (variant: Variant) =>
  and(live(variant), gte(e.localDay, param.from), lte(e.localDay, param.to)) as SQL;

/**
 * Newest first, spelled as the ledger index is built (`entry_at desc nulls last, id desc nulls
 * last`): plain `desc` means `nulls first`, which the planner cannot read from that index, so every
 * ledger read would fetch and sort all of the client's rows. Both columns are NOT NULL, so the order
 * is the same.
 */
const newestFirst = [sql`${e.entryAt} desc nulls last`, sql`${e.id} desc nulls last`] as const;

/**
 * The goals an entry mentions, in the entry's own row (one probe of goal_entry_links_entry_idx per
 * entry), so a read of entries is one statement, not one plus a lookup of their goals. Aliased by
 * hand: drizzle leaves columns unqualified in a one-table select list.
 */
const linkedGoalsOfRow = sql<LinkedGoal[]>`(select coalesce(json_agg(json_build_object(
    'goalId', g.id, 'text', g.text, 'emoji', g.emoji, 'type', g.type) order by l.created_at, g.id), '[]'::json)
  from ${goalEntryLinks} l join ${goals} g on g.id = l.goal_id
  where l.entry_id = ${sql.identifier(getTableName(e))}.id and not g.deleted)`;
// Every column but the search text (a lowercased copy of the entry's words, read only by the
// search's WHERE): a page would otherwise carry each entry's text twice from the database.
const { searchText: _searchText, ...readColumns } = getTableColumns(e);
const storedEntry = { ...readColumns, goals: linkedGoalsOfRow };

const maxSearchWords = 8;
const searchCap = journalReadBounds.searchMatches;

/** The search's words, lowercased, at most 8. */
function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, maxSearchWords);
}

/**
 * Ledger search: every word must appear in the entry's text (notes, mood, emotion names, chat,
 * recognised photo text) or in the text of a goal the entry mentions. Each word ($w0, $p0, …: the
 * word and its LIKE pattern) is one set of (id, entry_at), the words' sets intersected:
 * - entries whose search keys hold the word's keys (migration 0005: the author's id + each trigram
 *   inside a word, journal_entries_search_keys_idx), then checked with LIKE. Every key names its
 *   author, so only the author's rows can match and the index walk is as long as the author's
 *   matches, whatever the size of the platform;
 * - a word with no trigram inside (one or two letters) has no keys: the author's rows are read
 *   through the day index and checked with LIKE. The two branches are gated on the word's key count
 *   (one-time filters), so one prepared statement serves both;
 * - entries linked to the author's goals whose text matches (goals_patient_idx).
 */
function searchHits(variant: Variant, wordCount: number): SQL {
  const s = sql.raw('s');
  const visible = variant === 'self' ? sql`` : sql` and not ${s}.is_private`;
  const live = sql`not ${s}.deleted${visible}`;
  const scoped = sql`${s}.patient_id = ${param.patientId} and ${live}`;
  const perWord = Array.from({ length: wordCount }, (_, i) => {
    const word = sql.placeholder(`w${i}`);
    const pattern = sql.placeholder(`p${i}`);
    const keys = sql`journal_search_keys(${param.patientId}, ${word})`;
    return sql`(select ${s}.id, ${s}.entry_at from ${e} ${s}
        where cardinality(${keys}) > 0 and ${live}
          and journal_search_keys(${s}.patient_id, ${s}.search_text) @> ${keys}
          and ${s}.search_text like ${pattern}
      union
      select ${s}.id, ${s}.entry_at from ${e} ${s}
        where cardinality(${keys}) = 0 and ${scoped} and ${s}.search_text like ${pattern}
      union
      select ${s}.id, ${s}.entry_at from ${goals}
        join ${goalEntryLinks} on ${goalEntryLinks.goalId} = ${goals.id}
        join ${e} ${s} on ${s}.id = ${goalEntryLinks.entryId}
        where ${goals.patientId} = ${param.patientId} and ${goals.textKey} like ${pattern} and ${scoped})`;
  });
  return sql.join(perWord, sql` intersect `);
}

/** One row per grouping set of `aggregate`; `g_*` says which columns the row is grouped over. */
const aggregateColumns = {
  mood: sql<string | null>`${e.mood}`,
  core: sql<string | null>`${e.coreEmotion}`,
  sentiment: sql<string | null>`${e.sentiment}`,
  primary_emotion: sql<string | null>`${e.primaryEmotion}`,
  day: sql<string | null>`${e.localDay}::text`,
  g_mood: sql<number>`grouping(${e.mood})::int`,
  g_core: sql<number>`grouping(${e.coreEmotion})::int`,
  g_sentiment: sql<number>`grouping(${e.sentiment})::int`,
  g_primary: sql<number>`grouping(${e.primaryEmotion})::int`,
  g_day: sql<number>`grouping(${e.localDay})::int`,
  count: sql<number>`count(*)::int`,
  avg_intensity: sql<number | null>`round(avg(${e.intensity}), 1)::float8`,
  positive: sql<number>`(count(*) filter (where ${e.sentiment} = 'positive'))::int`,
  neutral: sql<number>`(count(*) filter (where ${e.sentiment} = 'neutral'))::int`,
  negative: sql<number>`(count(*) filter (where ${e.sentiment} = 'negative'))::int`,
};
const aggregateGroups = sql`grouping sets ((${e.mood}), (${e.coreEmotion}), (${e.sentiment}),
  (${e.primaryEmotion}), (${e.localDay}), ())`;
export type AggregateRow = {
  [K in keyof typeof aggregateColumns]: (typeof aggregateColumns)[K]['_']['type'];
};

export class JournalRepo {
  private readonly statements = new Map<string, unknown>();
  private readonly texts = new Map<string, { sql: string; params: unknown[] }>();

  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Writes a new entry (the journal's kept counts follow in the same statement's transaction). */
  async insert(ex: Executor, values: typeof e.$inferInsert): Promise<EntryRow> {
    const [created] = await ex.insert(e).values(values).returning();
    if (!created) throw new Error('insert returned nothing');
    return created;
  }

  /** Changes the client's entry; undefined when it is not theirs. */
  async update(
    ex: Executor,
    patientId: string,
    id: string,
    values: Partial<typeof e.$inferInsert>,
  ): Promise<EntryRow | undefined> {
    const [row] = await ex
      .update(e)
      .set(values)
      .where(and(eq(e.id, id), eq(e.patientId, patientId)))
      .returning();
    return row;
  }

  /** The statement `name`, prepared on first use; its SQL is kept for `preparedTexts`. */
  private statement<T>(name: string, build: () => Preparable<T>): T {
    let statement = this.statements.get(name) as T | undefined;
    if (!statement) {
      const builder = build();
      this.texts.set(name, builder.toSQL());
      statement = builder.prepare(name);
      this.statements.set(name, statement);
    }
    return statement;
  }

  /**
   * The SQL of every statement prepared so far, by name (a test EXPLAINs them with a generic plan:
   * no journal read may fall back to scanning the whole table).
   */
  preparedTexts(): ReadonlyMap<string, { sql: string; params: unknown[] }> {
    return this.texts;
  }

  /**
   * One page of the ledger, newest first, with the total in the same statement. The page walks the
   * ledger index and stops after `offset + limit` rows; the total is one row of `journal_counts`
   * (kept by triggers in every write's transaction), so neither costs more as a history grows. A
   * count of the rows here visited every row of the history (the heap too, for rows written since
   * the last VACUUM). A search goes through `searchPage`.
   */
  async page(scope: Scope, page: number, limit: number, search?: string) {
    const words = searchWords(search);
    if (words.length > 0) return this.searchPage(scope, words, page, limit);
    const statement = this.statement(`ledger_page_${variantOf(scope)}`, () => {
      const where = live(variantOf(scope));
      const counted = variantOf(scope) === 'self' ? journalCounts.entries : journalCounts.shared;
      const total = sql<number>`coalesce((select ${counted} from ${journalCounts}
        where ${journalCounts.patientId} = ${param.patientId}), 0)::int`;
      return this.db
        .select({ entry: storedEntry, total })
        .from(e)
        .where(where)
        .orderBy(...newestFirst)
        .limit(param.limit)
        .offset(param.offset);
    });
    const run = (offset: number, size: number) =>
      statement.execute({ patientId: scope.patientId, limit: size, offset });
    const rows = await run((page - 1) * limit, limit);
    // Past the last page: the total from the first row.
    const total = rows[0]?.total ?? (page > 1 ? ((await run(0, 1))[0]?.total ?? 0) : 0);
    return { rows: rows.map((r) => r.entry as StoredEntry), total, totalCapped: false };
  }

  /**
   * A page of search results: the matches are found once (a CTE used twice is materialised), the
   * total is their count, the page their newest `limit`, and only those rows are read in full.
   */
  private async searchPage(scope: Scope, words: string[], page: number, limit: number) {
    const variant = variantOf(scope);
    const statement = this.statement(`ledger_search_${words.length}_${variant}`, () => {
      const hits = this.db
        .$with('hits', { id: sql<string>`id`, entryAt: sql<Date>`entry_at` })
        .as(searchHits(variant, words.length));
      // The newest matches only: counting and paging stop at the cap.
      const newest = this.db
        .$with('newest', { id: sql<string>`id`, entryAt: sql<Date>`entry_at` })
        .as(sql`select id, entry_at from ${hits} order by entry_at desc, id desc limit ${searchCap + 1}`);
      return this.db
        .with(hits, newest)
        .select({ entry: storedEntry, total: sql<number>`(select count(*) from ${newest})::int` })
        .from(e)
        .where(
          sql`${e.id} in (select id from ${newest} order by entry_at desc, id desc
            limit ${param.limit} offset ${param.offset})`,
        )
        .orderBy(...newestFirst);
    });
    const values = Object.fromEntries(
      words.flatMap((word, i) => [
        [`w${i}`, word],
        [`p${i}`, `%${escapeLike(word)}%`],
      ]),
    );
    const run = (offset: number, size: number) =>
      statement.execute({ patientId: scope.patientId, limit: size, offset, ...values });
    // Past the cap nothing is answered: the pages end with the newest `searchCap` matches.
    const offset = (page - 1) * limit;
    const rows = offset < searchCap ? await run(offset, Math.min(limit, searchCap - offset)) : [];
    const counted = rows[0]?.total ?? (page > 1 ? ((await run(0, 1))[0]?.total ?? 0) : 0);
    return {
      rows: rows.map((r) => r.entry as StoredEntry),
      total: Math.min(counted, searchCap),
      totalCapped: counted > searchCap,
    };
  }

  async latest(scope: Scope): Promise<StoredEntry | undefined> {
    const statement = this.statement(`entry_latest_${variantOf(scope)}`, () =>
      this.db
        .select(storedEntry)
        .from(e)
        .where(live(variantOf(scope)))
        .orderBy(...newestFirst)
        .limit(1),
    );
    const [row] = await statement.execute({ patientId: scope.patientId });
    return row as StoredEntry | undefined;
  }

  async one(scope: Scope, id: string): Promise<StoredEntry | undefined> {
    const statement = this.statement(`entry_by_id_${variantOf(scope)}`, () =>
      this.db
        .select(storedEntry)
        .from(e)
        .where(and(live(variantOf(scope)), eq(e.id, param.id))),
    );
    const [row] = await statement.execute({ patientId: scope.patientId, id });
    return row as StoredEntry | undefined;
  }

  /**
   * One page of the entries whose local day lies in [from, to], oldest first (day, moment, id),
   * after `after` when paging on; `limit + 1` rows are read to know whether more follow. With
   * `withActivities`, only entries that carry activities or sleep/productivity/self-care/therapy
   * blocks (get-all-activities).
   */
  async rangePage(
    scope: Scope,
    range: { from: string; to: string },
    limit: number,
    after?: RangeCursor,
    withActivities = false,
  ): Promise<{ rows: StoredEntry[]; hasMore: boolean }> {
    const variant = variantOf(scope);
    const name = `entries_by_day_${variant}${after ? '_after' : ''}${withActivities ? '_activities' : ''}`;
    const statement = this.statement(name, () => {
      // Compared and ordered at the millisecond a cursor can carry (JavaScript dates).
      const at = sql`date_trunc('milliseconds', ${e.entryAt})`;
      const afterCursor = sql`(${e.localDay}, ${at}, ${e.id}) >
        (${sql.placeholder('afterDay')}::date, ${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
      const activities = sql`(cardinality(${e.activities}) > 0 or ${e.dayDetails} <> '{}'::jsonb)`;
      return this.db
        .select(storedEntry)
        .from(e)
        .where(and(inDays(variant), after ? afterCursor : undefined, withActivities ? activities : undefined))
        .orderBy(asc(e.localDay), asc(at), asc(e.id))
        .limit(param.limit);
    });
    const rows = (await statement.execute({
      patientId: scope.patientId,
      from: range.from,
      to: range.to,
      limit: limit + 1,
      ...(after ? { afterDay: after.day, afterAt: after.at, afterId: after.id } : {}),
    })) as StoredEntry[];
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /**
   * Each day of [from, to] that has entries: how many, and the newest one's id, mood, emoji and
   * colour (the week circles), whatever the number of entries that day.
   */
  async daySummary(scope: Scope, from: string, to: string) {
    const statement = this.statement(`day_summary_${variantOf(scope)}`, () =>
      this.db
        .selectDistinctOn([e.localDay], {
          date: e.localDay,
          count: sql<number>`(count(*) over (partition by ${e.localDay}))::int`,
          id: e.id,
          mood: e.mood,
          emoji: e.emoji,
          color: sql<string | null>`${e.emotionData}->>'color'`,
        })
        .from(e)
        .where(inDays(variantOf(scope)))
        .orderBy(asc(e.localDay), sql`${e.entryAt} desc`, sql`${e.id} desc`),
    );
    return statement.execute({ patientId: scope.patientId, from, to });
  }

  /** A written row with its goals, as the reads answer it (reads carry them in their row). */
  async withGoals(row: EntryRow, ex: Executor = this.db): Promise<StoredEntry> {
    const linked = await ex
      .select({ goalId: goals.id, text: goals.text, emoji: goals.emoji, type: goals.type })
      .from(goalEntryLinks)
      .innerJoin(goals, eq(goals.id, goalEntryLinks.goalId))
      .where(and(eq(goalEntryLinks.entryId, row.id), eq(goals.deleted, false)))
      .orderBy(asc(goalEntryLinks.createdAt), asc(goals.id));
    return { ...row, goals: linked };
  }

  /** Distinct local days with an entry, newest first (streak, week dots). */
  async recentDays(scope: Scope, limit: number) {
    const statement = this.statement(`entry_days_${variantOf(scope)}`, () =>
      this.db
        .select({ day: e.localDay, count: sql<number>`count(*)::int` })
        .from(e)
        .where(live(variantOf(scope)))
        .groupBy(e.localDay)
        .orderBy(desc(e.localDay))
        .limit(param.limit),
    );
    return statement.execute({ patientId: scope.patientId, limit });
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
  async aggregate(scope: Scope, from: string, to: string): Promise<AggregateRow[]> {
    const statement = this.statement(`entry_aggregate_${variantOf(scope)}`, () =>
      this.db
        .select(aggregateColumns)
        .from(e)
        .where(inDays(variantOf(scope)))
        .groupBy(aggregateGroups),
    );
    return statement.execute({ patientId: scope.patientId, from, to });
  }

  /** The same counts over the latest `limit` entries (the provider dashboard's analytics). */
  async aggregateLatest(scope: Scope, limit: number): Promise<AggregateRow[]> {
    const latest = sql`${e.id} in (select ${e.id} from ${e} where ${inScope(scope)}
      order by ${newestFirst[0]} limit ${limit})`;
    return this.db
      .select(aggregateColumns)
      .from(e)
      .where(and(inScope(scope), latest))
      .groupBy(aggregateGroups);
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
      select (${e.dayDetails}->'sleepRoutine'->>'quality')::int as quality, count(*)::int as nights,
        round(avg((${e.dayDetails}->'sleepRoutine'->>'hours')::numeric), 1)::float8 as avg_hours
      from ${e}
      where ${and(inScope(scope), gte(e.localDay, from), lte(e.localDay, to))}
        and ${e.dayDetails} ? 'sleepRoutine'
      group by grouping sets (((${e.dayDetails}->'sleepRoutine'->>'quality')::int), ())`);
    return rowsOf<{
      quality: number | null;
      nights: number;
      avg_hours: number | null;
    }>(result);
  }
}

import { asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { promoListQuery } from '@mindledger/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { promoCodes } from '../../db/schema/index.js';
import type { PromoCodeRow } from './presenter.js';
import { escapeLike } from '../../platform/like.js';

export type PromoListQuery = z.output<typeof promoListQuery>;
export type PromoCodeValues = typeof promoCodes.$inferInsert;

function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(promoCodes.code, pattern), ilike(promoCodes.description, pattern));
}

/**
 * What each sortable column orders by. A discount orders by type, then amount (a percent and a
 * fixed amount do not compare); a duration by how long it discounts: once, then months, then forever.
 */
const sortKeys: Record<PromoListQuery['sort'], SQL[]> = {
  code: [sql`${promoCodes.code}`],
  discount: [sql`${promoCodes.discountType}`, sql`${promoCodes.discountValue}`],
  duration: [
    sql`case ${promoCodes.duration} when 'once' then 0 when 'multipleMonths' then 1 else 2 end`,
    sql`${promoCodes.durationInMonths}`,
  ],
  description: [sql`lower(${promoCodes.description})`],
  currentUses: [sql`${promoCodes.currentUses}`],
  expiresAt: [sql`${promoCodes.expiresAt}`],
  active: [sql`${promoCodes.active}`],
  createdAt: [sql`${promoCodes.createdAt}`],
};

/** The promo codes' SQL: the service holds the rules. */
export class PromoCodesRepo {
  constructor(private readonly db: Db) {}

  /** One page (limit 0: every row) and the total through a window count, in one query. */
  async list(query: PromoListQuery): Promise<{ rows: PromoCodeRow[]; total: number }> {
    const direction = query.order === 'asc' ? asc : desc;
    const where = searchFilter(query.search);
    const ordered = this.db
      .select({ row: promoCodes, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(promoCodes)
      .where(where)
      .orderBy(...sortKeys[query.sort].map((key) => direction(key)), asc(promoCodes.id));
    const rows =
      query.limit === 0
        ? await ordered
        : await ordered.limit(query.limit).offset((query.page - 1) * query.limit);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const [count] = await this.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(promoCodes)
        .where(where);
      total = count?.n ?? 0;
    }
    return { rows: rows.map((r) => r.row), total };
  }

  /** Every code, newest first (the export). */
  all(): Promise<PromoCodeRow[]> {
    return this.db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), asc(promoCodes.id));
  }

  async find(id: string): Promise<PromoCodeRow | undefined> {
    const [row] = await this.db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
    return row;
  }

  async insert(values: PromoCodeValues, ex: Executor = this.db): Promise<PromoCodeRow> {
    const [row] = await ex.insert(promoCodes).values(values).returning();
    if (!row) throw new Error('promo code not inserted');
    return row;
  }

  async update(id: string, values: Partial<PromoCodeValues>): Promise<PromoCodeRow | undefined> {
    const [row] = await this.db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(promoCodes)
      .where(eq(promoCodes.id, id))
      .returning({ id: promoCodes.id });
    return rows.length > 0;
  }
}

import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { listUsersQuery } from '@mindledger/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { escapeLike } from '../../platform/like.js';

type ListQuery = z.output<typeof listUsersQuery>;

function filters(query: ListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    if (match) conditions.push(match);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'active')
    conditions.push(and(eq(users.activated, true), eq(users.approved, true)) as SQL);
  if (query.status === 'pending_activation') conditions.push(eq(users.activated, false));
  if (query.status === 'pending_approval')
    conditions.push(and(eq(users.activated, true), eq(users.approved, false)) as SQL);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One query: the page and the total through a window count. */
export async function listUsers(db: Db, query: ListQuery) {
  const rows = await db
    .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(filters(query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(filters(query));
    total = row?.n ?? 0;
  }
  return { rows: rows.map((r) => r.user), total };
}

export async function userStats(db: Db) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      patients: sql<number>`count(*) filter (where ${users.role} = 'patient')`.mapWith(Number),
      providers: sql<number>`count(*) filter (where ${users.role} = 'provider')`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
      pendingApproval:
        sql<number>`count(*) filter (where ${users.activated} and not ${users.approved})`.mapWith(Number),
      pendingActivation: sql<number>`count(*) filter (where not ${users.activated})`.mapWith(Number),
    })
    .from(users);
  return row ?? { total: 0, patients: 0, providers: 0, admins: 0, pendingApproval: 0, pendingActivation: 0 };
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goals, users } from '../../db/schema/index.js';

/**
 * Texts of the caller's own active goals among `ids`, in the order asked. Scoped by owner: an id of
 * someone else's goal (or a deleted, completed or abandoned one) is silently left out.
 */
export async function ownActiveGoalTexts(db: Db, patientId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: goals.id, text: goals.text })
    .from(goals)
    .where(
      and(
        eq(goals.patientId, patientId),
        inArray(goals.id, [...new Set(ids)]),
        eq(goals.deleted, false),
        eq(goals.completed, false),
        eq(goals.abandoned, false),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r.text]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

export async function firstNameOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName || undefined;
}

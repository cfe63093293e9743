/**
 * User lookups, one place for every feature (auth, profile, admin, connections, journal): features
 * read users through here rather than through each other.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

function prepareUserById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
}

/** The hottest lookup (every `me`): a prepared statement per database, built once. */
const userById = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  let statement = userById.get(db);
  if (!statement) {
    statement = prepareUserById(db);
    userById.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('User vanished during update');
  return row;
}

import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { NoteCategory } from '@mindledger/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import { descIndexed } from '../../db/order.js';
import { connections, noteAddenda, providerNotes, providerTodos, users } from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';

export type NoteRow = typeof providerNotes.$inferSelect;
export type NoteValues = Partial<typeof providerNotes.$inferInsert>;
export type AddendumRow = typeof noteAddenda.$inferSelect;
export type TodoRow = typeof providerTodos.$inferSelect;
export type TodoValues = Partial<typeof providerTodos.$inferInsert>;

/** Newest session first: the order of every note list. */
const newestFirst = [
  desc(providerNotes.sessionDate),
  desc(providerNotes.timeMinutes),
  desc(providerNotes.createdAt),
];

/** The provider's clients they may still reach: accepted, active connections (the one policy rule). */
function connectedClient(providerId: string): SQL {
  return sql`exists (select 1 from ${connections}
    where ${connections.providerId} = ${providerId} and ${connections.patientId} = ${providerNotes.patientId}
    and ${activeConnection()})`;
}

/** The notes' and to-dos' SQL (docs/API-clinical-notes.md): rules live in the service. */
export class NotesRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(tx: Executor, values: typeof providerNotes.$inferInsert): Promise<NoteRow> {
    const [row] = await tx.insert(providerNotes).values(values).returning();
    return row!;
  }

  /** One of the provider's notes (any client); the service checks the connection. */
  async byId(providerId: string, id: string, tx: Executor = this.db): Promise<NoteRow | undefined> {
    const [row] = await tx
      .select()
      .from(providerNotes)
      .where(and(eq(providerNotes.id, id), eq(providerNotes.providerId, providerId)))
      .limit(1);
    return row;
  }

  /** Locks the note for a change, so signing and editing cannot cross. */
  async lock(tx: Tx, providerId: string, id: string): Promise<NoteRow | undefined> {
    const [row] = await tx
      .select()
      .from(providerNotes)
      .where(and(eq(providerNotes.id, id), eq(providerNotes.providerId, providerId)))
      .for('update')
      .limit(1);
    return row;
  }

  async update(tx: Executor, id: string, values: NoteValues): Promise<NoteRow> {
    const [row] = await tx.update(providerNotes).set(values).where(eq(providerNotes.id, id)).returning();
    return row!;
  }

  async remove(tx: Executor, id: string): Promise<void> {
    await tx.delete(providerNotes).where(eq(providerNotes.id, id));
  }

  /** A client's notes by the provider, newest session first, one page and the total. */
  async ofClient(
    providerId: string,
    patientId: string,
    q: { category?: NoteCategory; signed?: boolean; offset: number; limit: number },
  ): Promise<{ rows: NoteRow[]; total: number }> {
    const where = and(
      eq(providerNotes.providerId, providerId),
      eq(providerNotes.patientId, patientId),
      q.category ? eq(providerNotes.category, q.category) : undefined,
      q.signed === undefined ? undefined : eq(providerNotes.isSigned, q.signed),
    );
    const rows = await this.db
      .select({ note: providerNotes, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(providerNotes)
      .where(where)
      .orderBy(...newestFirst)
      .offset(q.offset)
      .limit(q.limit);
    return { rows: rows.map((r) => r.note), total: rows[0]?.total ?? 0 };
  }

  /**
   * The session-notes list of the dashboard: the provider's newest notes about clients they are
   * still connected to, with each client's name; one indexed query.
   */
  sessionNotes(providerId: string, limit: number) {
    return this.db
      .select({
        id: providerNotes.id,
        patientId: providerNotes.patientId,
        title: providerNotes.title,
        category: providerNotes.category,
        sessionDate: providerNotes.sessionDate,
        timeMinutes: providerNotes.timeMinutes,
        isSigned: providerNotes.isSigned,
        signedAt: providerNotes.signedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(providerNotes)
      .innerJoin(users, eq(users.id, providerNotes.patientId))
      .where(and(eq(providerNotes.providerId, providerId), connectedClient(providerId)))
      .orderBy(...newestFirst)
      .limit(limit);
  }

  /** Notes the provider signed since `since` (the dashboard's 30-day count). */
  async signedSince(providerId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(providerNotes)
      .where(
        and(
          eq(providerNotes.providerId, providerId),
          eq(providerNotes.isSigned, true),
          gte(providerNotes.signedAt, since),
        ),
      );
    return row?.n ?? 0;
  }

  async addenda(noteIds: string[], ex: Executor = this.db): Promise<AddendumRow[]> {
    if (noteIds.length === 0) return [];
    return ex
      .select()
      .from(noteAddenda)
      .where(inArray(noteAddenda.noteId, noteIds))
      .orderBy(asc(noteAddenda.createdAt), asc(noteAddenda.id));
  }

  async addAddendum(tx: Executor, values: typeof noteAddenda.$inferInsert): Promise<AddendumRow> {
    const [row] = await tx.insert(noteAddenda).values(values).returning();
    return row!;
  }

  /** The client's notes in a range of session days, oldest first (summaries and care plans). */
  inRange(providerId: string, patientId: string, start: string, end: string, limit = 200) {
    return this.db
      .select()
      .from(providerNotes)
      .where(
        and(
          eq(providerNotes.providerId, providerId),
          eq(providerNotes.patientId, patientId),
          sql`${providerNotes.sessionDate} between ${start} and ${end}`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit)
      .then((rows) => rows.reverse());
  }

  // To-dos

  todos(providerId: string, patientId: string): Promise<TodoRow[]> {
    return this.db
      .select()
      .from(providerTodos)
      .where(and(eq(providerTodos.providerId, providerId), eq(providerTodos.patientId, patientId)))
      .orderBy(asc(providerTodos.done), descIndexed(providerTodos.createdAt))
      .limit(500);
  }

  async todoCount(tx: Executor, providerId: string, patientId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(providerTodos)
      .where(and(eq(providerTodos.providerId, providerId), eq(providerTodos.patientId, patientId)));
    return row?.n ?? 0;
  }

  async todoById(providerId: string, id: string): Promise<TodoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(providerTodos)
      .where(and(eq(providerTodos.id, id), eq(providerTodos.providerId, providerId)))
      .limit(1);
    return row;
  }

  async insertTodo(tx: Executor, values: typeof providerTodos.$inferInsert): Promise<TodoRow> {
    const [row] = await tx.insert(providerTodos).values(values).returning();
    return row!;
  }

  async updateTodo(id: string, values: TodoValues): Promise<TodoRow> {
    const [row] = await this.db.update(providerTodos).set(values).where(eq(providerTodos.id, id)).returning();
    return row!;
  }

  async removeTodo(id: string): Promise<void> {
    await this.db.delete(providerTodos).where(eq(providerTodos.id, id));
  }
}

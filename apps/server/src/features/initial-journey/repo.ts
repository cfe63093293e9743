import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AiDocumentKind, SharedSummaryKind } from '@mindledger/domain';
import type { Db, Executor } from '../../db/client.js';
import { aiDocuments, documentShares, initialJourneyMessages, users } from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';
import { sharedDocumentReadable } from '../../platform/read-scope.js';
import { connections } from '../../db/schema/index.js';

/** The four Initial Journey documents (the weekly report is another feature's). */
export const journeyKinds = [
  'therapistProfile',
  'interviewGuide',
  'emailTemplate',
  'selfReflectionSummary',
] as const satisfies readonly AiDocumentKind[];
export type JourneyKind = (typeof journeyKinds)[number];

export type MessageRow = typeof initialJourneyMessages.$inferSelect;
export type DocumentRow = typeof aiDocuments.$inferSelect;
export type ShareRow = typeof documentShares.$inferSelect;

/** The conversation, scoped by its owner. */
export class JourneyRepo {
  constructor(private readonly db: Db) {}

  async messageCount(patientId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(initialJourneyMessages)
      .where(eq(initialJourneyMessages.patientId, patientId));
    return row?.n ?? 0;
  }

  /** The newest `limit` messages before `offset` from the end, oldest first. */
  async page(patientId: string, offset: number, limit: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(initialJourneyMessages)
      .where(eq(initialJourneyMessages.patientId, patientId))
      .orderBy(desc(initialJourneyMessages.seq))
      .limit(limit)
      .offset(offset);
    return rows.reverse();
  }

  async all(patientId: string, cap: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(initialJourneyMessages)
      .where(eq(initialJourneyMessages.patientId, patientId))
      .orderBy(asc(initialJourneyMessages.seq))
      .limit(cap);
  }

  /**
   * Appends messages after the last one, in one statement: the next seq is read inside it, and the
   * unique (patient, seq) index turns a concurrent append into a conflict the caller retries.
   */
  async append(tx: Executor, patientId: string, messages: { role: 'user' | 'assistant'; text: string }[]) {
    const values = messages.map(
      (m, i) =>
        sql`(${patientId}::uuid, coalesce((select max(seq) from initial_journey_messages where patient_id = ${patientId}::uuid), 0) + ${i + 1}, ${m.role}, ${m.text})`,
    );
    await tx.execute(
      sql`insert into initial_journey_messages (patient_id, seq, role, text) values ${sql.join(values, sql`, `)}`,
    );
  }

  async reset(tx: Executor, patientId: string): Promise<void> {
    await tx.delete(initialJourneyMessages).where(eq(initialJourneyMessages.patientId, patientId));
    await tx
      .delete(aiDocuments)
      .where(and(eq(aiDocuments.patientId, patientId), inArray(aiDocuments.kind, [...journeyKinds])));
    await tx
      .delete(documentShares)
      .where(and(eq(documentShares.patientId, patientId), eq(documentShares.kind, 'chatHistory')));
  }
}

/** Generated documents, each read scoped by its owner. */
export class DocumentsRepo {
  constructor(private readonly db: Db) {}

  async insert(
    tx: Executor,
    row: Pick<
      DocumentRow,
      'patientId' | 'kind' | 'content' | 'model' | 'promptVersion' | 'generatedAt' | 'privateEntriesUsed'
    >,
  ): Promise<DocumentRow> {
    const [inserted] = await tx.insert(aiDocuments).values(row).returning();
    return inserted!;
  }

  /** The newest document of each kind asked for. */
  async latest(
    patientId: string,
    kinds: readonly AiDocumentKind[],
  ): Promise<Map<AiDocumentKind, DocumentRow>> {
    const rows = await this.db
      .selectDistinctOn([aiDocuments.kind])
      .from(aiDocuments)
      .where(and(eq(aiDocuments.patientId, patientId), inArray(aiDocuments.kind, [...kinds])))
      .orderBy(aiDocuments.kind, desc(aiDocuments.generatedAt), desc(aiDocuments.id));
    return new Map(rows.map((r) => [r.kind, r]));
  }

  async listOfKind(patientId: string, kind: AiDocumentKind, limit: number): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(aiDocuments)
      .where(and(eq(aiDocuments.patientId, patientId), eq(aiDocuments.kind, kind)))
      .orderBy(desc(aiDocuments.generatedAt), desc(aiDocuments.id))
      .limit(limit);
  }

  async byId(id: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(aiDocuments).where(eq(aiDocuments.id, id));
    return row;
  }

  async updateContent(patientId: string, id: string, content: Record<string, unknown>) {
    const [row] = await this.db
      .update(aiDocuments)
      .set({ content })
      .where(and(eq(aiDocuments.id, id), eq(aiDocuments.patientId, patientId)))
      .returning();
    return row;
  }
}

/** Shares of documents with providers. */
export class SharesRepo {
  constructor(private readonly db: Db) {}

  /** The provider with this email among the client's accepted, active connections. */
  async connectedProviderByEmail(patientId: string, email: string) {
    const [row] = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(connections)
      .innerJoin(users, eq(users.id, connections.providerId))
      .where(
        and(
          eq(connections.patientId, patientId),
          activeConnection(),
          sql`lower(${users.email}) = lower(${email})`,
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Inserts the live share, or answers null when the same one is already live. `privateEntriesConsented`
   * is how many private entries the client agreed the provider may read what the document says of.
   */
  async insert(
    tx: Executor,
    patientId: string,
    providerId: string,
    kind: SharedSummaryKind | 'weeklyReport',
    documentId: string | null,
    privateEntriesConsented = 0,
  ): Promise<ShareRow | null> {
    const rows = await tx
      .insert(documentShares)
      .values({ patientId, providerId, kind, documentId, privateEntriesConsented })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  }

  /**
   * The client consents, sharing again, to a live share of a document made before they did (or
   * before consent was asked): the share is raised to `privateEntriesConsented`. Null when there is
   * no such live share, or it already holds that consent.
   */
  async raiseConsent(
    tx: Executor,
    patientId: string,
    providerId: string,
    documentId: string,
    privateEntriesConsented: number,
  ): Promise<ShareRow | null> {
    const rows = await tx
      .update(documentShares)
      .set({ privateEntriesConsented })
      .where(
        and(
          eq(documentShares.patientId, patientId),
          eq(documentShares.providerId, providerId),
          eq(documentShares.documentId, documentId),
          isNull(documentShares.withdrawnAt),
          lt(documentShares.privateEntriesConsented, privateEntriesConsented),
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  async withdraw(patientId: string, shareId: string, now: Date): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .update(documentShares)
      .set({ withdrawnAt: now })
      .where(
        and(
          eq(documentShares.id, shareId),
          eq(documentShares.patientId, patientId),
          isNull(documentShares.withdrawnAt),
        ),
      )
      .returning();
    return row;
  }

  /** The client's live shares, with the provider's name, newest first. */
  async ofPatient(patientId: string) {
    return this.db
      .select({
        share: documentShares,
        provider: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(documentShares)
      .innerJoin(users, eq(users.id, documentShares.providerId))
      .where(and(eq(documentShares.patientId, patientId), isNull(documentShares.withdrawnAt)))
      .orderBy(desc(documentShares.createdAt))
      .limit(500);
  }

  /**
   * What the provider may read of the client: live shares, while the connection is accepted and
   * active, with the shared document (null for the chat history). A document that drew on private
   * entries is left out unless the client consented to it when sharing (decision 103): every
   * provider read of the Initial Journey goes through here.
   */
  async forProvider(providerId: string, patientId: string) {
    return this.db
      .select({ share: documentShares, document: aiDocuments })
      .from(documentShares)
      .innerJoin(
        connections,
        and(
          eq(connections.providerId, documentShares.providerId),
          eq(connections.patientId, documentShares.patientId),
          activeConnection(),
        ),
      )
      .leftJoin(aiDocuments, eq(aiDocuments.id, documentShares.documentId))
      .where(
        and(
          eq(documentShares.providerId, providerId),
          eq(documentShares.patientId, patientId),
          isNull(documentShares.withdrawnAt),
          sharedDocumentReadable(),
        ),
      )
      .orderBy(desc(documentShares.createdAt))
      .limit(500);
  }
}

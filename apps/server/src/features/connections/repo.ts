import { and, desc, eq, ilike, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  accessHistoryQuery,
  getDoctorsQuery,
  getPatientsSchema,
  inactiveClientsQuery,
  InviterRole,
} from '@mindledger/domain';
import type { Db, Executor } from '../../db/client.js';
import {
  auditLogs,
  connectionEvents,
  connections,
  emailInvitations,
  reactivationTokens,
  users,
} from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';
import { escapeLike } from '../../platform/like.js';

/*
 * The connections' read queries and the WHERE clauses the services hand to the writes
 * (repo-writes.ts holds the locks and writes of the transitions).
 */

export type ConnectionRow = typeof connections.$inferSelect;
/** One side of a connection (the service's Actor). */
type Party = { id: string; role: InviterRole };

const person = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  lastLoginAt: users.lastLoginAt,
};
const total = sql<number>`count(*) over ()`.mapWith(Number);

function nameOrEmail(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));
}

/** Runs a page query; past the last page the total comes from a count of the same filter. */
async function paged<T extends { total: number }>(
  rows: T[],
  page: number,
  recount: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  if (rows.length === 0 && page > 1) return { rows, total: await recount() };
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * One page of the caller's connections joined to the other party (client or provider), newest
 * change first, with the total from a window count: one query (a recount only past the last page).
 */
async function pageOfConnections(
  db: Db,
  other: 'patient' | 'provider',
  where: SQL | undefined,
  page: number,
  limit: number,
) {
  const joinOn = eq(users.id, other === 'patient' ? connections.patientId : connections.providerId);
  const rows = await db
    .select({ c: connections, u: person, total })
    .from(connections)
    .innerJoin(users, joinOn)
    .where(where)
    .orderBy(desc(connections.updatedAt), desc(connections.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return paged(rows, page, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(connections)
      .innerJoin(users, joinOn)
      .where(where);
    return r?.n ?? 0;
  });
}

/**
 * SQL of the domain's clientHiddenFromProvider, negated: rows whose client the provider may know.
 * The provider's own invitations that the client has not accepted are listed only by address
 * (sentInvitations), like invitations to addresses without an account.
 */
export function clientVisibleToProvider(): SQL {
  return not(
    and(eq(connections.invitedBy, 'provider'), inArray(connections.status, ['pending', 'rejected'])) as SQL,
  );
}

/** Where a party sees a connection: their own side only, deleted rows gone. */
export function partyOf(actor: Party, connectionId: string): SQL {
  return and(
    eq(connections.id, connectionId),
    eq(actor.role === 'provider' ? connections.providerId : connections.patientId, actor.id),
    ne(connections.status, 'deleted'),
  ) as SQL;
}

/** `partyOf`, and only a row whose client the provider may know (clientVisibleToProvider). */
export function partyOfVisibleToProvider(actor: Party, connectionId: string): SQL {
  return and(partyOf(actor, connectionId), clientVisibleToProvider()) as SQL;
}

/**
 * The provider's connection with one client (by the client's user id), deleted rows gone; a client
 * who has not accepted the provider's invitation is not the provider's client yet (not found).
 */
export function clientOf(providerId: string, clientId: string, withDeleted = false): SQL {
  return and(
    eq(connections.providerId, providerId),
    eq(connections.patientId, clientId),
    clientVisibleToProvider(),
    withDeleted ? undefined : ne(connections.status, 'deleted'),
  ) as SQL;
}

/** One connection of the client's, by its id (whatever its status). */
export function patientConnection(patientId: string, connectionId: string): SQL {
  return and(eq(connections.id, connectionId), eq(connections.patientId, patientId)) as SQL;
}

/** The first connection `where` selects, without a lock (undefined when none). */
export async function findConnection(db: Db, where: SQL): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(where).limit(1);
  return row;
}

/** The users with these ids (the two parties of a connection), read in the caller's transaction. */
export async function usersByIds(tx: Executor, ids: string[]): Promise<(typeof users.$inferSelect)[]> {
  return tx.select().from(users).where(inArray(users.id, ids));
}

/** A reactivation token by its hash, with the client of its connection (undefined when unknown). */
export async function findReactivationToken(db: Db, tokenHash: string) {
  const [found] = await db
    .select({ t: reactivationTokens, patientId: connections.patientId })
    .from(reactivationTokens)
    .innerJoin(connections, eq(connections.id, reactivationTokens.connectionId))
    .where(eq(reactivationTokens.tokenHash, tokenHash))
    .limit(1);
  return found;
}

/** The provider's clients (deleted hidden, and clients who have not accepted the provider's invitation). */
export async function listPatients(
  db: Db,
  providerId: string,
  q: z.output<typeof getPatientsSchema>['data'],
) {
  const where = and(
    eq(connections.providerId, providerId),
    clientVisibleToProvider(),
    q.status ? eq(connections.status, q.status) : ne(connections.status, 'deleted'),
    q.connectionStatus ? eq(connections.connectionStatus, q.connectionStatus) : undefined,
    nameOrEmail(q.search),
  );
  return pageOfConnections(db, 'patient', where, q.page, q.limit);
}

/**
 * The invitations a provider sent that no client has accepted, by the address the provider typed:
 * to addresses without an account (email_invitations) and to clients who have not answered or
 * declined (connections). One shape for both, so the list does not tell which addresses have an
 * account; the id cancels either (delete-patient-invitation).
 */
export async function sentInvitations(db: Db, providerId: string) {
  const limit = 100;
  const [byAddress, byAccount] = await Promise.all([
    db
      .select({ id: emailInvitations.id, email: emailInvitations.email, sentOn: emailInvitations.createdAt })
      .from(emailInvitations)
      .where(and(eq(emailInvitations.inviterId, providerId), isNull(emailInvitations.claimedAt)))
      .orderBy(desc(emailInvitations.createdAt))
      .limit(limit),
    db
      .select({
        id: connections.id,
        email: sql<string>`coalesce(${connections.inviteeEmail}, ${users.email})`,
        sentOn: connections.createdAt,
      })
      .from(connections)
      .innerJoin(users, eq(users.id, connections.patientId))
      .where(and(eq(connections.providerId, providerId), not(clientVisibleToProvider())))
      .orderBy(desc(connections.createdAt))
      .limit(limit),
  ]);
  return [...byAddress, ...byAccount]
    .sort((a, b) => b.sentOn.getTime() - a.sentOn.getTime() || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** The caller's clients among `patientIds` to whom the access policy gives access. */
export async function connectedPatients(db: Db, providerId: string, patientIds: string[]) {
  if (patientIds.length === 0) return [];
  return db
    .select({ c: connections, u: person })
    .from(connections)
    .innerJoin(users, eq(users.id, connections.patientId))
    .where(
      and(
        eq(connections.providerId, providerId),
        inArray(connections.patientId, patientIds),
        activeConnection(),
      ),
    )
    .orderBy(users.firstName, users.lastName);
}

/** The client's providers (deleted hidden). */
export async function listDoctors(db: Db, patientId: string, q: z.output<typeof getDoctorsQuery>) {
  const where = and(
    eq(connections.patientId, patientId),
    ne(connections.status, 'deleted'),
    nameOrEmail(q.search),
  );
  return pageOfConnections(db, 'provider', where, q.page, q.limit);
}

export async function acceptedDoctors(db: Db, patientId: string) {
  return db
    .select({ c: connections, u: person })
    .from(connections)
    .innerJoin(users, eq(users.id, connections.providerId))
    .where(and(eq(connections.patientId, patientId), activeConnection()))
    .orderBy(users.firstName, users.lastName);
}

/** Inactive (and, when asked, disconnected) clients of the provider: one query. */
export async function listInactive(db: Db, providerId: string, q: z.output<typeof inactiveClientsQuery>) {
  const states: ('inactive' | 'disconnected')[] =
    q.statusFilter === 'inactive'
      ? ['inactive']
      : q.statusFilter === 'disconnected'
        ? ['disconnected']
        : q.includeDisconnected
          ? ['inactive', 'disconnected']
          : ['inactive'];
  const where = and(
    eq(connections.providerId, providerId),
    eq(connections.status, 'accepted'),
    inArray(connections.connectionStatus, states),
    nameOrEmail(q.searchTerm),
    q.reasonFilter ? ilike(connections.inactiveReason, `%${escapeLike(q.reasonFilter)}%`) : undefined,
  );
  const rows = await db
    .select({ c: connections, u: person, total })
    .from(connections)
    .innerJoin(users, eq(users.id, connections.patientId))
    .where(where)
    .orderBy(desc(connections.updatedAt), desc(connections.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return paged(rows, q.page, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(connections)
      .innerJoin(users, eq(users.id, connections.patientId))
      .where(where);
    return r?.n ?? 0;
  });
}

export async function statusHistory(db: Db, connectionId: string) {
  return db
    .select()
    .from(connectionEvents)
    .where(eq(connectionEvents.connectionId, connectionId))
    .orderBy(desc(connectionEvents.createdAt), desc(connectionEvents.id))
    .limit(500);
}

/**
 * The client's access history, one query: ACCESS_PHI audit rows about the client with the reader's
 * name, and the client's own consents to share a document that draws on private entries
 * (PRIVATE_ENTRIES_SHARED, decision 103) with the provider it went to.
 */
export async function accessHistory(db: Db, patientId: string, q: z.output<typeof accessHistoryQuery>) {
  const where = and(
    eq(auditLogs.patientId, patientId),
    or(
      eq(auditLogs.action, 'ACCESS_PHI'),
      and(eq(auditLogs.action, 'PRIVATE_ENTRIES_SHARED'), eq(auditLogs.actorId, patientId)),
    ),
  );
  const consentedTo = sql`${auditLogs.metadata}->>'providerId'`;
  const providerId = sql<string | null>`case when ${auditLogs.action} = 'PRIVATE_ENTRIES_SHARED'
    then (case when ${consentedTo} ~ '^[0-9a-f-]{36}$' then (${consentedTo})::uuid end)
    else ${auditLogs.actorId} end`;
  const rows = await db
    .select({
      providerId,
      action: auditLogs.action,
      privateEntries: sql<string | null>`${auditLogs.metadata}->>'privateEntries'`,
      firstName: users.firstName,
      lastName: users.lastName,
      resourceType: auditLogs.resourceType,
      occurredAt: auditLogs.occurredAt,
      total,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, providerId))
    .where(where)
    .orderBy(desc(auditLogs.occurredAt), desc(auditLogs.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return paged(rows, q.page, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLogs)
      .where(where);
    return r?.n ?? 0;
  });
}

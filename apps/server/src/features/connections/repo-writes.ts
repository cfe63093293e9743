import { and, eq, isNull, not, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import {
  connectionEvents,
  connections,
  emailInvitations,
  reactivationTokens,
} from '../../db/schema/index.js';
import { clientVisibleToProvider, type ConnectionRow } from './repo.js';

/*
 * The connections' writes and the row locks the transitions take before them: each runs on the
 * caller's executor, inside the transaction the service opens (the service keeps the rules and
 * the order of the statements).
 */

export type NewConnection = typeof connections.$inferInsert;
export type ConnectionValues = Partial<NewConnection>;
export type EmailInvitationRow = typeof emailInvitations.$inferSelect;

// ── connections ──────────────────────────────────────────────────────────────────────────────

/** Locks (FOR UPDATE) and returns the connection `where` selects; undefined when none. */
export async function lockConnection(tx: Tx, where: SQL): Promise<ConnectionRow | undefined> {
  const [row] = await tx.select().from(connections).where(where).for('update');
  return row;
}

/** Locks (FOR UPDATE) and returns the pair's connection, whatever its status; undefined when none. */
export async function lockPair(
  tx: Tx,
  pair: { providerId: string; patientId: string },
): Promise<ConnectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(connections)
    .where(and(eq(connections.providerId, pair.providerId), eq(connections.patientId, pair.patientId)))
    .for('update');
  return row;
}

/** Sets `values` on the connection with this id; the row after, undefined when none. */
export async function updateConnection(
  tx: Tx,
  id: string,
  values: ConnectionValues,
): Promise<ConnectionRow | undefined> {
  const [after] = await tx.update(connections).set(values).where(eq(connections.id, id)).returning();
  return after;
}

/** Inserts a connection; undefined when the pair already has one (ON CONFLICT DO NOTHING). */
export async function insertConnection(tx: Tx, values: NewConnection): Promise<ConnectionRow | undefined> {
  const [after] = await tx.insert(connections).values(values).onConflictDoNothing().returning();
  return after;
}

/**
 * Stores the address the provider typed on the pair's invitation that the provider does not see
 * yet (not clientVisibleToProvider); the row after, undefined when the pair has no such row.
 */
export async function updateHiddenInvitationEmail(
  tx: Tx,
  pair: { providerId: string; patientId: string },
  inviteeEmail: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await tx
    .update(connections)
    .set({ inviteeEmail })
    .where(
      and(
        eq(connections.providerId, pair.providerId),
        eq(connections.patientId, pair.patientId),
        not(clientVisibleToProvider()),
      ),
    )
    .returning();
  return row;
}

// ── connection events ────────────────────────────────────────────────────────────────────────

/** Inserts one status-history row (connection_events). */
export async function insertConnectionEvent(
  tx: Executor,
  values: typeof connectionEvents.$inferInsert,
): Promise<void> {
  await tx.insert(connectionEvents).values(values);
}

// ── email invitations ────────────────────────────────────────────────────────────────────────

/**
 * Stores an invitation to an address; one already sent by the same inviter to the same address
 * gets the new token hash and date and is open again (claimedAt null).
 */
export async function upsertEmailInvitation(
  tx: Tx,
  values: {
    inviterId: string;
    inviterRole: EmailInvitationRow['inviterRole'];
    email: string;
    tokenHash: string;
    createdAt: Date;
  },
): Promise<void> {
  await tx
    .insert(emailInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: [emailInvitations.inviterId, emailInvitations.email],
      set: { tokenHash: values.tokenHash, createdAt: values.createdAt, claimedAt: null },
    });
}

/** Locks (FOR UPDATE) and returns the open (unclaimed) email invitations to an address. */
export async function lockOpenEmailInvitations(tx: Tx, email: string): Promise<EmailInvitationRow[]> {
  return tx
    .select()
    .from(emailInvitations)
    .where(and(eq(emailInvitations.email, email), isNull(emailInvitations.claimedAt)))
    .for('update');
}

/** Marks one email invitation claimed at `now`. */
export async function markEmailInvitationClaimed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(emailInvitations).set({ claimedAt: now }).where(eq(emailInvitations.id, id));
}

/** Deletes the inviter's open (unclaimed) email invitation with this id; false when there is none. */
export async function deleteOpenEmailInvitation(db: Db, inviterId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(emailInvitations)
    .where(
      and(
        eq(emailInvitations.id, id),
        eq(emailInvitations.inviterId, inviterId),
        isNull(emailInvitations.claimedAt),
      ),
    )
    .returning({ id: emailInvitations.id });
  return deleted.length > 0;
}

// ── reactivation tokens ──────────────────────────────────────────────────────────────────────

/** Marks every unconsumed reactivation token of the connection consumed at `now`. */
export async function consumeOpenReactivationTokens(tx: Tx, connectionId: string, now: Date): Promise<void> {
  await tx
    .update(reactivationTokens)
    .set({ consumedAt: now })
    .where(and(eq(reactivationTokens.connectionId, connectionId), isNull(reactivationTokens.consumedAt)));
}

/** Stores a reactivation token (its hash only). */
export async function insertReactivationToken(
  tx: Tx,
  values: { connectionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(reactivationTokens).values(values);
}

/** Consumes the token with this id at `now` if no one has yet; false when it was already consumed. */
export async function consumeReactivationToken(tx: Tx, id: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(reactivationTokens)
    .set({ consumedAt: now })
    .where(and(eq(reactivationTokens.id, id), isNull(reactivationTokens.consumedAt)))
    .returning({ id: reactivationTokens.id });
  return used.length > 0;
}

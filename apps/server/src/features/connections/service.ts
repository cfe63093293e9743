import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import {
  canChangeInvitationStatus,
  connectionMessages as msg,
  type DecisionStatus,
  type InviterRole,
  isUuid,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import { findUserByEmail } from '../../platform/users.js';
import {
  announce,
  announceEmailInvitation,
  recordEvent,
  type ConnectionEvent,
  type EventKind,
} from './events.js';
import { partyOf, partyOfVisibleToProvider, type ConnectionRow } from './repo.js';
import {
  deleteOpenEmailInvitation,
  insertConnection,
  lockConnection,
  lockOpenEmailInvitations,
  lockPair,
  markEmailInvitationClaimed,
  updateConnection,
  updateHiddenInvitationEmail,
  upsertEmailInvitation,
  type ConnectionValues,
} from './repo-writes.js';

export type { ConnectionRow };
type UserRow = typeof users.$inferSelect;
export interface Actor {
  id: string;
  role: InviterRole;
}
export interface Plan {
  values: ConnectionValues;
  kind: EventKind;
  reason?: string | null | undefined;
  notes?: string | null | undefined;
  link?: string;
}

/**
 * Opens (or reopens, after deletion, rejection or disconnection) the invitation of a pair inside
 * a transaction; null when one is already pending or the pair is connected.
 */
async function openInvitation(
  ctx: AppContext,
  tx: Tx,
  pair: { providerId: string; patientId: string },
  inviter: Actor,
  now: Date,
  /** The address a provider typed (all they see of the client until the client accepts). */
  inviteeEmail: string | null = null,
): Promise<ConnectionEvent | null> {
  const row = await lockPair(tx, pair);
  const values = {
    status: 'pending' as const,
    connectionStatus: 'active' as const,
    accessLevel: 'full' as const,
    invitedBy: inviter.role,
    inviteeEmail: inviter.role === 'provider' ? inviteeEmail : null,
    inactiveReason: null,
    acceptedAt: null,
    statusChangedBy: inviter.id,
    statusChangedAt: now,
    lastActivityAt: now,
    createdAt: now,
    updatedAt: now,
  };
  let after: ConnectionRow | undefined;
  if (row) {
    if (row.status === 'pending' || (row.status === 'accepted' && row.connectionStatus !== 'disconnected'))
      return null;
    after = await updateConnection(tx, row.id, values);
  } else {
    after = await insertConnection(tx, { ...pair, ...values });
  }
  if (!after) return null;
  const event: ConnectionEvent = {
    kind: 'invited',
    actorId: inviter.id,
    actorRole: inviter.role,
    before: row ?? null,
    after,
  };
  await recordEvent(ctx, tx, event);
  return event;
}

export class ConnectionsService {
  constructor(readonly ctx: AppContext) {}

  /** 404 for an id the caller is not a party of, with an AUTHORIZATION_FAILURE entry. */
  async denied(request: FastifyRequest, resourceType: string, id: string, message: string): Promise<never> {
    await this.ctx.audit.record(
      { action: 'AUTHORIZATION_FAILURE', resourceType, resourceId: id.slice(0, 100) },
      request,
    );
    throw notFound(message);
  }

  /**
   * One transition: locks the caller's row, lets `plan` check it (throwing the refusal) and say
   * what changes, writes the change and its event in one transaction, then mails the other side.
   */
  async change(
    request: FastifyRequest,
    actor: Actor,
    where: SQL,
    notFoundAs: { resourceType: string; id: string; message: string },
    plan: (row: ConnectionRow) => Plan,
    extra?: (tx: Tx, after: ConnectionRow) => Promise<void>,
  ): Promise<ConnectionRow> {
    const event = await this.ctx.db.transaction(async (tx) => {
      const row = await lockConnection(tx, where);
      if (!row) return null;
      const p = plan(row);
      const now = this.ctx.clock.now();
      const statusChanges = p.values.status !== undefined || p.values.connectionStatus !== undefined;
      const after = await updateConnection(tx, row.id, {
        ...p.values,
        ...(statusChanges ? { statusChangedBy: actor.id, statusChangedAt: now } : {}),
        lastActivityAt: now,
        updatedAt: now,
      });
      if (!after) return null;
      const ev: ConnectionEvent = {
        kind: p.kind,
        actorId: actor.id,
        actorRole: actor.role,
        before: row,
        after,
        reason: p.reason,
        notes: p.notes,
        ...(p.link ? { link: p.link } : {}),
      };
      await recordEvent(this.ctx, tx, ev);
      if (extra) await extra(tx, after);
      return ev;
    });
    if (!event) return this.denied(request, notFoundAs.resourceType, notFoundAs.id, notFoundAs.message);
    return event.after;
  }

  /**
   * Invites an existing user of the other role. `inWrite` runs last in the invitation's
   * transaction (an idempotent route records its answer there, decision 104).
   */
  async invite(actor: Actor, target: UserRow, inWrite?: InWrite<ConnectionRow>): Promise<ConnectionRow> {
    const pair =
      actor.role === 'provider'
        ? { providerId: actor.id, patientId: target.id }
        : { providerId: target.id, patientId: actor.id };
    const event = await this.ctx.db.transaction(async (tx) => {
      const opened = await openInvitation(this.ctx, tx, pair, actor, this.ctx.clock.now());
      if (opened) await inWrite?.(tx, opened.after);
      return opened;
    });
    if (!event) throw conflict(msg.invitationExists);
    return event.after;
  }

  /**
   * add-patient: one answer whatever the address belongs to, so a provider learns nothing about
   * people who have not accepted them. A client account gets (or is sent again) a pending
   * invitation; another kind of account, or none, an email invitation. Each path stores one row
   * and sends one mail. Only a client the provider already sees (connected, or who invited the
   * provider) answers 409.
   */
  async invitePatient(
    provider: Actor & { name: string },
    email: string,
    inWrite?: InWrite<void>,
  ): Promise<void> {
    const target = await findUserByEmail(this.ctx.db, email);
    if (!target || target.role !== 'patient')
      return this.inviteEmail(provider, email, { hasAccount: target !== undefined }, inWrite);
    const pair = { providerId: provider.id, patientId: target.id };
    await this.ctx.db.transaction(async (tx) => {
      const event = await openInvitation(this.ctx, tx, pair, provider, this.ctx.clock.now(), email);
      if (!event) {
        const row = await updateHiddenInvitationEmail(tx, pair, email);
        if (!row) throw conflict(msg.invitationExists);
        // Still waiting for the client: mailed again, as an email invitation is when sent again.
        await announce(
          this.ctx,
          {
            kind: 'invited',
            actorId: provider.id,
            actorRole: 'provider',
            before: row,
            after: row,
          },
          tx,
        );
      }
      await inWrite?.(tx, undefined);
    });
  }

  /**
   * A provider cancels an invitation to an address without an account (the id from the sent list);
   * false when the id is not one of theirs.
   */
  async cancelEmailInvitation(inviterId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return deleteOpenEmailInvitation(this.ctx.db, inviterId, id);
  }

  /**
   * Invites an address without a client account: stored (token hashed) and mailed a registration
   * link, or, when the address already has another kind of account, a notice that nothing changed.
   */
  async inviteEmail(
    actor: Actor & { name: string },
    email: string,
    options: { hasAccount?: boolean } = {},
    inWrite?: InWrite<void>,
  ): Promise<void> {
    const token = randomToken();
    const now = this.ctx.clock.now();
    const link = `${this.ctx.config.publicUrl}/auth/register?invite=${token}&email=${encodeURIComponent(email)}`;
    await this.ctx.db.transaction(async (tx) => {
      await upsertEmailInvitation(tx, {
        inviterId: actor.id,
        inviterRole: actor.role,
        email,
        tokenHash: sha256(token),
        createdAt: now,
      });
      await announceEmailInvitation(this.ctx, tx, {
        to: email,
        inviterName: actor.name,
        inviterRole: actor.role,
        link,
        hasAccount: options.hasAccount ?? false,
      });
      await inWrite?.(tx, undefined);
    });
  }

  /** Accept or reject (Part 1 §4): an empty newStatus or a missing id is ignored. */
  async decide(request: FastifyRequest, actor: Actor, id: string, newStatus: DecisionStatus | '') {
    if (!id || !newStatus) return null;
    const notFoundAs = { resourceType: 'connection', id, message: msg.invitationNotFound };
    if (!isUuid(id)) return this.denied(request, notFoundAs.resourceType, id, notFoundAs.message);
    // The provider's own unanswered invitation is listed like an email invitation: not found here.
    const where = actor.role === 'provider' ? partyOfVisibleToProvider(actor, id) : partyOf(actor, id);
    return this.change(request, actor, where, notFoundAs, (row) => {
      const check = canChangeInvitationStatus(row, actor.role, newStatus);
      if (!check.ok) throw new AppError(check.code, check.message);
      return {
        values: {
          status: newStatus,
          ...(newStatus === 'accepted' ? { acceptedAt: this.ctx.clock.now() } : {}),
        },
        kind: newStatus,
      };
    });
  }

  /** Removes the connection for both sides (status deleted; access ends at once). */
  async remove(request: FastifyRequest, actor: Actor, id: string) {
    if (!id) return null;
    const notFoundAs = { resourceType: 'connection', id, message: msg.invitationNotFound };
    if (!isUuid(id)) return this.denied(request, notFoundAs.resourceType, id, notFoundAs.message);
    return this.change(request, actor, partyOf(actor, id), notFoundAs, () => ({
      values: { status: 'deleted', accessLevel: 'none' },
      kind: 'deleted',
    }));
  }
}

/**
 * Called once an account is activated: each open email invitation to its address becomes a
 * pending connection (invitedBy = the inviter's role) and is marked claimed, in one transaction.
 */
export async function claimEmailInvitations(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.role === 'admin') return;
  await ctx.db.transaction(async (tx) => {
    const open = await lockOpenEmailInvitations(tx, user.email);
    const now = ctx.clock.now();
    for (const invitation of open) {
      await markEmailInvitationClaimed(tx, invitation.id, now);
      if (invitation.inviterRole === user.role) continue;
      const pair =
        invitation.inviterRole === 'provider'
          ? { providerId: invitation.inviterId, patientId: user.id }
          : { providerId: user.id, patientId: invitation.inviterId };
      await openInvitation(
        ctx,
        tx,
        pair,
        { id: invitation.inviterId, role: invitation.inviterRole },
        now,
        invitation.email,
      );
    }
  });
}

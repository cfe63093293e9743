import { clientHiddenFromProvider, reactivationTokenDays } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { connectionEvents } from '../../db/schema/index.js';
import { notify } from '../notifications/index.js';
import { connectionEmails } from './emails.js';
import { usersByIds, type ConnectionRow } from './repo.js';
import { insertConnectionEvent } from './repo-writes.js';

export type EventKind = (typeof connectionEvents.$inferInsert)['kind'];

export interface ConnectionEvent {
  kind: EventKind;
  actorId: string | null;
  actorRole: 'provider' | 'patient' | 'system';
  before: Pick<ConnectionRow, 'status' | 'connectionStatus'> | null;
  after: ConnectionRow;
  reason?: string | null | undefined;
  notes?: string | null | undefined;
  /** The reactivation link (reactivation_requested only). */
  link?: string;
}

/**
 * Writes the status-history row of a transition and asks for the mail that tells the other side,
 * both inside the caller's transaction: the transition and its mail commit together or not at all.
 */
export async function recordEvent(ctx: AppContext, tx: Executor, event: ConnectionEvent): Promise<void> {
  await insertConnectionEvent(tx, {
    connectionId: event.after.id,
    actorId: event.actorId,
    actorRole: event.actorRole,
    kind: event.kind,
    fromStatus: event.before?.status ?? null,
    toStatus: event.after.status,
    fromConnectionStatus: event.before?.connectionStatus ?? null,
    toConnectionStatus: event.after.connectionStatus,
    reason: event.reason ?? null,
    notes: event.notes ?? null,
  });
  await announce(ctx, event, tx);
}

/**
 * Tells the other side of a transition by mail: the one place that emits the connection emails.
 * The mail is a job asked for in the transition's transaction (`tx`), delivered after it commits.
 */
export async function announce(ctx: AppContext, event: ConnectionEvent, tx: Executor): Promise<void> {
  const { providerId, patientId } = event.after;
  const people = await usersByIds(tx, [providerId, patientId]);
  const provider = people.find((u) => u.id === providerId);
  const patient = people.find((u) => u.id === patientId);
  if (!provider || !patient) return;
  const name = (u: typeof provider) => `${u.firstName} ${u.lastName}`.trim();
  const actorIsProvider =
    event.actorRole === 'provider' || (event.actorRole === 'system' && event.after.invitedBy === 'provider');
  // A client declining or removing a provider's invitation is not told to the provider: until
  // the client accepts, the provider knows only the address they typed (clientHiddenFromProvider).
  if (
    !actorIsProvider &&
    (event.kind === 'rejected' || event.kind === 'deleted') &&
    event.before &&
    clientHiddenFromProvider({ status: event.before.status, invitedBy: event.after.invitedBy })
  )
    return;
  const [to, other] = actorIsProvider ? [patient, provider] : [provider, patient];
  const home = `${ctx.config.publicUrl}${to.role === 'provider' ? '/provider/dashboard' : '/user/home'}`;
  const mail = (() => {
    switch (event.kind) {
      case 'invited':
        return connectionEmails.invited(to.email, to.firstName, name(other), actorIsProvider, home);
      case 'accepted':
      case 'rejected':
        return connectionEmails.decided(to.email, to.firstName, name(other), event.kind);
      case 'deleted':
        return connectionEmails.removed(to.email, to.firstName, name(other));
      case 'marked_inactive':
        return connectionEmails.markedInactive(to.email, to.firstName, name(other));
      case 'reactivation_requested':
        return connectionEmails.reactivationRequested(
          to.email,
          to.firstName,
          name(other),
          event.link ?? home,
          reactivationTokenDays,
        );
      case 'reactivated':
        return connectionEmails.reactivated(to.email, to.firstName, name(other));
      case 'disconnected':
        return connectionEmails.disconnected(to.email, to.firstName, name(other));
    }
  })();
  await ctx.mailer.send(mail, { tx });
  // In-app too (issue 13): who and what changed, never clinical data.
  const who = name(other);
  const inApp = connectionNotices[event.kind](who);
  const url =
    to.role === 'provider'
      ? '/provider/dashboard'
      : event.kind === 'reactivation_requested'
        ? '/user/reactivation-consent'
        : '/user/providers';
  await notify(ctx, to.id, { type: 'connection_update', ...inApp, data: { url } }, tx);
}

const connectionNotices: Record<EventKind, (who: string) => { title: string; message: string }> = {
  invited: (who) => ({ title: 'New connection invitation', message: `${who} invited you to connect.` }),
  accepted: (who) => ({ title: 'Invitation accepted', message: `${who} accepted your invitation.` }),
  rejected: (who) => ({ title: 'Invitation declined', message: `${who} declined your invitation.` }),
  deleted: (who) => ({ title: 'Connection removed', message: `${who} removed the connection.` }),
  marked_inactive: (who) => ({
    title: 'Connection inactive',
    message: `${who} marked your connection inactive.`,
  }),
  reactivation_requested: (who) => ({
    title: 'Reactivation requested',
    message: `${who} asked to reactivate your connection.`,
  }),
  reactivated: (who) => ({
    title: 'Connection reactivated',
    message: `Your connection with ${who} is active again.`,
  }),
  disconnected: (who) => ({ title: 'Disconnected', message: `${who} ended the connection.` }),
};

/** The registration invitation to an address without an account, in the invitation's transaction. */
export async function announceEmailInvitation(
  ctx: AppContext,
  tx: Executor,
  invite: {
    to: string;
    inviterName: string;
    inviterRole: 'provider' | 'patient';
    link: string;
    /** The address has an account of another kind: a notice instead of a registration link. */
    hasAccount?: boolean;
  },
): Promise<void> {
  await ctx.mailer.send(
    invite.hasAccount
      ? connectionEmails.otherAccountNotice(invite.to, invite.inviterName)
      : connectionEmails.registrationInvite(
          invite.to,
          invite.inviterName,
          invite.inviterRole === 'provider',
          invite.link,
        ),
    { tx },
  );
}

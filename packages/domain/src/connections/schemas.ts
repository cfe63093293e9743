import { z } from 'zod';
import { emailField, optionalName, optionalPlainText, plainText, requiredText } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';

/** Client–provider connections (Part 1 §3–4, Part 2 §3–4 and §7; docs/API-connections.md). */
export const invitationStatuses = ['pending', 'accepted', 'rejected', 'deleted'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const connectionStates = ['active', 'inactive', 'disconnected'] as const;
export type ConnectionState = (typeof connectionStates)[number];
export const accessLevels = ['full', 'none'] as const;
export type AccessLevel = (typeof accessLevels)[number];
export const inviterRoles = ['provider', 'patient'] as const;
export type InviterRole = (typeof inviterRoles)[number];
export const decisionStatuses = ['accepted', 'rejected'] as const;
export type DecisionStatus = (typeof decisionStatuses)[number];
export const bulkActions = ['reactivate', 'disconnect', 'mark-inactive'] as const;
export type BulkAction = (typeof bulkActions)[number];

export const reactivationTokenDays = 7;
export const inactiveReasonMax = 500;

/** The exact messages of the connection calls. */
export const connectionMessages = {
  alreadyAccepted: 'This action is disabled because the user is already Accepted.',
  alreadyRejected: 'This user is Rejected by Client.',
  onlyInvited: 'Only the invited person can accept or reject this invitation.',
  invitationExists: 'An invitation already exists for this person.',
  providerStatusUpdated: (status: string) => `Provider status updated to ${status}`,
  clientStatusUpdated: (status: string) => `Client status updated to ${status}`,
  providerDeleted: 'Provider deleted successfully.',
  invitationDeleted: 'Invitation deleted successfully.',
  invitationSent: 'Invitation sent.',
  emailInvitationSent: 'There is no account for this email yet. We sent an invitation to register.',
  /** add-patient's one answer, whether the address has a client account, another account or none. */
  clientInvitationSent: 'Invitation sent. The client appears in your list once they accept.',
  cannotInviteYourself: 'You cannot invite yourself.',
  notAClient: 'This email belongs to an account that is not a client.',
  notAProvider: 'This email belongs to an account that is not a provider.',
  providerNotApproved: 'This provider account is not approved yet.',
  providerNotFound: 'Provider not found',
  clientNotFound: 'Client not found',
  invitationNotFound: 'Invitation not found',
  markedInactive: 'Client marked inactive.',
  onlyActiveCanBeInactive: 'Only an accepted, active client can be marked inactive.',
  onlyInactiveCanReactivate: 'Only an inactive client can be reactivated.',
  reactivationSent: 'We sent the client a link to consent to the reactivation.',
  reactivationInvalid: 'This reactivation link is invalid or has expired.',
  reactivated: 'Your provider can access your data again.',
  disconnected: 'Client disconnected.',
  alreadyDisconnected: 'This client is already disconnected.',
  onlyConnectedCanDisconnect: 'Only a connected client can be disconnected.',
  ignored: 'Nothing to change.',
} as const;

export type DecisionCheck =
  { ok: true } | { ok: false; code: 'CONFLICT' | 'FORBIDDEN' | 'NOT_FOUND'; message: string };

/**
 * Whether `actorRole` may set an invitation to `newStatus` (Part 1 §4 Invitation status): the
 * choice is locked once accepted or rejected; only the invited side decides; deleted rows are gone.
 */
export function canChangeInvitationStatus(
  invitation: { status: InvitationStatus; invitedBy: InviterRole },
  actorRole: InviterRole,
  newStatus: DecisionStatus,
): DecisionCheck {
  void newStatus;
  if (invitation.status === 'deleted')
    return { ok: false, code: 'NOT_FOUND', message: connectionMessages.invitationNotFound };
  if (invitation.status === 'accepted')
    return { ok: false, code: 'CONFLICT', message: connectionMessages.alreadyAccepted };
  if (invitation.status === 'rejected')
    return { ok: false, code: 'CONFLICT', message: connectionMessages.alreadyRejected };
  if (invitation.invitedBy === actorRole)
    return { ok: false, code: 'FORBIDDEN', message: connectionMessages.onlyInvited };
  return { ok: true };
}

/**
 * Whether a provider is kept from knowing who the client is: while the provider's own invitation
 * waits for the client's answer, or was declined, the provider sees only the address they typed,
 * exactly as for an address without an account. The client's acceptance is their consent.
 */
export function clientHiddenFromProvider(row: { status: InvitationStatus; invitedBy: InviterRole }) {
  return row.invitedBy === 'provider' && (row.status === 'pending' || row.status === 'rejected');
}

/** Whether a connection gives the provider access (mirrors the server's access policy). */
export function connectionGivesAccess(row: { status: InvitationStatus; connectionStatus: ConnectionState }) {
  return row.status === 'accepted' && row.connectionStatus === 'active';
}

const page = z.coerce.number({ error: messages.validNumber }).int().min(1).max(100_000).default(1);
const limit = z.coerce
  .number({ error: messages.validNumber })
  .int()
  .min(1, messages.minValue(1))
  .max(100, messages.maxValue(100))
  .default(10);
const search = z.string().trim().max(100, messages.maxChars(100)).optional();
/** An id that may be missing or empty (the call is then ignored). */
const looseId = z
  .string({ error: messages.invalidFormat })
  .trim()
  .max(64, messages.maxChars(64))
  .nullish()
  .transform((v) => v ?? '');

export const addPatientSchema = z.object({
  email: emailField(),
  firstName: optionalName(),
  lastName: optionalName(),
});
export const addDoctorSchema = z.object({ email: emailField() });
export const inviteDoctorQuery = addDoctorSchema;

export const getPatientsSchema = z.object({
  data: z
    .object({
      page,
      limit,
      search,
      status: z
        .enum(['pending', 'accepted', 'rejected'], { error: messages.oneOf(decisionStatuses) })
        .optional(),
      connectionStatus: z.enum(connectionStates, { error: messages.oneOf(connectionStates) }).optional(),
    })
    .default({ page: 1, limit: 10 }),
});

export const docPatientQuery = z.object({
  userIds: z
    .string()
    .max(100 * 40)
    .default('')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
      ),
    ])
    .refine((ids) => ids.length <= 100, messages.maxValue(100)),
});

export const statusUpdateSchema = z.object({
  id: looseId,
  newStatus: z
    .union([z.literal(''), z.enum(decisionStatuses)], { error: messages.oneOf(decisionStatuses) })
    .nullish()
    .transform((v) => v ?? ''),
});
export const deleteInvitationSchema = z.object({ id: looseId });

export const markInactiveSchema = z.object({
  reason: plainText('Reason', [1, inactiveReasonMax]),
  notes: optionalPlainText(lengths.description),
});
export const disconnectSchema = z
  .object({ reason: optionalPlainText([1, inactiveReasonMax]) })
  .nullish()
  .transform((v) => ({ reason: v?.reason }));
export const reactivationConsentSchema = z.object({ token: requiredText('Token', [1, 200]) });

export const inactiveClientsQuery = z.object({
  includeDisconnected: z
    .enum(['true', 'false'], { error: messages.oneOf(['true', 'false']) })
    .default('false')
    .transform((v) => v === 'true'),
  searchTerm: search,
  reasonFilter: search,
  statusFilter: z
    .enum(['all', 'inactive', 'disconnected'], { error: messages.oneOf(['all', 'inactive', 'disconnected']) })
    .default('all'),
  page,
  limit,
});

export const bulkUpdateSchema = z
  .object({
    clientIds: z
      .array(z.string().max(64), { error: messages.fieldRequired('Client ids') })
      .min(1, messages.fieldRequired('Client ids'))
      .max(100, messages.maxValue(100)),
    action: z.enum(bulkActions, { error: messages.oneOf(bulkActions) }),
    reason: optionalPlainText([1, inactiveReasonMax]),
  })
  .refine((v) => v.action !== 'mark-inactive' || !!v.reason, {
    path: ['reason'],
    error: messages.fieldRequired('Reason'),
  });

export const getDoctorsQuery = z.object({ search, page, limit });
export const accessHistoryQuery = z.object({ page, limit });

import type { ClientRowResponse, InactiveClientResponse, ProviderRowResponse } from '@mindledger/domain';
import type { connections, users } from '../../db/schema/index.js';

type ConnectionRow = typeof connections.$inferSelect;
export type Person = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'lastLoginAt'
>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function latest(...dates: (Date | null | undefined)[]): Date | null {
  let best: Date | null = null;
  for (const d of dates) if (d && (!best || d > best)) best = d;
  return best;
}

/** A client as their provider's lists show it (ClientRow of docs/API-connections.md). */
export function presentClient(c: ConnectionRow, u: Person): ClientRowResponse {
  return {
    _id: c.id,
    patientId: c.patientId,
    isDeleted: c.status === 'deleted',
    invitationStatus: c.status,
    connectionStatus: c.connectionStatus,
    accessLevel: c.accessLevel,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    sentOn: c.createdAt.toISOString(),
    getInvited: c.invitedBy === 'provider' ? 'sendInvitation' : 'recieveInvitation',
    lastActivity: iso(latest(u.lastLoginAt, c.lastActivityAt, c.updatedAt)),
    inactiveReason: c.inactiveReason,
  };
}
export type ClientRow = ClientRowResponse;

/** A provider as their client's lists show them (ProviderRow of docs/API-connections.md). */
export function presentProvider(c: ConnectionRow, u: Person): ProviderRowResponse {
  return {
    _id: c.id,
    invitationId: c.id,
    patientInvitationId: c.id,
    doctorName: `${u.firstName} ${u.lastName}`.trim(),
    doctorEmail: { email: u.email },
    customerId: c.providerId,
    invitationStatus: c.status,
    connectionStatus: c.connectionStatus,
    getInvited: c.invitedBy === 'provider' ? 'recieveInvitation' : 'sendInvitation',
    sentOn: c.createdAt.toISOString(),
  };
}

/** An inactive or disconnected client (InactiveClient). */
export function presentInactive(c: ConnectionRow, u: Person): InactiveClientResponse {
  return {
    id: c.patientId,
    connectionId: c.id,
    displayName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    connectionStatus: c.connectionStatus,
    accessLevel: c.accessLevel,
    reason: c.inactiveReason,
    since: (c.statusChangedAt ?? c.updatedAt).toISOString(),
  };
}

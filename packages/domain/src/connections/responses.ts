import type { AccessLevel, ConnectionState, InvitationStatus } from './schemas.js';

/** Who sent an invitation, as each side's lists name it (the spec's spelling). */
export type InvitedDirection = 'sendInvitation' | 'recieveInvitation';

/** A client as their provider's lists show it (ClientRow of docs/API-connections.md). */
export interface ClientRowResponse {
  _id: string;
  patientId: string;
  isDeleted: boolean;
  invitationStatus: InvitationStatus;
  connectionStatus: ConnectionState;
  accessLevel: AccessLevel;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  sentOn: string;
  getInvited: InvitedDirection;
  lastActivity: string | null;
  inactiveReason: string | null;
}

/** A provider as their client's lists show them (ProviderRow of docs/API-connections.md). */
export interface ProviderRowResponse {
  _id: string;
  invitationId: string;
  patientInvitationId: string;
  doctorName: string;
  doctorEmail: { email: string };
  customerId: string;
  invitationStatus: InvitationStatus;
  connectionStatus: ConnectionState;
  getInvited: InvitedDirection;
  sentOn: string;
}

/** An inactive or disconnected client (InactiveClient of docs/API-connections.md). */
export interface InactiveClientResponse {
  id: string;
  connectionId: string;
  displayName: string;
  email: string;
  connectionStatus: ConnectionState;
  accessLevel: AccessLevel;
  reason: string | null;
  since: string;
}

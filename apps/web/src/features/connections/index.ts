/** What other features use of connections: the status names and colours, and the types. */
export {
  capitalize,
  connectionStatusColor,
  connectionStatusLabel,
  invitationStatusColor,
  invitationStatusLabel,
  type ConnectionStatus,
  type InvitationStatus,
  type InvitedDirection,
} from './api';
export { ConnectionStatusBadge, InvitationStatusBadge } from './StatusBadges';
export { ProviderShareModal } from './ProviderShareModal';

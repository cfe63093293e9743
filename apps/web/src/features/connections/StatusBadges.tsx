import { Badge } from '@mantine/core';
import {
  connectionStatusColor,
  connectionStatusLabel,
  invitationStatusColor,
  invitationStatusLabel,
  type ConnectionStatus,
  type InvitationStatus,
} from './api';

/** An invitation's status as every list and page shows it: its label on its colour. */
export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge color={invitationStatusColor(status)} variant="light">
      {invitationStatusLabel(status)}
    </Badge>
  );
}

/** A connection's state (active, inactive, disconnected) as every list and page shows it. */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <Badge color={connectionStatusColor(status)} variant="light">
      {connectionStatusLabel(status)}
    </Badge>
  );
}

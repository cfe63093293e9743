import { Badge, Button, Group, Text } from '@mantine/core';
import { roleLabel } from '@mindledger/domain';
import type { User } from '../../api/types';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatDate, fullName } from '../../ui/format';
import { statusColors, statusLabels, statusOf } from './api';

interface UsersColumnsOptions {
  currentUserId: string;
  busyId: string | null;
  onApprove: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Users Management table columns: name, email, role, status, joined, actions. */
export function usersColumns({
  currentUserId,
  busyId,
  onApprove,
  onDelete,
}: UsersColumnsOptions): DataTableColumn<User>[] {
  return [
    { key: 'name', header: 'Name', cell: (user) => <Text fw={500}>{fullName(user)}</Text> },
    {
      key: 'email',
      header: 'Email',
      cell: (user) => (
        <Text fz="sm" style={{ wordBreak: 'break-all' }}>
          {user.email}
        </Text>
      ),
    },
    { key: 'role', header: 'Role', cell: (user) => roleLabel(user.userRole) },
    {
      key: 'status',
      header: 'Status',
      cell: (user) => {
        const status = statusOf(user);
        return (
          <Badge color={statusColors[status]} variant="light">
            {statusLabels[status]}
          </Badge>
        );
      },
    },
    { key: 'joined', header: 'Joined', cell: (user) => formatDate(user.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (user) => {
        const busy = busyId === user.id;
        return (
          <Group gap="xs" wrap="nowrap">
            {statusOf(user) === 'pending_approval' && (
              <Button size="xs" onClick={() => onApprove(user)} loading={busy}>
                Approve
              </Button>
            )}
            {user.id !== currentUserId && (
              <Button size="xs" color="red" variant="light" onClick={() => onDelete(user)} disabled={busy}>
                Delete
              </Button>
            )}
          </Group>
        );
      },
    },
  ];
}

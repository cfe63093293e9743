import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { roleLabel } from '@mindledger/domain';
import type { User } from '../../api/types';
import { formatDate, fullName } from '../../ui/format';
import { statusColors, statusLabels, statusOf } from './api';

interface UsersTableProps {
  users: User[];
  currentUserId: string;
  busyId: string | null;
  onApprove: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Users Management table: name, email, role, status, joined, actions. */
export function UsersTable({ users, currentUserId, busyId, onApprove, onDelete }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const status = statusOf(user);
            const busy = busyId === user.id;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text fw={500}>{fullName(user)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>{roleLabel(user.userRole)}</Table.Td>
                <Table.Td>
                  <Badge color={statusColors[status]} variant="light">
                    {statusLabels[status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {status === 'pending_approval' && (
                      <Button size="xs" onClick={() => onApprove(user)} loading={busy}>
                        Approve
                      </Button>
                    )}
                    {user.id !== currentUserId && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => onDelete(user)}
                        disabled={busy}
                      >
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

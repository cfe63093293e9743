import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import {
  clientName,
  providerClientsApi,
  providerClientsKeys,
  type ClientRow,
  type SentInvitation,
} from './api';

const pendingParams = { page: 1, limit: 100, status: 'pending' } as const;

/**
 * Pending invitations: from clients (Accept/Reject), and those the provider sent (Cancel). A sent
 * invitation shows only the address typed until the client accepts, whether or not it has an
 * account: the server lists both alike, so this screen never learns who is behind an address.
 */
export function PendingInvitations() {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const pending = useQuery({
    queryKey: providerClientsKeys.pending,
    queryFn: ({ signal }) => providerClientsApi.list(pendingParams, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: providerClientsKeys.all });

  const answer = useMutation({
    mutationFn: ({ row, status }: { row: ClientRow; status: 'accepted' | 'rejected' }) =>
      providerClientsApi.updateStatus(row._id, status),
    onMutate: ({ row }) => setBusyId(row._id),
    onSuccess: (response, { status }) => {
      toast.success(response.message ?? `Client status updated to ${status}`);
      void refresh();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void refresh();
    },
    onSettled: () => setBusyId(null),
  });
  const cancel = useMutation({
    mutationFn: (invite: SentInvitation) => providerClientsApi.cancelInvitation(invite.id),
    onMutate: (invite) => setBusyId(invite.id),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Invitation cancelled.');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to cancel the invitation.')),
    onSettled: () => setBusyId(null),
  });

  const confirmCancel = (invite: SentInvitation) =>
    void openConfirm({
      title: 'Cancel invitation',
      children: <Text>Cancel the invitation to {invite.email}? You can invite them again later.</Text>,
      labels: { confirm: 'Cancel invitation', cancel: 'Keep invitation' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(invite),
    });

  const fromClientRow = (row: ClientRow) => {
    const name = clientName(row);
    const busy = busyId === row._id;
    return (
      <Table.Tr key={row._id}>
        <Table.Td>
          <Text fw={500}>{name}</Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge color="yellow" variant="light">
            Client invited you
          </Badge>
        </Table.Td>
        <Table.Td>{formatDate(row.sentOn)}</Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              color="green"
              aria-label={`Accept ${name}`}
              loading={busy}
              onClick={() => answer.mutate({ row, status: 'accepted' })}
            >
              Accept
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={`Reject ${name}`}
              disabled={busy}
              onClick={() => answer.mutate({ row, status: 'rejected' })}
            >
              Reject
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  };

  const sentRow = (invite: SentInvitation) => (
    <Table.Tr key={invite.id}>
      <Table.Td>
        <Text fw={500} style={{ wordBreak: 'break-all' }}>
          {invite.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color="gray" variant="light">
          You invited
        </Badge>
      </Table.Td>
      <Table.Td>{formatDate(invite.sentOn)}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          aria-label={`Cancel invitation to ${invite.email}`}
          loading={busyId === invite.id}
          onClick={() => confirmCancel(invite)}
        >
          Cancel invitation
        </Button>
      </Table.Td>
    </Table.Tr>
  );

  const body = () => {
    if (pending.isPending) return <LoadingState label="Loading invitations..." />;
    if (pending.isError)
      return (
        <ErrorState
          title="Unable to load invitations"
          message={errorMessage(pending.error)}
          onRetry={() => void pending.refetch()}
        />
      );
    // Only clients' own invitations carry a name; the server lists the provider's by address.
    const rows = pending.data.patients.filter((row) => row.getInvited === 'recieveInvitation');
    const sent = pending.data.pendingEmailInvitations ?? [];
    if (rows.length === 0 && sent.length === 0) return <EmptyState title="No pending invitations" />;
    return (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label="Pending invitations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Client</Table.Th>
              <Table.Th scope="col">Invitation</Table.Th>
              <Table.Th scope="col">Sent</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(fromClientRow)}
            {sent.map(sentRow)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="pending-title">
          Pending invitations
        </Title>
        <Text c="dimmed" fz="sm">
          A client you invite appears here by the address you typed, and in your clients once they accept.
        </Text>
        <div aria-busy={pending.isFetching} aria-live="polite">
          {body()}
        </div>
      </Stack>
    </Card>
  );
}

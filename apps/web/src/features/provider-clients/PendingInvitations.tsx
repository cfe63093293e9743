import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { clientName, providerClientsApi, providerClientsKeys, type ClientRow } from './api';

const pendingParams = { page: 1, limit: 100, status: 'pending' } as const;

/** Pending invitations: from clients (Accept/Reject) and by the provider (Cancel), plus email invitations. */
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
    mutationFn: (row: ClientRow) => providerClientsApi.cancelInvitation(row._id),
    onMutate: (row) => setBusyId(row._id),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Invitation cancelled.');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to cancel the invitation.')),
    onSettled: () => setBusyId(null),
  });

  const confirmCancel = (row: ClientRow) =>
    void openConfirm({
      title: 'Cancel invitation',
      children: <Text>Cancel the invitation to {clientName(row)}? You can invite them again later.</Text>,
      labels: { confirm: 'Cancel invitation', cancel: 'Keep invitation' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(row),
    });

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
    const rows = pending.data.patients;
    const emails = pending.data.pendingEmailInvitations ?? [];
    if (rows.length === 0 && emails.length === 0) return <EmptyState title="No pending invitations" />;
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
            {rows.map((row) => {
              const name = clientName(row);
              const fromClient = row.getInvited === 'recieveInvitation';
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
                      {fromClient ? 'Client invited you' : 'You invited'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(row.sentOn)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {fromClient ? (
                        <>
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
                        </>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Cancel invitation to ${name}`}
                          loading={busy}
                          onClick={() => confirmCancel(row)}
                        >
                          Cancel invitation
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {emails.map((invite) => (
              <Table.Tr key={`email-${invite.email}`}>
                <Table.Td>
                  <Text fw={500} style={{ wordBreak: 'break-all' }}>
                    {invite.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color="gray" variant="light">
                    Waiting for sign-up
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(invite.sentOn)}</Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed">
                    Becomes a pending invitation when they register
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
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
        <div aria-busy={pending.isFetching} aria-live="polite">
          {body()}
        </div>
      </Stack>
    </Card>
  );
}

import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import {
  clientName,
  providerClientsApi,
  providerClientsKeys,
  type ClientRow,
  type SentInvitation,
} from './api';

const pendingParams = { page: 1, limit: 100, status: 'pending' } as const;

/** A client's invitation to the provider (by name), or one the provider sent (by address). */
type PendingRow = { kind: 'client'; row: ClientRow } | { kind: 'sent'; invite: SentInvitation };

/**
 * Pending invitations: from clients (Accept/Reject), and those the provider sent (Cancel). A sent
 * invitation shows only the address typed until the client accepts, whether or not it has an
 * account: the server lists both alike, so this screen never learns who is behind an address.
 */
export function PendingInvitations() {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const pending = usePagedQuery({
    limit: pendingParams.limit,
    params: () => pendingParams,
    queryKey: () => providerClientsKeys.pending,
    queryFn: providerClientsApi.list,
    // Only clients' own invitations carry a name; the server lists the provider's by address.
    rows: (data): PendingRow[] => [
      ...data.patients
        .filter((row) => row.getInvited === 'recieveInvitation')
        .map((row) => ({ kind: 'client' as const, row })),
      ...(data.pendingEmailInvitations ?? []).map((invite) => ({ kind: 'sent' as const, invite })),
    ],
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

  const clientActions = (row: ClientRow) => {
    const name = clientName(row);
    const busy = busyId === row._id;
    return (
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
    );
  };

  const columns: DataTableColumn<PendingRow>[] = [
    {
      key: 'client',
      header: 'Client',
      cell: (item) =>
        item.kind === 'client' ? (
          <>
            <Text fw={500}>{clientName(item.row)}</Text>
            <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {item.row.email}
            </Text>
          </>
        ) : (
          <Text fw={500} style={{ wordBreak: 'break-all' }}>
            {item.invite.email}
          </Text>
        ),
    },
    {
      key: 'invitation',
      header: 'Invitation',
      cell: (item) =>
        item.kind === 'client' ? (
          <Badge color="yellow" variant="light">
            Client invited you
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            You invited
          </Badge>
        ),
    },
    {
      key: 'sent',
      header: 'Sent',
      cell: (item) => formatDate(item.kind === 'client' ? item.row.sentOn : item.invite.sentOn),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (item) =>
        item.kind === 'client' ? (
          clientActions(item.row)
        ) : (
          <Button
            size="xs"
            variant="default"
            aria-label={`Cancel invitation to ${item.invite.email}`}
            loading={busyId === item.invite.id}
            onClick={() => confirmCancel(item.invite)}
          >
            Cancel invitation
          </Button>
        ),
    },
  ];

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="pending-title">
          Pending invitations
        </Title>
        <Text c="dimmed" fz="sm">
          A client you invite appears here by the address you typed, and in your clients once they accept.
        </Text>
        <DataTable
          label="Pending invitations"
          source={pending}
          rows={pending.rows}
          rowKey={(item) => (item.kind === 'client' ? item.row._id : item.invite.id)}
          columns={columns}
          minWidth={560}
          loadingLabel="Loading invitations..."
          errorTitle="Unable to load invitations"
          empty={<EmptyState title="No pending invitations" />}
        />
      </Stack>
    </Card>
  );
}

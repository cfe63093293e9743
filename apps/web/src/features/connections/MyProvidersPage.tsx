import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import {
  connectionsApi,
  connectionsKeys,
  lockedMessages,
  type ProviderRow,
  type ProvidersParams,
} from './api';
import { InvitationStatusBadge } from './StatusBadges';
import { InviteProviderForm } from './InviteProviderForm';

export const providerPageSizes = [5, 10, 25] as const;

/** /user/providers: the client's provider list (Part 1 §2 Provider list, §4 Invitation status). */
export function MyProvidersPage() {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const providers = usePagedQuery({
    limit: 10,
    params: ({ page, limit, search }): ProvidersParams => ({ search: search || undefined, page, limit }),
    queryKey: connectionsKeys.doctors,
    queryFn: connectionsApi.providers,
    rows: (data) => data.doctors,
    total: (data) => data.total,
    pages: (data) => data.pages,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: connectionsKeys.all });

  const updateStatus = useMutation({
    mutationFn: ({ row, status }: { row: ProviderRow; status: 'accepted' | 'rejected' }) =>
      connectionsApi.updateStatus(row._id, status),
    onMutate: ({ row }) => setBusyId(row._id),
    onSuccess: (response, { status }) => {
      toast.success(response.message ?? `Provider status updated to ${status}`);
      void refresh();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void refresh();
    },
    onSettled: () => setBusyId(null),
  });

  const remove = useMutation({
    mutationFn: (row: ProviderRow) => connectionsApi.remove(row._id),
    onMutate: (row) => setBusyId(row._id),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Provider deleted successfully.');
      void refresh();
    },
    onError: (_error, row) =>
      toast.error(
        row.invitationStatus === 'accepted' ? 'Failed to delete Provider.' : 'Failed to delete Invitation.',
      ),
    onSettled: () => setBusyId(null),
  });

  const confirmRemove = (row: ProviderRow) =>
    void openConfirm({
      title: 'Disconnect Confirmation',
      children: (
        <Stack gap={4}>
          <Text>Are you sure you want to Remove this Provider?</Text>
          <Text fz="sm" c="dimmed">
            {row.doctorName} will no longer see anything you share.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Confirm Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(row),
    });

  const choose = (row: ProviderRow, status: 'accepted' | 'rejected') => {
    if (row.invitationStatus === 'accepted') return toast.info(lockedMessages.accepted);
    if (row.invitationStatus === 'rejected') return toast.info(lockedMessages.rejected);
    updateStatus.mutate({ row, status });
  };

  const offset = providers.data ? (providers.data.page - 1) * providers.data.limit : 0;
  const columns: DataTableColumn<ProviderRow>[] = [
    { key: 'number', header: '#', cell: (_row, index) => offset + index + 1 },
    {
      key: 'name',
      header: 'Provider Name',
      cell: (row) => (
        <>
          <Text fw={500}>{row.doctorName}</Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.doctorEmail?.email}
          </Text>
        </>
      ),
    },
    {
      key: 'id',
      header: 'Provider ID',
      cell: (row) => (
        <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {row.customerId}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <InvitationStatusBadge status={row.invitationStatus} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <ProviderActions row={row} busy={busyId === row._id} onChoose={choose} onRemove={confirmRemove} />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title="My Providers" description="The therapists you share your journal with." />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label="Search providers"
            placeholder="Search By Name"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={providers.search}
            onChange={(event) => providers.setSearch(event.currentTarget.value)}
            maw={360}
          />
          <DataTable
            label="My providers"
            source={providers}
            rows={providers.rows}
            rowKey={(row) => row._id}
            columns={columns}
            minWidth={720}
            striped
            highlightOnHover
            loadingLabel="Loading providers..."
            errorTitle="Unable to load your providers"
            empty={
              providers.debouncedSearch ? (
                <EmptyState title="No providers match your search">Try another name.</EmptyState>
              ) : (
                <EmptyState title="No providers yet">
                  Invite your therapist with their email below to share your journal with them.
                </EmptyState>
              )
            }
            pager={{ ...providers.pager, pageSizes: providerPageSizes, noun: ['provider', 'providers'] }}
          />
        </Stack>
      </Card>
      <InviteProviderForm />
    </Stack>
  );
}

interface ActionsProps {
  row: ProviderRow;
  busy: boolean;
  onChoose: (row: ProviderRow, status: 'accepted' | 'rejected') => void;
  onRemove: (row: ProviderRow) => void;
}

function ProviderActions({ row, busy, onChoose, onRemove }: ActionsProps) {
  const invitedMe = row.getInvited === 'recieveInvitation';
  const locked = row.invitationStatus === 'accepted' || row.invitationStatus === 'rejected';
  // Locked buttons look disabled but stay focusable and clickable, so they can say why (Part 1 §4).
  const lockProps = locked ? { 'data-disabled': true, 'aria-disabled': true } : {};
  return (
    <Group gap="xs" wrap="nowrap">
      {invitedMe && (
        <>
          <Button
            size="xs"
            variant="light"
            color="green"
            aria-label={`Accept ${row.doctorName}`}
            loading={busy && !locked}
            onClick={() => onChoose(row, 'accepted')}
            {...lockProps}
          >
            Accept
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Reject ${row.doctorName}`}
            onClick={() => onChoose(row, 'rejected')}
            disabled={busy && !locked}
            {...lockProps}
          >
            Reject
          </Button>
        </>
      )}
      <Button
        size="xs"
        variant="default"
        aria-label={`Remove ${row.doctorName}`}
        onClick={() => onRemove(row)}
        disabled={busy}
      >
        Remove
      </Button>
    </Group>
  );
}

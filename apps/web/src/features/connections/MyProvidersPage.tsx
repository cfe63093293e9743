import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { TablePager } from '../../ui/TablePager';
import { toast } from '../../ui/toast';
import {
  connectionsApi,
  connectionsKeys,
  invitationStatusColor,
  invitationStatusLabel,
  lockedMessages,
  type ProviderRow,
  type ProvidersParams,
} from './api';
import { InviteProviderForm } from './InviteProviderForm';

export const providerPageSizes = [5, 10, 25] as const;
const searchDebounceMs = 300;

/** /user/providers: the client's provider list (Part 1 §2 Provider list, §4 Invitation status). */
export function MyProvidersPage() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), searchDebounceMs);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(10);
  const [busyId, setBusyId] = useState<string | null>(null);

  const params: ProvidersParams = { search: search || undefined, page, limit };
  const providers = useQuery({
    queryKey: connectionsKeys.doctors(params),
    queryFn: ({ signal }) => connectionsApi.providers(params, signal),
    placeholderData: keepPreviousData,
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

  const table = () => {
    if (providers.isPending) return <LoadingState label="Loading providers..." />;
    if (providers.isError) {
      return (
        <ErrorState
          title="Unable to load your providers"
          message={errorMessage(providers.error)}
          onRetry={() => void providers.refetch()}
        />
      );
    }
    if (providers.data.doctors.length === 0) {
      return search ? (
        <EmptyState title="No providers match your search">Try another name.</EmptyState>
      ) : (
        <EmptyState title="No providers yet">
          Invite your therapist with their email below to share your journal with them.
        </EmptyState>
      );
    }
    const offset = (providers.data.page - 1) * providers.data.limit;
    return (
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="My providers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">Provider Name</Table.Th>
              <Table.Th scope="col">Provider ID</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.data.doctors.map((row, index) => (
              <ProviderTableRow
                key={row._id}
                row={row}
                number={offset + index + 1}
                busy={busyId === row._id}
                onChoose={choose}
                onRemove={confirmRemove}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  const total = providers.data?.total ?? 0;
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
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          <div aria-busy={providers.isFetching} aria-live="polite">
            {table()}
          </div>
          <TablePager
            page={page}
            pages={providers.data?.pages ?? 1}
            total={total}
            limit={limit}
            pageSizes={providerPageSizes}
            noun={['provider', 'providers']}
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        </Stack>
      </Card>
      <InviteProviderForm />
    </Stack>
  );
}

interface RowProps {
  row: ProviderRow;
  number: number;
  busy: boolean;
  onChoose: (row: ProviderRow, status: 'accepted' | 'rejected') => void;
  onRemove: (row: ProviderRow) => void;
}

function ProviderTableRow({ row, number, busy, onChoose, onRemove }: RowProps) {
  const invitedMe = row.getInvited === 'recieveInvitation';
  const locked = row.invitationStatus === 'accepted' || row.invitationStatus === 'rejected';
  // Locked buttons look disabled but stay focusable and clickable, so they can say why (Part 1 §4).
  const lockProps = locked ? { 'data-disabled': true, 'aria-disabled': true } : {};
  return (
    <Table.Tr>
      <Table.Td>{number}</Table.Td>
      <Table.Td>
        <Text fw={500}>{row.doctorName}</Text>
        <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {row.doctorEmail?.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {row.customerId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={invitationStatusColor(row.invitationStatus)} variant="light">
          {invitationStatusLabel(row.invitationStatus)}
        </Badge>
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
    </Table.Tr>
  );
}

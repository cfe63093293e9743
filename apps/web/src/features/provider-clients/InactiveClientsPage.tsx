import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { pageCount, TablePager } from '../../ui/TablePager';
import { toast } from '../../ui/toast';
import { connectionStatusColor, connectionStatusLabel } from '../connections';
import {
  providerClientsApi,
  providerClientsKeys,
  type BulkAction,
  type BulkResponse,
  type BulkResult,
  type InactiveParams,
} from './api';
import { StatusHistoryModal } from './StatusHistoryModal';

const pageSizes = [10, 25, 50] as const;
const debounceMs = 300;

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'disconnected', label: 'Disconnected' },
];

/** The selection after a bulk update: cleared only when no item failed. */
export function selectionAfterBulk(selected: string[], response: BulkResponse): string[] {
  const failed = response.results.some((result) => !result.success);
  return failed || !response.success ? selected : [];
}

/** A bulk answer, whether it came back as 200 or as an error body carrying the per-item results. */
function bulkResponseOf(error: unknown): BulkResponse | null {
  if (error instanceof ApiError && Array.isArray(error.body.results))
    return { success: false, results: error.body.results as BulkResult[] };
  return null;
}

/** /provider/inactive-clients: inactive (and optionally disconnected) clients, history, bulk actions. */
export function InactiveClientsPage() {
  const queryClient = useQueryClient();
  const [includeDisconnected, setIncludeDisconnected] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [reasonText, setReasonText] = useState('');
  const [searchTerm] = useDebouncedValue(searchText.trim(), debounceMs);
  const [reasonFilter] = useDebouncedValue(reasonText.trim(), debounceMs);
  const [statusFilter, setStatusFilter] = useState<InactiveParams['statusFilter']>('all');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(pageSizes[0]);
  const [selected, setSelected] = useState<string[]>([]);
  const [failures, setFailures] = useState<(BulkResult & { name: string })[]>([]);
  const [historyOf, setHistoryOf] = useState<{ id: string; name: string } | null>(null);

  const params: InactiveParams = {
    includeDisconnected,
    searchTerm: searchTerm || undefined,
    reasonFilter: reasonFilter || undefined,
    statusFilter,
    page,
    limit,
  };
  const clients = useQuery({
    queryKey: providerClientsKeys.inactive(params),
    queryFn: ({ signal }) => providerClientsApi.inactive(params, signal),
    placeholderData: keepPreviousData,
  });
  const rows = clients.data?.clients ?? [];
  const nameOf = (id: string) => rows.find((row) => row.id === id)?.displayName ?? id;

  const bulk = useMutation({
    mutationFn: async ({ ids, action }: { ids: string[]; action: BulkAction }) => {
      try {
        return await providerClientsApi.bulkUpdate(ids, action);
      } catch (error) {
        const partial = bulkResponseOf(error);
        if (partial) return partial;
        throw error;
      }
    },
    onSuccess: (response, { ids }) => {
      const failed = response.results.filter((result) => !result.success);
      setFailures(failed.map((result) => ({ ...result, name: nameOf(result.clientId) })));
      setSelected(selectionAfterBulk(ids, response));
      const done = response.results.length - failed.length;
      if (failed.length === 0) toast.success(`Updated ${done} ${done === 1 ? 'client' : 'clients'}.`);
      else toast.warning(`${done} updated, ${failed.length} failed. See the list below the table.`);
      void queryClient.invalidateQueries({ queryKey: providerClientsKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const changeFilters = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected([]);
  };

  const runBulk = (action: BulkAction) => {
    const ids = selected;
    if (ids.length === 0) return;
    if (action === 'disconnect') {
      void openConfirm({
        title: 'Disconnect clients',
        children: (
          <Text>
            Disconnect {ids.length} {ids.length === 1 ? 'client' : 'clients'}? This ends your access to their
            information for good; a new invitation is needed to work together again.
          </Text>
        ),
        labels: { confirm: 'Disconnect', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => bulk.mutate({ ids, action }),
      });
      return;
    }
    bulk.mutate({ ids, action });
  };

  const pageIds = rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someOnPage = pageIds.some((id) => selected.includes(id));
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const toggleAll = () =>
    setSelected((current) =>
      allOnPage ? current.filter((id) => !pageIds.includes(id)) : [...new Set([...current, ...pageIds])],
    );

  const table = () => {
    if (clients.isPending) return <LoadingState label="Loading inactive clients..." />;
    if (clients.isError)
      return (
        <ErrorState
          title="Unable to load inactive clients"
          message={errorMessage(clients.error)}
          onRetry={() => void clients.refetch()}
        />
      );
    if (rows.length === 0)
      return (
        <EmptyState title="No inactive clients">
          Clients you mark inactive{includeDisconnected ? ' or disconnect' : ''} appear here.
        </EmptyState>
      );
    return (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="sm" aria-label="Inactive clients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label="Select all clients on this page"
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={toggleAll}
                />
              </Table.Th>
              <Table.Th scope="col">Client</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
              <Table.Th scope="col">Since</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${row.displayName}`}
                    checked={selected.includes(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text fw={500}>{row.displayName}</Text>
                  <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {row.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={connectionStatusColor(row.connectionStatus)} variant="light">
                    {connectionStatusLabel(row.connectionStatus)}
                  </Badge>
                </Table.Td>
                <Table.Td maw={280}>
                  <Text fz="sm" style={{ wordBreak: 'break-word' }}>
                    {row.reason || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(row.since)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Status history of ${row.displayName}`}
                      onClick={() => setHistoryOf({ id: row.id, name: row.displayName })}
                    >
                      History
                    </Button>
                    <Anchor
                      component={Link}
                      to={`/provider/patient-overview/${encodeURIComponent(row.id)}`}
                      fz="sm"
                      aria-label={`Open ${row.displayName}`}
                    >
                      Open
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  const total = clients.data?.total ?? 0;
  return (
    <Stack gap="lg">
      <PageTitle
        title="Inactive Clients"
        description="Clients whose access is paused or ended. Reactivation needs the client's consent."
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search clients"
              placeholder="Name or email"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={searchText}
              onChange={(event) => {
                const value = event.currentTarget.value;
                changeFilters(() => setSearchText(value));
              }}
              style={{ flex: '1 1 200px' }}
            />
            <TextInput
              label="Reason contains"
              value={reasonText}
              onChange={(event) => {
                const value = event.currentTarget.value;
                changeFilters(() => setReasonText(value));
              }}
              style={{ flex: '1 1 180px' }}
            />
            <NativeSelect
              label="Status"
              data={statusOptions}
              value={statusFilter}
              onChange={(event) => {
                const value = event.currentTarget.value as InactiveParams['statusFilter'];
                changeFilters(() => {
                  setStatusFilter(value);
                  // Disconnected clients are only listed when they are included.
                  if (value === 'disconnected') setIncludeDisconnected(true);
                });
              }}
              style={{ flex: '0 1 170px' }}
            />
            <Switch
              label="Include disconnected"
              checked={includeDisconnected}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                changeFilters(() => {
                  setIncludeDisconnected(checked);
                  if (!checked && statusFilter === 'disconnected') setStatusFilter('all');
                });
              }}
              pb={8}
            />
          </Group>
          <Group
            gap="sm"
            role="group"
            aria-label="Bulk actions"
            p="xs"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            <Text fz="sm" fw={500} aria-live="polite">
              {selected.length} selected
            </Text>
            <Button
              size="xs"
              disabled={selected.length === 0}
              loading={bulk.isPending && bulk.variables?.action === 'reactivate'}
              onClick={() => runBulk('reactivate')}
            >
              Request reactivation
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={selected.length === 0}
              loading={bulk.isPending && bulk.variables?.action === 'disconnect'}
              onClick={() => runBulk('disconnect')}
            >
              Disconnect
            </Button>
            {selected.length > 0 && (
              <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                Clear selection
              </Button>
            )}
          </Group>
          {failures.length > 0 && (
            <Alert
              color="red"
              variant="light"
              title="Some clients were not updated"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setFailures([])}
            >
              <List size="sm" spacing={2} aria-label="Failed updates">
                {failures.map((failure) => (
                  <List.Item key={failure.clientId}>
                    {failure.name}: {failure.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <div aria-busy={clients.isFetching} aria-live="polite">
            {table()}
          </div>
          <TablePager
            page={page}
            pages={pageCount(total, limit)}
            total={total}
            limit={limit}
            pageSizes={pageSizes}
            noun={['client', 'clients']}
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        </Stack>
      </Card>
      <StatusHistoryModal client={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}

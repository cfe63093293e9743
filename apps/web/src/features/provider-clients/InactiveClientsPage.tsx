import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import { ConnectionStatusBadge } from '../connections';
import {
  providerClientsApi,
  providerClientsKeys,
  type BulkAction,
  type BulkResponse,
  type BulkResult,
  type InactiveClient,
  type InactiveParams,
} from './api';
import { StatusHistoryModal } from './StatusHistoryModal';

const pageSizes = [10, 25, 50] as const;
const debounceMs = 300;

type InactiveFilters = Pick<InactiveParams, 'includeDisconnected' | 'statusFilter'>;

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
  const [reasonText, setReasonText] = useState('');
  const [reasonFilter] = useDebouncedValue(reasonText.trim(), debounceMs);
  const [selected, setSelected] = useState<string[]>([]);
  const [failures, setFailures] = useState<(BulkResult & { name: string })[]>([]);
  const [historyOf, setHistoryOf] = useState<{ id: string; name: string } | null>(null);

  const clients = usePagedQuery({
    limit: pageSizes[0],
    filters: { includeDisconnected: false, statusFilter: 'all' } as InactiveFilters,
    params: ({ page, limit, search, filters }): InactiveParams => ({
      ...filters,
      searchTerm: search || undefined,
      reasonFilter: reasonFilter || undefined,
      page,
      limit,
    }),
    queryKey: providerClientsKeys.inactive,
    queryFn: providerClientsApi.inactive,
    rows: (data) => data.clients,
    total: (data) => data.total,
    debounceMs,
  });
  const { includeDisconnected, statusFilter } = clients.filters;
  const rows = clients.rows;
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

  /** A new search or filter goes back to page 1 (the paged query does so) and clears the selection. */
  const changeFilters = (apply: () => void) => {
    apply();
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

  const columns: DataTableColumn<InactiveClient>[] = [
    {
      key: 'client',
      header: 'Client',
      cell: (row) => (
        <>
          <Text fw={500}>{row.displayName}</Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <ConnectionStatusBadge status={row.connectionStatus} />,
    },
    {
      key: 'reason',
      header: 'Reason',
      maxWidth: 280,
      cell: (row) => (
        <Text fz="sm" style={{ wordBreak: 'break-word' }}>
          {row.reason || '—'}
        </Text>
      ),
    },
    { key: 'since', header: 'Since', cell: (row) => formatDate(row.since) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
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
      ),
    },
  ];

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
              value={clients.search}
              onChange={(event) => {
                const value = event.currentTarget.value;
                changeFilters(() => clients.setSearch(value));
              }}
              style={{ flex: '1 1 200px' }}
            />
            <TextInput
              label="Reason contains"
              value={reasonText}
              onChange={(event) => {
                const value = event.currentTarget.value;
                changeFilters(() => {
                  setReasonText(value);
                  clients.setPage(1);
                });
              }}
              style={{ flex: '1 1 180px' }}
            />
            <NativeSelect
              label="Status"
              data={statusOptions}
              value={statusFilter}
              onChange={(event) => {
                const value = event.currentTarget.value as InactiveParams['statusFilter'];
                changeFilters(() =>
                  clients.setFilters((current) => ({
                    statusFilter: value,
                    // Disconnected clients are only listed when they are included.
                    includeDisconnected: value === 'disconnected' || current.includeDisconnected,
                  })),
                );
              }}
              style={{ flex: '0 1 170px' }}
            />
            <Switch
              label="Include disconnected"
              checked={includeDisconnected}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                changeFilters(() =>
                  clients.setFilters((current) => ({
                    includeDisconnected: checked,
                    statusFilter:
                      !checked && current.statusFilter === 'disconnected' ? 'all' : current.statusFilter,
                  })),
                );
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
          <DataTable
            label="Inactive clients"
            source={clients}
            rows={rows}
            rowKey={(row) => row.id}
            columns={columns}
            minWidth={760}
            striped
            loadingLabel="Loading inactive clients..."
            errorTitle="Unable to load inactive clients"
            empty={
              <EmptyState title="No inactive clients">
                Clients you mark inactive{includeDisconnected ? ' or disconnect' : ''} appear here.
              </EmptyState>
            }
            selection={{
              selected,
              onChange: setSelected,
              allLabel: 'Select all clients on this page',
              rowLabel: (row) => `Select ${row.displayName}`,
            }}
            pager={{ ...clients.pager, pageSizes, noun: ['client', 'clients'] }}
          />
        </Stack>
      </Card>
      <StatusHistoryModal client={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}

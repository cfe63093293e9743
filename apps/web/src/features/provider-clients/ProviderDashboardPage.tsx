import { Anchor, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { usePagedQuery } from '../../ui/usePagedQuery';
import { useCurrentUser } from '../auth';
import { ConnectionStatusBadge, InvitationStatusBadge, type ConnectionStatus } from '../connections';
import {
  clientName,
  providerClientsApi,
  providerClientsKeys,
  type ClientRow,
  type ClientsParams,
} from './api';
import { InviteClientForm } from './InviteClientForm';
import { SessionNotesCard } from './notes/SessionNotesCard';
import { PendingInvitations } from './PendingInvitations';

const pageSizes = [10, 25, 50] as const;

const statusOptions = [
  { value: '', label: 'All invitations' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];
const connectionOptions = [
  { value: '', label: 'All connections' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'disconnected', label: 'Disconnected' },
];

interface DashboardFilters {
  status: ClientsParams['status'] | '';
  connection: ConnectionStatus | '';
}

/** /provider/dashboard: the provider's clients, pending invitations and the invite form. */
export function ProviderDashboardPage() {
  const user = useCurrentUser();
  const clients = usePagedQuery({
    limit: pageSizes[0],
    filters: { status: '', connection: '' } as DashboardFilters,
    params: ({ page, limit, search, filters }): ClientsParams => ({
      page,
      limit,
      search: search || undefined,
      status: filters.status || undefined,
      connectionStatus: filters.connection || undefined,
    }),
    queryKey: providerClientsKeys.list,
    queryFn: providerClientsApi.list,
    rows: (data) => data.patients,
    total: (data) => data.total,
    pages: (data) => data.pages,
  });
  const { status, connection } = clients.filters;
  const filtered = Boolean(clients.debouncedSearch || status || connection);

  const columns: DataTableColumn<ClientRow>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <>
          <Text fw={500}>{clientName(row)}</Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.email}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <InvitationStatusBadge status={row.invitationStatus} />,
    },
    {
      key: 'connection',
      header: 'Connection',
      // a connection exists once the invitation is accepted: before that there is none to show
      cell: (row) =>
        row.invitationStatus === 'accepted' ? (
          <ConnectionStatusBadge status={row.connectionStatus} />
        ) : (
          <Text fz="sm" c="dimmed">
            {row.invitationStatus === 'pending' ? 'Not connected yet' : 'Not connected'}
          </Text>
        ),
    },
    { key: 'activity', header: 'Last activity', cell: (row) => formatDate(row.lastActivity) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) =>
        row.invitationStatus === 'accepted' ? (
          <Anchor
            component={Link}
            to={`/provider/patient-overview/${encodeURIComponent(row.patientId)}`}
            aria-label={`Open ${clientName(row)}`}
            fz="sm"
          >
            Open
          </Anchor>
        ) : (
          <Text fz="sm" c="dimmed">
            {row.invitationStatus === 'pending' ? 'Awaiting answer' : '—'}
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle
        title={user ? `Welcome, ${user.firstName}` : 'Welcome'}
        description="Your clients, their invitations and their connection status."
      />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="clients-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="clients-title">
            Clients
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search clients"
              placeholder="Name or email"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={clients.search}
              onChange={(event) => clients.setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              label="Invitation status"
              data={statusOptions}
              value={status}
              onChange={(event) => {
                const value = event.currentTarget.value as DashboardFilters['status'];
                clients.setFilters((current) => ({ ...current, status: value }));
              }}
              style={{ flex: '0 1 180px' }}
            />
            <NativeSelect
              label="Connection status"
              data={connectionOptions}
              value={connection}
              onChange={(event) => {
                const value = event.currentTarget.value as DashboardFilters['connection'];
                clients.setFilters((current) => ({ ...current, connection: value }));
              }}
              style={{ flex: '0 1 180px' }}
            />
          </Group>
          <DataTable
            label="Clients"
            source={clients}
            rows={clients.rows}
            rowKey={(row) => row._id}
            columns={columns}
            minWidth={720}
            striped
            highlightOnHover
            loadingLabel="Loading clients..."
            errorTitle="Unable to load your clients"
            empty={
              filtered ? (
                <EmptyState title="No clients match these filters">Try another search or filter.</EmptyState>
              ) : (
                <EmptyState title="No clients yet">
                  Invite a client below; they appear here once they accept.
                </EmptyState>
              )
            }
            pager={{ ...clients.pager, pageSizes, noun: ['client', 'clients'] }}
          />
        </Stack>
      </Card>
      <SessionNotesCard />
      <PendingInvitations />
      <InviteClientForm />
    </Stack>
  );
}

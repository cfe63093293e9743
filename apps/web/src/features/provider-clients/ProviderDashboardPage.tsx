import { useState } from 'react';
import {
  Anchor,
  Badge,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { TablePager } from '../../ui/TablePager';
import { useCurrentUser } from '../auth/auth-store';
import {
  connectionStatusColor,
  connectionStatusLabel,
  invitationStatusColor,
  invitationStatusLabel,
  type ConnectionStatus,
} from '../connections';
import { clientName, providerClientsApi, providerClientsKeys, type ClientsParams } from './api';
import { InviteClientForm } from './InviteClientForm';
import { PendingInvitations } from './PendingInvitations';

const pageSizes = [10, 25, 50] as const;
const searchDebounceMs = 300;

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

/** /provider/dashboard: the provider's clients, pending invitations and the invite form. */
export function ProviderDashboardPage() {
  const user = useCurrentUser();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), searchDebounceMs);
  const [status, setStatus] = useState<ClientsParams['status'] | ''>('');
  const [connection, setConnection] = useState<ConnectionStatus | ''>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(pageSizes[0]);

  const params: ClientsParams = {
    page,
    limit,
    search: search || undefined,
    status: status || undefined,
    connectionStatus: connection || undefined,
  };
  const clients = useQuery({
    queryKey: providerClientsKeys.list(params),
    queryFn: ({ signal }) => providerClientsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

  const filtered = Boolean(search || status || connection);
  const table = () => {
    if (clients.isPending) return <LoadingState label="Loading clients..." />;
    if (clients.isError)
      return (
        <ErrorState
          title="Unable to load your clients"
          message={errorMessage(clients.error)}
          onRetry={() => void clients.refetch()}
        />
      );
    if (clients.data.patients.length === 0)
      return filtered ? (
        <EmptyState title="No clients match these filters">Try another search or filter.</EmptyState>
      ) : (
        <EmptyState title="No clients yet">
          Invite a client below; they appear here once they accept.
        </EmptyState>
      );
    return (
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Clients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Connection</Table.Th>
              <Table.Th scope="col">Last activity</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.data.patients.map((row) => {
              const name = clientName(row);
              return (
                <Table.Tr key={row._id}>
                  <Table.Td>
                    <Text fw={500}>{name}</Text>
                    <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={invitationStatusColor(row.invitationStatus)} variant="light">
                      {invitationStatusLabel(row.invitationStatus)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={connectionStatusColor(row.connectionStatus)} variant="light">
                      {connectionStatusLabel(row.connectionStatus)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(row.lastActivity)}</Table.Td>
                  <Table.Td>
                    {row.invitationStatus === 'accepted' ? (
                      <Anchor
                        component={Link}
                        to={`/provider/patient-overview/${encodeURIComponent(row.patientId)}`}
                        aria-label={`Open ${name}`}
                        fz="sm"
                      >
                        Open
                      </Anchor>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        {row.invitationStatus === 'pending' ? 'Awaiting answer' : '—'}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

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
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              label="Invitation status"
              data={statusOptions}
              value={status}
              onChange={(event) => {
                setStatus(event.currentTarget.value as ClientsParams['status'] | '');
                setPage(1);
              }}
              style={{ flex: '0 1 180px' }}
            />
            <NativeSelect
              label="Connection status"
              data={connectionOptions}
              value={connection}
              onChange={(event) => {
                setConnection(event.currentTarget.value as ConnectionStatus | '');
                setPage(1);
              }}
              style={{ flex: '0 1 180px' }}
            />
          </Group>
          <div aria-busy={clients.isFetching} aria-live="polite">
            {table()}
          </div>
          <TablePager
            page={page}
            pages={clients.data?.pages ?? 1}
            total={clients.data?.total ?? 0}
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
      <PendingInvitations />
      <InviteClientForm />
    </Stack>
  );
}

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { formatDate, fullName } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { ConnectionStatusBadge, connectionStatusLabel, InvitationStatusBadge } from '../connections';
import { providerClientsApi, providerClientsKeys, type ConnectionStatusResponse } from './api';
import { ClientGoalsSection } from './goals/ClientGoalsSection';
import {
  MarkInactiveModal,
  markInactiveSchema,
  type MarkInactiveInput,
  type MarkInactiveOutput,
} from './MarkInactiveModal';

// The journal tabs are their own chunks (the dashboard pulls the charts in later still).
const ClientDashboardTab = lazy(() =>
  import('./journal/ClientDashboardTab').then((m) => ({ default: m.ClientDashboardTab })),
);
const ClientSummariesTab = lazy(() =>
  import('./summaries/ClientSummariesTab').then((m) => ({ default: m.ClientSummariesTab })),
);
const ClientJournalsTab = lazy(() =>
  import('./journal/ClientJournalsTab').then((m) => ({ default: m.ClientJournalsTab })),
);
const NotesPlansTab = lazy(() => import('./notes/NotesPlansTab').then((m) => ({ default: m.NotesPlansTab })));

/** Provider tab names, exactly as Part 2 §2 lists them. */
export const overviewTabs = ['Overview', 'Dashboard', 'Notes/Plans', 'Journals', 'Summaries'] as const;

/** Other names a link may give a tab (the session-notes card links to `?tab=notes/plans`). */
const tabAliases = new Map<string, (typeof overviewTabs)[number]>([['notes', 'Notes/Plans']]);

/** `?tab=summaries` (the link of a shared-summary notification) opens that tab; `?tab=notes` too. */
function initialTab(search: string): (typeof overviewTabs)[number] {
  const asked = new URLSearchParams(search).get('tab')?.toLowerCase() ?? '';
  return overviewTabs.find((t) => t.toLowerCase() === asked) ?? tabAliases.get(asked) ?? 'Overview';
}

/** /provider/patient-overview/:patientId: one client's profile, connection and (future) data tabs. */
export function PatientOverviewPage() {
  const { patientId = '' } = useParams();
  const location = useLocation();
  // The tab follows `?tab=` (links from the Summaries tab and notifications switch it too).
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connection = useQuery({
    queryKey: providerClientsKeys.connection(patientId),
    queryFn: ({ signal }) => providerClientsApi.connection(patientId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const hasAccess = connection.data?.hasAccess === true;
  const detail = useQuery({
    queryKey: providerClientsKeys.detail(patientId),
    queryFn: ({ signal }) => providerClientsApi.detail(patientId, signal),
    enabled: hasAccess,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  const [markOpen, setMarkOpen] = useState(false);
  const form = useForm<MarkInactiveInput, unknown, MarkInactiveOutput>({
    resolver: zodResolver(markInactiveSchema),
    defaultValues: { reason: '', notes: '' },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: providerClientsKeys.all });

  const reactivate = useMutation({
    mutationFn: () => providerClientsApi.requestReactivation(patientId),
    onSuccess: (response) => {
      const until = response.expiresAt ? ` The link is valid until ${formatDate(response.expiresAt)}.` : '';
      toast.success(`${response.message ?? 'Reactivation request sent to the client.'}${until}`);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const disconnect = useMutation({
    mutationFn: () => providerClientsApi.disconnect(patientId),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Client disconnected.');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const notFound =
    (connection.error instanceof ApiError && connection.error.status === 404) ||
    (detail.error instanceof ApiError && detail.error.status === 404 && hasAccess);
  const user = detail.data?.user;
  const name = user ? fullName(user) : 'Client overview';

  if (notFound) return <ClientNotFound />;
  if (connection.isPending) return <LoadingState label="Loading client..." />;
  if (connection.isError)
    return (
      <Stack gap="lg">
        <BackLink />
        <ErrorState
          title="Unable to load this client"
          message={errorMessage(connection.error)}
          onRetry={() => void connection.refetch()}
        />
      </Stack>
    );

  const status = connection.data;
  const closeMark = () => {
    form.reset();
    setMarkOpen(false);
  };
  const submitMark = async (values: MarkInactiveOutput) => {
    try {
      const response = await providerClientsApi.markInactive(patientId, values);
      toast.success(response.message ?? 'Client marked inactive.');
      form.reset();
      setMarkOpen(false);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const confirmDisconnect = () =>
    void openConfirm({
      title: 'Disconnect client',
      children: (
        <Stack gap={4}>
          <Text>Are you sure you want to disconnect {user ? fullName(user) : 'this client'}?</Text>
          <Text fz="sm" c="dimmed">
            Disconnecting ends your access to their information at once. It cannot be undone: to work together
            again, one of you has to send a new invitation.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => disconnect.mutate(),
    });

  return (
    <Stack gap="lg">
      <BackLink />
      <PageTitle title={name} description={user?.email} />
      <Tabs
        value={initialTab(location.search)}
        onChange={(tab) =>
          tab && void navigate({ search: `?tab=${encodeURIComponent(tab.toLowerCase())}` }, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {overviewTabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="Overview" pt="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-title">
              <Stack gap="sm">
                <Title order={2} fz="lg" id="profile-title">
                  Profile
                </Title>
                {!hasAccess ? (
                  <Text c="dimmed" fz="sm">
                    The profile is hidden while the connection is{' '}
                    {connectionStatusLabel(status.connectionStatus).toLowerCase()}.
                  </Text>
                ) : detail.isPending ? (
                  <LoadingState label="Loading profile..." />
                ) : detail.isError ? (
                  <ErrorState
                    title="Unable to load the profile"
                    message={errorMessage(detail.error)}
                    onRetry={() => void detail.refetch()}
                  />
                ) : (
                  <dl style={{ margin: 0 }}>
                    <Field label="Name">{fullName(detail.data.user)}</Field>
                    <Field label="Email">{detail.data.user.email}</Field>
                    <Field label="Phone">{detail.data.user.phone || 'N/A'}</Field>
                    <Field label="Time zone">{detail.data.user.timezone || 'N/A'}</Field>
                    <Field label="Member since">{formatDate(detail.data.user.createdAt)}</Field>
                  </dl>
                )}
              </Stack>
            </Card>
            <ConnectionCard
              status={status}
              busyReactivate={reactivate.isPending}
              busyDisconnect={disconnect.isPending}
              onMarkInactive={() => setMarkOpen(true)}
              onReactivate={() => reactivate.mutate()}
              onDisconnect={confirmDisconnect}
            />
          </SimpleGrid>
          {hasAccess && (
            <Box mt="lg">
              <ClientGoalsSection patientId={patientId} clientLabel={user ? fullName(user) : undefined} />
            </Box>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="Dashboard" pt="md">
          <JournalTab hasAccess={hasAccess} status={status} title="The client’s dashboard is hidden">
            <ClientDashboardTab
              patientId={patientId}
              clientName={user?.firstName}
              timeZone={user?.timezone}
            />
          </JournalTab>
        </Tabs.Panel>
        <Tabs.Panel value="Notes/Plans" pt="md">
          <JournalTab hasAccess={hasAccess} status={status} title="The client’s notes and plans are hidden">
            <NotesPlansTab
              key={patientId}
              patientId={patientId}
              clientName={user ? fullName(user) : undefined}
            />
          </JournalTab>
        </Tabs.Panel>
        <Tabs.Panel value="Journals" pt="md">
          <JournalTab hasAccess={hasAccess} status={status} title="The client’s journal entries are hidden">
            <ClientJournalsTab patientId={patientId} clientName={user?.firstName} timeZone={user?.timezone} />
          </JournalTab>
        </Tabs.Panel>
        <Tabs.Panel value="Summaries" pt="md">
          <JournalTab hasAccess={hasAccess} status={status} title="The client’s shared summaries are hidden">
            <ClientSummariesTab patientId={patientId} timeZone={user?.timezone} />
          </JournalTab>
        </Tabs.Panel>
      </Tabs>
      <MarkInactiveModal
        opened={markOpen}
        clientLabel={user ? fullName(user) : 'this client'}
        form={form}
        onCancel={closeMark}
        onSubmit={submitMark}
      />
      {/* A router heeds one blocker at a time; the notes editor has its own, so this one is only
          there while its form can be dirty (the modal is open). */}
      {markOpen && <UnsavedChangesGuard dirty={form.formState.isDirty} />}
    </Stack>
  );
}

/** A journal tab: its content while the provider has access, else why it is hidden. */
function JournalTab({
  hasAccess,
  status,
  title,
  children,
}: {
  hasAccess: boolean;
  status: ConnectionStatusResponse;
  title: string;
  children: ReactNode;
}) {
  if (!hasAccess)
    return (
      <Card withBorder radius="lg" padding="lg">
        <EmptyState title={title}>
          They are hidden while the connection is{' '}
          {connectionStatusLabel(status.connectionStatus).toLowerCase()}.
        </EmptyState>
      </Card>
    );
  return <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>;
}

interface ConnectionCardProps {
  status: ConnectionStatusResponse;
  busyReactivate: boolean;
  busyDisconnect: boolean;
  onMarkInactive: () => void;
  onReactivate: () => void;
  onDisconnect: () => void;
}

function ConnectionCard({
  status,
  busyReactivate,
  busyDisconnect,
  onMarkInactive,
  onReactivate,
  onDisconnect,
}: ConnectionCardProps) {
  const accepted = status.status === 'accepted';
  const active = accepted && status.connectionStatus === 'active';
  const inactive = accepted && status.connectionStatus === 'inactive';
  const disconnected = status.connectionStatus === 'disconnected';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="connection-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="connection-title">
          Connection
        </Title>
        <dl style={{ margin: 0 }}>
          <Field label="Invitation">
            <InvitationStatusBadge status={status.status} />
          </Field>
          <Field label="Connection">
            <ConnectionStatusBadge status={status.connectionStatus} />
          </Field>
          <Field label="Your access">{status.hasAccess ? 'Full access' : 'No access'}</Field>
        </dl>
        {inactive && (
          <Text fz="sm" c="dimmed">
            Access is paused. Request reactivation to send the client a link; access returns once they agree.
          </Text>
        )}
        {disconnected && (
          <Text fz="sm" c="dimmed">
            This connection has ended. A new invitation is needed to work together again.
          </Text>
        )}
        <Group gap="sm" mt="xs">
          {active && (
            <Button variant="light" color="orange" onClick={onMarkInactive}>
              Mark inactive
            </Button>
          )}
          {inactive && (
            <Button onClick={onReactivate} loading={busyReactivate}>
              Request reactivation
            </Button>
          )}
          {accepted && !disconnected && (
            <Button variant="light" color="red" onClick={onDisconnect} loading={busyDisconnect}>
              Disconnect
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline" py={4}>
      <Text component="dt" fz="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to="/provider/dashboard" fz="sm" underline="hover">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Back to clients
      </Group>
    </Anchor>
  );
}

function ClientNotFound() {
  return (
    <Stack gap="lg">
      <PageTitle title="Client not found or no longer connected" />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text>
            This client does not exist, or you are not connected with them any more, so their information is
            not available to you.
          </Text>
          <Anchor component={Link} to="/provider/dashboard">
            Back to your clients
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}

import { Badge, Group, Modal, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { capitalize } from '../connections';
import { providerClientsApi, providerClientsKeys } from './api';

const kindLabels: Record<string, string> = {
  invited: 'Invited',
  accepted: 'Accepted',
  rejected: 'Rejected',
  deleted: 'Removed',
  marked_inactive: 'Marked inactive',
  reactivation_requested: 'Reactivation requested',
  reactivated: 'Reactivated',
  disconnected: 'Disconnected',
};

const actorLabels: Record<string, string> = {
  provider: 'You',
  patient: 'Client',
  admin: 'Admin',
  system: 'System',
};

/** GET provider/clients/:id/status-history, newest first. */
export function StatusHistoryModal({
  client,
  onClose,
}: {
  client: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const history = useQuery({
    queryKey: providerClientsKeys.history(client?.id ?? ''),
    queryFn: ({ signal }) => providerClientsApi.history(client!.id, signal),
    enabled: client !== null,
  });
  const body = () => {
    if (history.isPending) return <LoadingState label="Loading history..." />;
    if (history.isError)
      return <ErrorState message={errorMessage(history.error)} onRetry={() => void history.refetch()} />;
    if (history.data.history.length === 0) return <EmptyState title="No status changes recorded" />;
    return (
      <Timeline bulletSize={12} lineWidth={2} active={-1}>
        {history.data.history.map((event, index) => (
          <Timeline.Item
            key={`${event.createdAt}-${index}`}
            title={kindLabels[event.kind] ?? capitalize(event.kind.replace(/_/g, ' '))}
          >
            <Stack gap={2}>
              <Group gap={6}>
                <Text fz="xs" c="dimmed">
                  {formatDate(event.createdAt, 'MMM D, YYYY h:mm A')}
                </Text>
                {event.actorRole && (
                  <Badge size="xs" variant="light" color="gray">
                    {actorLabels[event.actorRole] ?? capitalize(event.actorRole)}
                  </Badge>
                )}
              </Group>
              {event.reason && <Text fz="sm">Reason: {event.reason}</Text>}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  };
  return (
    <Modal
      opened={client !== null}
      onClose={onClose}
      title={client ? `Status history: ${client.name}` : 'Status history'}
      centered
    >
      {client && body()}
    </Modal>
  );
}

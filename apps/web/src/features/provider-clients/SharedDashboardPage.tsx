import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, ApiError, errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { AnalyticsSummary, type Analytics } from '../journal';

interface SharedDashboard {
  id: string;
  patientId: string;
  sharedAt: string;
  dashboardData: Record<string, unknown>;
}

/** Whether a snapshot has the shape of the client's mood analytics (what the home shares). */
function asAnalytics(data: Record<string, unknown>): Analytics | null {
  const records = ['byMood', 'byCoreEmotion', 'bySentiment', 'byPrimaryEmotion'];
  if (typeof data.total !== 'number' || !Array.isArray(data.series)) return null;
  if (!records.every((k) => typeof data[k] === 'object' && data[k] !== null && !Array.isArray(data[k])))
    return null;
  return data as unknown as Analytics;
}

/**
 * /provider/shared-dashboard/:id (Part 2 §7 "Dashboard sharing", reached from the notification the
 * share sends): the mood snapshot a client shared, read-only. Another provider, or a disconnected
 * one, gets 'Shared dashboard not found'.
 */
export function SharedDashboardPage() {
  const { id = '' } = useParams();
  const shared = useQuery({
    queryKey: ['dashboard', 'shared', id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: SharedDashboard }>(`dashboard/shared/${encodeURIComponent(id)}`, { signal })
        .then((r) => r.data),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const analytics = shared.data ? asAnalytics(shared.data.dashboardData) : null;
  const range =
    typeof shared.data?.dashboardData.timerange === 'string' ? shared.data.dashboardData.timerange : null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/provider/dashboard" fz="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Back to clients
        </Group>
      </Anchor>
      <PageTitle
        title="Shared dashboard"
        description={
          shared.data
            ? `Mood insights${range ? ` (${range})` : ''} shared on ${formatDate(shared.data.sharedAt)}`
            : undefined
        }
      />
      {shared.isPending ? (
        <LoadingState label="Loading the shared dashboard..." />
      ) : shared.isError ? (
        shared.error instanceof ApiError && shared.error.status === 404 ? (
          <EmptyState title="Shared dashboard not found">
            It may have been shared with someone else, or your connection with the client has ended.
          </EmptyState>
        ) : (
          <ErrorState
            title="Unable to load the shared dashboard"
            message={errorMessage(shared.error)}
            onRetry={() => void shared.refetch()}
          />
        )
      ) : (
        <Card withBorder radius="lg" padding="lg">
          {analytics ? (
            <Stack gap="md">
              <AnalyticsSummary analytics={analytics} initialBreakdown="core" />
              <Anchor
                component={Link}
                to={`/provider/patient-overview/${encodeURIComponent(shared.data.patientId)}`}
                fz="sm"
              >
                Open the client’s overview
              </Anchor>
            </Stack>
          ) : (
            <Text c="dimmed">This snapshot has no mood insights to show.</Text>
          )}
        </Card>
      )}
    </Stack>
  );
}

import { useId } from 'react';
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import { AnalyticsSummary, analyticsFetchFailed } from '../../journal';
import { analyticsLimit, clientJournalApi, clientJournalKeys, noCheckInsYet } from './api';
import { barsForSpan } from './chart-bars';
import panel from './ClientJournal.module.css';

/** Analytics over the client's latest 1000 shared entries (patient-mood-analytics, Part 1 §9). */
export function ClientAnalyticsCard({ patientId }: { patientId: string }) {
  const titleId = useId();
  const analytics = useQuery({
    queryKey: clientJournalKeys.analytics(patientId),
    queryFn: ({ signal }) => clientJournalApi.analytics(patientId, signal),
  });

  const body = () => {
    if (analytics.isPending) {
      return (
        <Stack gap="sm" role="status" aria-label="Loading the analytics">
          <Skeleton h={56} />
          <Skeleton h={200} />
        </Stack>
      );
    }
    if (analytics.isError) {
      return (
        <ErrorState
          title="The analytics could not be loaded"
          message={analyticsFetchFailed}
          onRetry={() => void analytics.refetch()}
        />
      );
    }
    const data = analytics.data;
    if (data.total === 0) {
      return (
        <Text c="dimmed" ta="center" py="xl">
          {noCheckInsYet}
        </Text>
      );
    }
    return <AnalyticsSummary analytics={data} initialBreakdown="core" bars={barsForSpan(data)} />;
  };

  return (
    <Card withBorder radius="lg" className={panel.panel} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={titleId}>
            Mood analytics
          </Title>
          <Text fz="xs" c="dimmed">
            Over the latest {analyticsLimit} shared entries at most; private entries are never counted.
          </Text>
        </Stack>
        <div aria-busy={analytics.isFetching}>{body()}</div>
      </Stack>
    </Card>
  );
}

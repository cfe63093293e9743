import { lazy, Suspense, useId, useState } from 'react';
import { Card, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import { formatIntensity, sentimentSeries, slicesOf } from '../../journal/home/analytics-data';
import { analyticsFetchFailed } from '../../journal/home/analytics-text';
import { analyticsLimit, clientJournalApi, clientJournalKeys, noCheckInsYet } from './api';
import { barsForSpan } from './chart-bars';
import classes from './ClientDashboard.module.css';
import panel from './ClientJournal.module.css';

// The only path to @mantine/charts (recharts): its own chunk, fetched when this card has data.
const AnalyticsCharts = lazy(() =>
  import('../../journal/home/AnalyticsCharts').then((m) => ({ default: m.AnalyticsCharts })),
);

type Breakdown = 'core' | 'mood';

/** Analytics over the client's latest 1000 shared entries (patient-mood-analytics, Part 1 §9). */
export function ClientAnalyticsCard({ patientId }: { patientId: string }) {
  const titleId = useId();
  const [breakdown, setBreakdown] = useState<Breakdown>('core');
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
    const slicesLabel = breakdown === 'mood' ? 'Check-ins by mood' : 'Check-ins by core emotion';
    const slices = slicesOf(breakdown === 'mood' ? data.byMood : data.byCoreEmotion, breakdown);
    const { bars, caption } = barsForSpan(data);
    return (
      <Stack gap="md">
        <div className={classes.stats}>
          <Stat label="Check-ins" value={String(data.total)} />
          <Stat label="Avg. intensity" value={formatIntensity(data.averageIntensity)} />
          {sentimentSeries
            .filter((s) => s.name !== 'neutral')
            .map((s) => (
              <Stat key={s.name} label={s.label} value={String(data.bySentiment[s.name] ?? 0)} />
            ))}
        </div>
        <SegmentedControl
          size="xs"
          aria-label="Breakdown"
          value={breakdown}
          onChange={(value) => setBreakdown(value as Breakdown)}
          data={[
            { value: 'core', label: 'By core emotion' },
            { value: 'mood', label: 'By mood' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Suspense fallback={<Skeleton h={380} />}>
          <AnalyticsCharts
            analytics={data}
            slices={slices}
            slicesLabel={slicesLabel}
            bars={bars}
            barsCaption={caption}
          />
        </Suspense>
      </Stack>
    );
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

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} p="xs" className={classes.stat}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Stack>
  );
}

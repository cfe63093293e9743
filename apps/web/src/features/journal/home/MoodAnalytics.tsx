import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import { journalApi, journalKeys, timeRangeNames, type TimeRangeName } from '../api';
import { formatIntensity, sentimentSeries, slicesOf } from './analytics-data';
import { analyticsFetchFailed, noCheckInsText } from './analytics-text';
import classes from './MoodAnalytics.module.css';

const AnalyticsCharts = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.AnalyticsCharts })));

type Breakdown = 'mood' | 'core';

/** Mood analytics over a date range (Part 1 §7 get-mood-analytics, §9 date ranges). */
export function MoodAnalytics() {
  const titleId = useId();
  const [range, setRange] = useState<TimeRangeName>('1 Week');
  const [breakdown, setBreakdown] = useState<Breakdown>('mood');
  const analytics = useQuery({
    queryKey: journalKeys.analytics(range),
    queryFn: ({ signal }) => journalApi.analytics(range, undefined, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (analytics.isError) console.error(analyticsFetchFailed, analytics.error);
  }, [analytics.isError, analytics.error]);

  const body = () => {
    if (analytics.isPending) {
      return (
        <Stack gap="sm" role="status" aria-label="Loading your statistics">
          <Skeleton h={56} />
          <Skeleton h={200} />
        </Stack>
      );
    }
    if (analytics.isError) {
      return (
        <ErrorState
          title="Your statistics could not be loaded"
          message={analyticsFetchFailed}
          onRetry={() => void analytics.refetch()}
        />
      );
    }
    const data = analytics.data.data;
    if (data.total === 0) {
      return (
        <Text c="dimmed" ta="center" py="xl">
          {noCheckInsText}
        </Text>
      );
    }
    const slicesLabel = breakdown === 'mood' ? 'Check-ins by mood' : 'Check-ins by core emotion';
    const slices = slicesOf(breakdown === 'mood' ? data.byMood : data.byCoreEmotion, breakdown);
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
            { value: 'mood', label: 'By mood' },
            { value: 'core', label: 'By core emotion' },
          ]}
        />
        <Suspense fallback={<Skeleton h={380} />}>
          <AnalyticsCharts analytics={data} slices={slices} slicesLabel={slicesLabel} />
        </Suspense>
      </Stack>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="lg" id={titleId}>
            Mood Insights
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Date range"
            value={range}
            onChange={(value) => setRange(value as TimeRangeName)}
            data={[...timeRangeNames]}
          />
        </Group>
        <div aria-busy={analytics.isFetching} aria-live="polite">
          {body()}
        </div>
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

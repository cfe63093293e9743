import { useEffect, useId, useState } from 'react';
import { Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import { journalApi, journalKeys, timeRangeNames, type TimeRangeName } from '../api';
import { analyticsFetchFailed, noCheckInsText } from './analytics-text';
import { AnalyticsSummary } from './AnalyticsSummary';

/** Mood analytics over a date range (Part 1 §7 get-mood-analytics, §9 date ranges). */
export function MoodAnalytics() {
  const titleId = useId();
  const [range, setRange] = useState<TimeRangeName>('1 Week');
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
    return <AnalyticsSummary analytics={data} initialBreakdown="mood" />;
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

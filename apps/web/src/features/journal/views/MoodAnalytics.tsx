import { useEffect, useId, useState } from 'react';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { ErrorState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { ProviderShareModal } from '../../connections';
import { journalApi, journalKeys, timeRangeNames, type TimeRangeName } from '../api';
import { analyticsFetchFailed, noCheckInsText } from './analytics-text';
import { AnalyticsSummary } from './AnalyticsSummary';

/** Mood analytics over a date range (Part 1 §7 get-mood-analytics, §9 date ranges). */
export function MoodAnalytics() {
  const titleId = useId();
  const [range, setRange] = useState<TimeRangeName>('1 Week');
  const [sharing, setSharing] = useState(false);
  // A snapshot of what a provider would see for this range (private entries left out), sent to one
  // connected provider (Part 2 §7 "Dashboard sharing").
  const share = async (doctorEmail: string) => {
    try {
      const snapshot = await journalApi.sharedAnalytics(range);
      const result = await journalApi.shareDashboard(doctorEmail, snapshot.data);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to share the dashboard. Please try again.'));
    }
  };
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
          <Group gap="xs">
            {analytics.data && analytics.data.data.total > 0 && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconShare size={14} aria-hidden="true" />}
                onClick={() => setSharing(true)}
              >
                Share with provider
              </Button>
            )}
            <SegmentedControl
              size="xs"
              aria-label="Date range"
              value={range}
              onChange={(value) => setRange(value as TimeRangeName)}
              data={[...timeRangeNames]}
            />
          </Group>
        </Group>
        <div aria-busy={analytics.isFetching} aria-live="polite">
          {body()}
        </div>
        <Text fz="xs" c="dimmed">
          A shared snapshot leaves your private entries out.
        </Text>
      </Stack>
      <ProviderShareModal
        opened={sharing}
        title={`Mood Insights (${range})`}
        onClose={() => setSharing(false)}
        onShare={share}
      />
    </Card>
  );
}

import { lazy, Suspense } from 'react';
import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../ui/states';
import { useCurrentUser } from '../auth';
import { goalQueryOptions, goalsApi, goalsKeys } from './api';
import { goalErrorMessage } from './errors';
import { mentionsByDay } from './mention-history';

const GoalMentionChart = lazy(() =>
  import('./GoalMentionChart').then((m) => ({ default: m.GoalMentionChart })),
);

/** GET /goals/mention-history/{id}, grouped by day, as a chart loaded on demand. */
export function GoalMentionHistory({ goalId }: { goalId: string }) {
  const timeZone = useCurrentUser()?.timezone;
  const history = useQuery({
    queryKey: goalsKeys.mentionHistory(goalId),
    queryFn: ({ signal }) => goalsApi.mentionHistory(goalId, signal),
    ...goalQueryOptions,
  });
  if (history.isPending) return <Skeleton height={160} />;
  if (history.isError)
    return (
      <ErrorState
        title="Unable to load the mention history"
        message={goalErrorMessage(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  if (history.data.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No mentions yet. Select this goal in a journal entry to start its history.
      </Text>
    );
  return (
    <Suspense fallback={<Skeleton height={160} />}>
      <GoalMentionChart days={mentionsByDay(history.data, timeZone)} />
    </Suspense>
  );
}

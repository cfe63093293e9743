import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { goalErrorMessage } from './errors';
import { ErrorState } from '../../ui/states';
import type { Goal } from './api';
import { GoalCard } from './GoalCard';
import type { GoalActions } from './useGoalActions';

interface GoalListProps {
  goals: Goal[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  actions: GoalActions;
  onOpen: (goal: Goal) => void;
  onEdit: (goal: Goal) => void;
  empty: ReactNode;
}

/** Three skeleton cards while the goals load (Part 1 §2). */
export function GoalSkeletons() {
  return (
    <Stack gap="md" role="status" aria-label="Loading goals">
      {[0, 1, 2].map((n) => (
        <Card key={n} withBorder radius="lg" padding="md" data-testid="goal-skeleton">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Skeleton height={32} width={32} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={14} width="70%" />
              <Skeleton height={10} width="90%" />
              <Skeleton height={18} width={160} radius="xl" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function GoalList({
  goals,
  isPending,
  error,
  onRetry,
  actions,
  onOpen,
  onEdit,
  empty,
}: GoalListProps) {
  if (isPending) return <GoalSkeletons />;
  if (error || !goals)
    return (
      <ErrorState title="Unable to load your goals" message={goalErrorMessage(error)} onRetry={onRetry} />
    );
  if (goals.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md" component="ul" aria-label="Goals" m={0} p={0} style={{ listStyle: 'none' }}>
      {goals.map((goal) => (
        <li key={goal.id}>
          <GoalCard goal={goal} actions={actions} onOpen={onOpen} onEdit={onEdit} />
        </li>
      ))}
    </Stack>
  );
}

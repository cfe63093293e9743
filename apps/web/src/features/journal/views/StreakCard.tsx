import { useEffect, useId } from 'react';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { ErrorState } from '../../../ui/states';
import classes from './StreakCard.module.css';
import { useStreak } from './useHomeToday';

export const streakHabitText = "You're building an amazing habit! Keep it up";
export const streakStartText = 'Write an entry today to start a new streak.';
/** Part 1 §8 combined-fetch failure text, used for the day-based reads (streak and week). */
export const dateFetchFailed = 'date fetch failed';

export function streakLabel(days: number): string {
  return `${days} ${days === 1 ? 'Day' : 'Days'}`;
}

/** Daily Streak card (Part 1 §2, §4): consecutive days with an entry ending today or yesterday. */
export function StreakCard() {
  const streak = useStreak();
  const titleId = useId();

  useEffect(() => {
    if (streak.isError) console.error(dateFetchFailed, streak.error);
  }, [streak.isError, streak.error]);

  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <span className={classes.flame} aria-hidden="true">
            <IconFlame size={22} />
          </span>
          <Title order={2} fz="lg" id={titleId}>
            Daily Streak
          </Title>
        </Group>
        {streak.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading your streak">
            <Skeleton h={36} w={120} />
            <Skeleton h={14} w="80%" />
          </Stack>
        ) : streak.isError ? (
          <ErrorState
            title="Your streak could not be loaded"
            message={dateFetchFailed}
            onRetry={() => void streak.refetch()}
          />
        ) : (
          <Stack gap={4}>
            <Text fz={32} fw={700} lh={1.1} data-testid="streak-days">
              {streakLabel(streak.data.streak)}
            </Text>
            {/* the spec's praise for a streak under way; a new start says what begins one instead */}
            <Text c="dimmed">{streak.data.streak > 0 ? streakHabitText : streakStartText}</Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

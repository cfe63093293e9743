import { Badge, Group } from '@mantine/core';
import type { EntryGoalResponse } from '@mindledger/domain';

interface LinkedGoalsProps {
  goals: EntryGoalResponse[];
  /** Extra class names of each chip (the provider's card wraps long goal texts). */
  chipClassNames?: { root?: string; label?: string };
}

/** The goals an entry mentions, as chips: therapist goals violet, personal ones teal. */
export function LinkedGoals({ goals, chipClassNames }: LinkedGoalsProps) {
  if (goals.length === 0) return null;
  return (
    <Group gap={6} role="list" aria-label="Linked goals">
      {goals.map(({ goalData }) => (
        <Badge
          key={goalData._id}
          role="listitem"
          variant="light"
          color={goalData.type === 'therapist' ? 'violet' : 'teal'}
          radius="xl"
          tt="none"
          fw={500}
          maw="100%"
          {...(chipClassNames ? { classNames: chipClassNames } : {})}
        >
          {goalData.emoji ? `${goalData.emoji} ` : ''}
          {goalData.text}
        </Badge>
      ))}
    </Group>
  );
}

import { Group, Stack, Text } from '@mantine/core';
import { goalLimits, type GoalType } from '@mindledger/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { GoalTypeFilter } from './api';
import classes from './goals.module.css';

interface GoalFooterProps {
  counts: { personal: number; therapist: number };
  type: GoalTypeFilter;
  /** A new personal goal cannot be added (shown whatever the type filter). */
  limitReached?: boolean;
  /** The id of the 'Goal limit reached' text, which disabled create buttons point to. */
  reasonId?: string;
}

export const goalLimitReachedText = 'Goal limit reached';

/** 'N of MAX {type} goals used' per type, and 'Goal limit reached' at a limit (Part 1 §2). */
export function usageText(count: number, type: GoalType): string {
  return `${count} of ${goalLimits[type]} ${type} goals used`;
}

export function GoalFooter({ counts, type, limitReached = false, reasonId }: GoalFooterProps) {
  const types: GoalType[] = type === 'all' ? ['personal', 'therapist'] : [type];
  const total = counts.personal + counts.therapist;
  const reached = limitReached || total >= goalLimits.total || types.some((t) => counts[t] >= goalLimits[t]);
  return (
    <Stack gap={4} component="footer" aria-label="Goal limits" role="status">
      <Group gap="md">
        {types.map((t) => (
          <Text key={t} fz="sm" c="dimmed">
            {usageText(counts[t], t)}
          </Text>
        ))}
      </Group>
      {reached && (
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangle size={16} className={classes.limit} aria-hidden="true" />
          <Text fz="sm" fw={600} className={classes.limit} id={reasonId}>
            {goalLimitReachedText}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

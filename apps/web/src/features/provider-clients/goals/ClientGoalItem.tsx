import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { formatDate } from '../../../ui/format';
import { categoryLabels, createdLabel, goalTypeColor, mentionsLabel, priorityLabel } from '../../goals';
import type { ClientGoal } from './api';

interface ClientGoalItemProps {
  goal: ClientGoal;
  /** Therapist goals carry the provider's actions; the client's personal goals are read-only. */
  actions?: {
    busy: boolean;
    onEdit: () => void;
    onComplete: () => void;
    onAbandon: () => void;
  };
}

/** One of the client's goals in the provider's overview, in its type's colour. */
export function ClientGoalItem({ goal, actions }: ClientGoalItemProps) {
  const color = goalTypeColor[goal.type];
  const details = [
    `Priority ${goal.priority} (${priorityLabel(goal.priority)})`,
    ...goal.categories.map((category) => categoryLabels[category]),
    goal.targetDate ? `Target ${formatDate(goal.targetDate.slice(0, 10))}` : null,
    mentionsLabel(goal.mentionCount),
    createdLabel(goal.createdAt),
  ].filter(Boolean);

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-goal-type={goal.type}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)`, listStyle: 'none' }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text component="span" fz="lg" lh={1.3} aria-hidden="true">
            {goal.emoji}
          </Text>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {goal.text}
              </Text>
              {goal.highPriority && (
                <Badge size="xs" color="red" variant="light">
                  High priority
                </Badge>
              )}
            </Group>
            {goal.notes && (
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {goal.notes}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          </Stack>
        </Group>
        {actions && (
          <Group gap="xs" justify="flex-end">
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden="true" />}
              aria-label={`Edit ${goal.text}`}
              onClick={actions.onEdit}
              disabled={actions.busy}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              leftSection={<IconCheck size={14} aria-hidden="true" />}
              aria-label={`Complete ${goal.text}`}
              onClick={actions.onComplete}
              disabled={actions.busy}
            >
              Complete
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="gray"
              leftSection={<IconX size={14} aria-hidden="true" />}
              aria-label={`Abandon ${goal.text}`}
              onClick={actions.onAbandon}
              disabled={actions.busy}
            >
              Abandon
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

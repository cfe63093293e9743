import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { goalTypeColor } from '../colors';
import type { GoalOption } from './types';

interface SelectedGoalChipsProps {
  selected: GoalOption[];
  onRemove: (id: string) => void;
  onClearAll: () => void;
}

/** The chosen goals as removable chips, with 'Clear All'. */
export function SelectedGoalChips({ selected, onRemove, onClearAll }: SelectedGoalChipsProps) {
  if (selected.length === 0) return null;
  return (
    <Group gap="xs" align="center" aria-label="Chosen goals" role="group">
      {selected.map((goal) => (
        <Badge
          key={goal.id}
          size="lg"
          radius="xl"
          variant="light"
          color={goalTypeColor[goal.type]}
          tt="none"
          fw={500}
          maw="100%"
          data-goal-type={goal.type}
          leftSection={<span aria-hidden="true">{goal.emoji}</span>}
          rightSection={
            <CloseButton
              size="sm"
              radius="xl"
              variant="transparent"
              c="inherit"
              aria-label={`Remove ${goal.text}`}
              onClick={() => onRemove(goal.id)}
            />
          }
          styles={{ root: { paddingRight: 2 } }}
        >
          {goal.text}
        </Badge>
      ))}
      <Button type="button" variant="subtle" color="gray" size="compact-sm" onClick={onClearAll}>
        Clear All
      </Button>
    </Group>
  );
}

import { Button, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { goalTypeColor } from '../colors';
import { mentionLabel, type GoalOption } from './types';

interface GoalToggleButtonProps {
  goal: GoalOption;
  pressed: boolean;
  onToggle: () => void;
}

/** One goal of the chooser: a toggle button (aria-pressed) with emoji, label and mention count. */
export function GoalToggleButton({ goal, pressed, onToggle }: GoalToggleButtonProps) {
  const color = goalTypeColor[goal.type];
  return (
    <Button
      type="button"
      variant={pressed ? 'light' : 'default'}
      color={color}
      aria-pressed={pressed}
      data-goal-type={goal.type}
      onClick={onToggle}
      fullWidth
      h="auto"
      mih={44}
      py={8}
      justify="space-between"
      leftSection={
        <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
          {goal.emoji}
        </span>
      }
      rightSection={pressed ? <IconCheck size={16} aria-hidden="true" /> : null}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
      styles={{
        label: {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          whiteSpace: 'normal',
          textAlign: 'left',
          flex: 1,
          fontWeight: 500,
          lineHeight: 1.35,
          overflowWrap: 'anywhere',
        },
      }}
    >
      <span>{goal.text}</span>
      {/* The count sits under the label so narrow screens keep the width for the text. */}
      <Text component="span" fz="xs" fw={400} c={pressed ? undefined : 'dimmed'}>
        {mentionLabel(goal.mentionCount)}
      </Text>
    </Button>
  );
}

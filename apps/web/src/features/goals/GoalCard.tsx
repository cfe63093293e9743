import { useId, type MouseEvent } from 'react';
import { Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../auth';
import type { Goal } from './api';
import { goalTypeColor, goalTypeLabel } from './colors';
import { createdLabel, lastMentionLabel } from './dates';
import { GoalCardMenu } from './GoalCardMenu';
import { mentionsLabel } from './priority';
import type { GoalActions } from './useGoalActions';
import classes from './goals.module.css';

interface GoalCardProps {
  goal: Goal;
  actions: GoalActions;
  onOpen: (goal: Goal) => void;
  onEdit: (goal: Goal) => void;
  now?: Date;
}

export function ledgerPath(text: string): string {
  return `/user/home?search=${encodeURIComponent(text)}`;
}

/** A high-priority goal (priority above 3) carries a red dot. */
export function HighPriorityDot() {
  return (
    <Box
      component="span"
      role="img"
      aria-label="High priority"
      title="High priority"
      className={classes.priorityDot}
    />
  );
}

/** One goal of the list (Part 1 §2 Goal list). A click anywhere outside its buttons opens it. */
export function GoalCard({ goal, actions, onOpen, onEdit, now }: GoalCardProps) {
  const navigate = useNavigate();
  const timeZone = useCurrentUser()?.timezone;
  const titleId = useId();
  const color = goalTypeColor[goal.type];
  const lastMention = lastMentionLabel(goal.lastMentionDate, now, timeZone);

  const openFromCard = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, [role="menuitem"], [role="menu"]')) return;
    onOpen(goal);
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      data-goal-type={goal.type}
      className={classes.card}
      style={{ borderLeftColor: `var(--mantine-color-${color}-6)` }}
      onClick={openFromCard}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <Text component="span" fz={28} lh={1} aria-hidden="true">
            {goal.emoji}
          </Text>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap={8} wrap="nowrap" align="center">
              {goal.highPriority && <HighPriorityDot />}
              <UnstyledButton
                id={titleId}
                className={classes.title}
                aria-haspopup="dialog"
                onClick={() => onOpen(goal)}
              >
                {goal.text}
              </UnstyledButton>
            </Group>
            {goal.notes && (
              <Text fz="sm" c="dimmed" lineClamp={2} className={classes.wrap}>
                {goal.notes}
              </Text>
            )}
            <Group gap={6}>
              <Badge variant="light" color={color} tt="none">
                {goalTypeLabel[goal.type]}
              </Badge>
              {goal.homePageVisible && (
                <Badge variant="light" color="teal" tt="none">
                  Home
                </Badge>
              )}
              {goal.isPreset && (
                <Badge variant="light" color="orange" tt="none">
                  Preset
                </Badge>
              )}
              {goal.status !== 'active' && (
                <Badge variant="light" color={goal.completed ? 'green' : 'gray'} tt="none">
                  {goal.completed ? 'Completed' : 'Abandoned'}
                </Badge>
              )}
              <Badge variant="outline" color="gray" tt="none">
                {mentionsLabel(goal.mentionCount)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <GoalCardMenu goal={goal} actions={actions} onEdit={onEdit} />
      </Group>
      <Group justify="space-between" align="center" mt="sm" gap="xs">
        <Text fz="xs" c="dimmed">
          {createdLabel(goal.createdAt, now, timeZone)}
          {lastMention && <> · {lastMention}</>}
        </Text>
        <Button
          size="xs"
          variant="light"
          color={color}
          leftSection={<IconNotebook size={14} aria-hidden="true" />}
          aria-describedby={titleId}
          onClick={() => void navigate(ledgerPath(goal.text))}
        >
          View in Ledger
        </Button>
      </Group>
    </Card>
  );
}

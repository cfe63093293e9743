import { Badge, Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCheck,
  IconEdit,
  IconFlag,
  IconHome,
  IconHomeOff,
  IconNotebook,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../ui/format';
import { useCurrentUser } from '../auth';
import type { Goal } from './api';
import { goalTypeColor, goalTypeLabel } from './colors';
import { createdLabel, lastMentionLabel } from './dates';
import { HighPriorityDot, ledgerPath } from './GoalCard';
import { GoalEntries } from './GoalEntries';
import { GoalMentionHistory } from './GoalMentionHistory';
import { categoryLabels, mentionsLabel, priorityLabel } from './priority';
import type { GoalActions } from './useGoalActions';

interface GoalDetailDrawerProps {
  goal: Goal | null;
  onClose: () => void;
  actions: GoalActions;
  onEdit: (goal: Goal) => void;
}

/** The detail view of a selected goal: the goal, its mention history and the entries that mention it. */
export function GoalDetailDrawer({ goal, onClose, actions, onEdit }: GoalDetailDrawerProps) {
  return (
    <Drawer
      opened={goal !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Goal details"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {goal && <GoalDetail goal={goal} actions={actions} onEdit={onEdit} />}
    </Drawer>
  );
}

function GoalDetail({
  goal,
  actions,
  onEdit,
}: {
  goal: Goal;
  actions: GoalActions;
  onEdit: (goal: Goal) => void;
}) {
  const navigate = useNavigate();
  const timeZone = useCurrentUser()?.timezone;
  const color = goalTypeColor[goal.type];
  const active = goal.status === 'active';
  const personal = goal.type === 'personal';
  const busy = actions.busyId === goal.id;
  const lastMention = lastMentionLabel(goal.lastMentionDate, undefined, timeZone);
  return (
    <Stack gap="md" data-goal-type={goal.type}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text component="span" fz={32} lh={1} aria-hidden="true">
          {goal.emoji}
        </Text>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            {goal.highPriority && <HighPriorityDot />}
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {goal.text}
            </Title>
          </Group>
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
            <Badge variant="outline" color="gray" tt="none">
              {goal.status === 'active' ? 'Active' : goal.completed ? 'Completed' : 'Abandoned'}
            </Badge>
          </Group>
        </Stack>
      </Group>
      {goal.notes && (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {goal.notes}
        </Text>
      )}
      <Stack gap={2}>
        <Text fz="sm">
          Priority: {priorityLabel(goal.priority)} ({goal.priority} of 5)
        </Text>
        {goal.categories.length > 0 && (
          <Text fz="sm">Category: {goal.categories.map((c) => categoryLabels[c]).join(', ')}</Text>
        )}
        {goal.targetDate && <Text fz="sm">Target date: {formatDate(goal.targetDate)}</Text>}
        <Text fz="sm">{mentionsLabel(goal.mentionCount)}</Text>
        <Text fz="sm" c="dimmed">
          {createdLabel(goal.createdAt, undefined, timeZone)}
          {lastMention && <> · {lastMention}</>}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          color={color}
          leftSection={<IconNotebook size={14} aria-hidden="true" />}
          onClick={() => void navigate(ledgerPath(goal.text))}
        >
          View in Ledger
        </Button>
        {active && personal && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden="true" />}
            onClick={() => onEdit(goal)}
          >
            Edit
          </Button>
        )}
        {active && (
          <>
            <Button
              size="xs"
              color="green"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden="true" />}
              disabled={busy}
              onClick={() => actions.complete(goal)}
            >
              Complete
            </Button>
            <Button
              size="xs"
              color="gray"
              variant="light"
              leftSection={<IconFlag size={14} aria-hidden="true" />}
              disabled={busy}
              onClick={() => actions.abandon(goal)}
            >
              Abandon
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={
                goal.homePageVisible ? (
                  <IconHomeOff size={14} aria-hidden="true" />
                ) : (
                  <IconHome size={14} aria-hidden="true" />
                )
              }
              disabled={busy}
              onClick={() => actions.toggleHome(goal)}
            >
              {goal.homePageVisible ? 'Hide from home' : 'Show on home'}
            </Button>
          </>
        )}
        {personal && (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            disabled={busy}
            onClick={() => actions.remove(goal)}
          >
            Delete
          </Button>
        )}
      </Group>
      <Divider />
      <section aria-labelledby="goal-mention-history">
        <Title order={3} fz="md" id="goal-mention-history" mb="xs">
          Mention history
        </Title>
        <GoalMentionHistory goalId={goal.id} />
      </section>
      <section aria-labelledby="goal-entries">
        <Title order={3} fz="md" id="goal-entries" mb="xs">
          Journal entries
        </Title>
        <GoalEntries goalId={goal.id} />
      </section>
    </Stack>
  );
}

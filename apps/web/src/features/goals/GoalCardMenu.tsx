import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCheck,
  IconDots,
  IconEdit,
  IconFlag,
  IconHome,
  IconHomeOff,
  IconTrash,
} from '@tabler/icons-react';
import type { Goal } from './api';
import type { GoalActions } from './useGoalActions';

interface GoalCardMenuProps {
  goal: Goal;
  actions: GoalActions;
  onEdit: (goal: Goal) => void;
}

/**
 * The actions of one goal. A client edits and deletes only personal goals (a therapist goal answers
 * 403); complete, abandon and home visibility apply to active goals of both types.
 */
export function GoalCardMenu({ goal, actions, onEdit }: GoalCardMenuProps) {
  const active = goal.status === 'active';
  const personal = goal.type === 'personal';
  if (!active && !personal) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Goal actions: ${goal.text}`}
          loading={actions.busyId === goal.id}
        >
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {active && personal && (
          <Menu.Item leftSection={<IconEdit size={16} aria-hidden="true" />} onClick={() => onEdit(goal)}>
            Edit
          </Menu.Item>
        )}
        {active && (
          <>
            <Menu.Item
              leftSection={<IconCheck size={16} aria-hidden="true" />}
              onClick={() => actions.complete(goal)}
            >
              Complete
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFlag size={16} aria-hidden="true" />}
              onClick={() => actions.abandon(goal)}
            >
              Abandon
            </Menu.Item>
            <Menu.Item
              leftSection={
                goal.homePageVisible ? (
                  <IconHomeOff size={16} aria-hidden="true" />
                ) : (
                  <IconHome size={16} aria-hidden="true" />
                )
              }
              onClick={() => actions.toggleHome(goal)}
            >
              {goal.homePageVisible ? 'Hide from home' : 'Show on home'}
            </Menu.Item>
          </>
        )}
        {personal && (
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => actions.remove(goal)}
          >
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

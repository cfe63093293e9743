import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDate } from '../../../ui/format';
import type { Todo } from './api';
import { PriorityBadge } from './NoteBadges';
import documents from '../documents/documents.module.css';
import classes from './notes.module.css';

const detailLabels = [
  ['notes', 'Notes'],
  ['prescription', 'Prescription'],
  ['materials', 'Materials'],
  ['research', 'Research'],
] as const;

interface TodoItemProps {
  todo: Todo;
  busy: boolean;
  onToggle: (done: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One to-do: done checkbox, name, due date and priority; its details open below. */
export function TodoItem({ todo, busy, onToggle, onEdit, onDelete }: TodoItemProps) {
  const [open, setOpen] = useState(false);
  const details = detailLabels.filter(([key]) => todo[key]);
  const detailsId = `todo-details-${todo.id}`;
  return (
    <li className={`${documents.row} ${classes.priority}`} data-priority={todo.priority}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
          <Checkbox
            checked={todo.done}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            label={<span className={todo.done ? classes.todoDone : undefined}>{todo.name}</span>}
            styles={{ label: { overflowWrap: 'anywhere' } }}
          />
          <Group gap={6} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
            {todo.dueDate && (
              <Text fz="xs" c="dimmed">
                Due {formatDate(todo.dueDate)}
              </Text>
            )}
            <PriorityBadge priority={todo.priority} />
          </Group>
        </Group>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {details.length > 0 && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`Details of ${todo.name}`}
              rightSection={
                open ? (
                  <IconChevronUp size={14} aria-hidden="true" />
                ) : (
                  <IconChevronDown size={14} aria-hidden="true" />
                )
              }
              onClick={() => setOpen((value) => !value)}
            >
              Details
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            aria-label={`Edit ${todo.name}`}
            onClick={onEdit}
            disabled={busy}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            aria-label={`Delete ${todo.name}`}
            onClick={onDelete}
            disabled={busy}
          >
            Delete
          </Button>
        </Group>
        {open && (
          <dl id={detailsId} className={classes.details}>
            {details.map(([key, label]) => (
              <div key={key}>
                <Text component="dt" fz="xs" fw={600}>
                  {label}
                </Text>
                <Text component="dd" fz="sm" m={0} mb={4} className={documents.text}>
                  {todo[key]}
                </Text>
              </div>
            ))}
          </dl>
        )}
      </Stack>
    </li>
  );
}

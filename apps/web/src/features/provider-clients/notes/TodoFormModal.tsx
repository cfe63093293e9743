import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { createTodoSchema, todoBounds } from '@mindledger/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Todo, TodoBody } from './api';
import { priorityOptions } from './note-labels';

/** The to-do form checks with the server's own schema, without the client's id (the tab adds it). */
const todoFormSchema = createTodoSchema.omit({ patientId: true });
type TodoFormOutput = z.output<typeof todoFormSchema>;

type TodoFormValues = z.input<typeof todoFormSchema>;

const detailFields = [
  ['notes', 'Notes'],
  ['prescription', 'Prescription'],
  ['materials', 'Materials'],
  ['research', 'Research'],
] as const;

function valuesOf(todo: Todo | null): TodoFormValues {
  return {
    name: todo?.name ?? '',
    dueDate: todo?.dueDate ?? '',
    priority: todo?.priority ?? 'normal',
    notes: todo?.notes ?? '',
    prescription: todo?.prescription ?? '',
    materials: todo?.materials ?? '',
    research: todo?.research ?? '',
  };
}

/** The body sent: an edit clears what was emptied ('' for a text, null for the due date). */
function bodyOf(values: TodoFormOutput, editing: boolean): TodoBody {
  if (!editing) return values;
  return {
    ...values,
    notes: values.notes ?? '',
    prescription: values.prescription ?? '',
    materials: values.materials ?? '',
    research: values.research ?? '',
    dueDate: values.dueDate ?? null,
  };
}

interface TodoFormModalProps {
  /** Open with the to-do to edit, or null to add one; undefined keeps it closed. */
  todo: Todo | null | undefined;
  onClose: () => void;
  /** Saves the body; the modal stays open until the handler closes it. */
  onSubmit: (body: TodoBody) => Promise<unknown>;
}

export function TodoFormModal({ todo, onClose, onSubmit }: TodoFormModalProps) {
  const opened = todo !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={todo ? 'Edit to-do' : 'Add to-do'}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <TodoForm key={todo?.id ?? 'new'} todo={todo} onCancel={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function TodoForm({
  todo,
  onCancel,
  onSubmit,
}: {
  todo: Todo | null;
  onCancel: () => void;
  onSubmit: (body: TodoBody) => Promise<unknown>;
}) {
  const form = useForm<TodoFormValues, unknown, TodoFormOutput>({
    resolver: zodResolver(todoFormSchema),
    defaultValues: valuesOf(todo),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(bodyOf(values, todo !== null)));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={todoBounds.name[1]}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Due date"
            type="date"
            error={errors.dueDate?.message}
            {...form.register('dueDate')}
          />
          <NativeSelect
            label="Priority"
            data={priorityOptions}
            error={errors.priority?.message}
            {...form.register('priority')}
          />
        </SimpleGrid>
        {detailFields.map(([name, label]) => (
          <Textarea
            key={name}
            label={label}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={todoBounds.text[1]}
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" type="button" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {todo ? 'Save changes' : 'Add to-do'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

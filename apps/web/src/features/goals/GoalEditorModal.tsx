import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  createGoalSchema,
  updateGoalSchema,
  type GoalRequest,
  type UpdateGoalInput,
} from '@mindledger/domain';
import { useForm, type Resolver } from 'react-hook-form';
import type { Goal } from './api';
import { goalFormValues, goalRequestOf, type GoalFormValues } from './goal-form';
import { categoryOptions, priorityOptions } from './priority';

/** The categories of a form whose category may stay empty. */
const optionalCategoryOptions = [{ value: '', label: 'No category' }, ...categoryOptions];

/** What one role's goal form says: the modal titles, the submit button and the field texts. */
export interface GoalEditorTexts {
  title: { create: string; edit: string };
  submit: { create: string; edit: string };
  goalDescription: string;
  notes: { label: string; description: string };
  targetDate: { label: string; description?: string };
}

export interface GoalEditorModalProps {
  opened: boolean;
  /** The goal being edited; null creates a new one. */
  goal: Goal | null;
  texts: GoalEditorTexts;
  /**
   * Whether the category may be left empty ('No category'); the body then carries `categories`,
   * so that an edit can clear it.
   */
  optionalCategory?: boolean;
  /** Whether a click outside the dialog closes it (and drops what was typed). */
  closeOnClickOutside?: boolean;
  onClose: () => void;
  /** Saves the checked body; the form stays open until the role's handler closes it. */
  onSubmit: (body: GoalRequest) => Promise<unknown>;
}

/**
 * Create or edit a goal, for the client (a personal goal) and for the provider (a therapist goal):
 * the same fields, checked with the server's own schemas (Part 1 §3, §5); the role gives the texts
 * and what happens with the body.
 */
export function GoalEditorModal({
  opened,
  goal,
  texts,
  optionalCategory = false,
  closeOnClickOutside = true,
  onClose,
  onSubmit,
}: GoalEditorModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={goal ? texts.title.edit : texts.title.create}
      size="lg"
      centered
      closeOnClickOutside={closeOnClickOutside}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open: each opening starts from the goal's current values. */}
      {opened && (
        <GoalEditorForm
          key={goal?.id ?? 'new'}
          goal={goal}
          texts={texts}
          optionalCategory={optionalCategory}
          onCancel={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

interface GoalEditorFormProps {
  goal: Goal | null;
  texts: GoalEditorTexts;
  optionalCategory: boolean;
  onCancel: () => void;
  onSubmit: (body: GoalRequest) => Promise<unknown>;
}

function GoalEditorForm({ goal, texts, optionalCategory, onCancel, onSubmit }: GoalEditorFormProps) {
  const editing = goal !== null;
  const resolver: Resolver<GoalFormValues, unknown, UpdateGoalInput> = editing
    ? zodResolver(updateGoalSchema)
    : zodResolver(createGoalSchema);
  const form = useForm<GoalFormValues, unknown, UpdateGoalInput>({
    resolver,
    defaultValues: goalFormValues(goal, optionalCategory),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    onSubmit(goalRequestOf(values, { editing, optionalCategory })),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Goal"
          description={texts.goalDescription}
          required
          rows={2}
          resize="vertical"
          data-autofocus
          error={errors.text?.message}
          {...form.register('text')}
        />
        <Textarea
          label={texts.notes.label}
          description={texts.notes.description}
          rows={3}
          resize="vertical"
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Emoji" error={errors.emoji?.message} {...form.register('emoji')} />
          <NativeSelect
            label="Priority"
            data={priorityOptions}
            error={errors.priority?.message}
            {...form.register('priority')}
          />
          <NativeSelect
            label="Category"
            data={optionalCategory ? optionalCategoryOptions : categoryOptions}
            error={errors.category?.message}
            {...form.register('category', { setValueAs: (v: string) => v || undefined })}
          />
          <TextInput
            label={texts.targetDate.label}
            description={texts.targetDate.description}
            type="date"
            error={errors.targetDate?.message}
            {...form.register('targetDate')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" type="button" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {editing ? texts.submit.edit : texts.submit.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  createGoalSchema,
  defaultGoalEmoji,
  defaultGoalPriority,
  goalNotesMax,
  goalTextMax,
  updateGoalSchema,
  type UpdateGoalInput,
} from '@mindledger/domain';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { categoryOptions, priorityOptions } from '../../goals/priority';
import type { ClientGoal, TherapistGoalBody } from './api';

type GoalFormValues = z.input<typeof updateGoalSchema>;

interface TherapistGoalFormModalProps {
  opened: boolean;
  /** The goal being edited; absent when adding a new therapist goal. */
  goal: ClientGoal | null;
  clientLabel: string;
  onClose: () => void;
  onSubmit: (body: TherapistGoalBody) => Promise<void>;
}

/** Add or edit a therapist goal for the client (the same schemas the server validates with). */
export function TherapistGoalFormModal({
  opened,
  goal,
  clientLabel,
  onClose,
  onSubmit,
}: TherapistGoalFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={goal ? 'Edit therapist goal' : 'Add therapist goal'}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {/* Mounted only while open: each opening starts from the goal's current values. */}
      {opened && <GoalForm goal={goal} clientLabel={clientLabel} onCancel={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function toDateInput(value: string | null): string {
  return value ? value.slice(0, 10) : '';
}

/** The validated form as the goal body: empty optional fields clear what was there. */
function toBody(values: UpdateGoalInput): TherapistGoalBody {
  return {
    text: values.text,
    notes: values.notes ?? '',
    emoji: values.emoji ?? defaultGoalEmoji,
    priority: values.priority ?? defaultGoalPriority,
    categories: values.category ? [values.category] : [],
    targetDate: values.targetDate ? values.targetDate.toISOString().slice(0, 10) : null,
  };
}

interface GoalFormProps {
  goal: ClientGoal | null;
  clientLabel: string;
  onCancel: () => void;
  onSubmit: (body: TherapistGoalBody) => Promise<void>;
}

function GoalForm({ goal, clientLabel, onCancel, onSubmit }: GoalFormProps) {
  const resolver: Resolver<GoalFormValues, unknown, UpdateGoalInput> = goal
    ? zodResolver(updateGoalSchema)
    : zodResolver(createGoalSchema);
  const form = useForm<GoalFormValues, unknown, UpdateGoalInput>({
    resolver,
    defaultValues: {
      text: goal?.text ?? '',
      notes: goal?.notes ?? '',
      emoji: goal?.emoji ?? defaultGoalEmoji,
      priority: String(goal?.priority ?? defaultGoalPriority),
      category: goal?.categories[0],
      targetDate: toDateInput(goal?.targetDate ?? null),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(toBody(values)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Textarea
          label="Goal"
          withAsterisk
          rows={2}
          description={`What should ${clientLabel} work towards? Up to ${goalTextMax} characters.`}
          error={errors.text?.message}
          data-autofocus
          {...form.register('text')}
        />
        <Textarea
          label="Notes (optional)"
          rows={3}
          description={`Up to ${goalNotesMax} characters. The client sees these notes.`}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Emoji" maxLength={10} error={errors.emoji?.message} {...form.register('emoji')} />
          <NativeSelect
            label="Priority"
            data={priorityOptions}
            error={errors.priority?.message}
            {...form.register('priority')}
          />
          <NativeSelect
            label="Category"
            data={[{ value: '', label: 'No category' }, ...categoryOptions]}
            error={errors.category?.message}
            {...form.register('category', { setValueAs: (v: string) => v || undefined })}
          />
          <TextInput
            type="date"
            label="Target date (optional)"
            error={errors.targetDate?.message}
            {...form.register('targetDate')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {goal ? 'Save changes' : 'Add goal'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

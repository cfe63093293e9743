import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  createGoalSchema,
  goalMessages,
  updateGoalSchema,
  type CreateGoalInput,
  type UpdateGoalInput,
} from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../ui/toast';
import { goalsApi, goalsKeys, type Goal, type GoalBody } from './api';
import { goalErrorMessage } from './errors';
import { emptyGoalForm, formValuesOf, goalBodyOf, type GoalFormValues } from './goal-form';
import { categoryOptions, priorityOptions } from './priority';

interface GoalFormModalProps {
  opened: boolean;
  /** The personal goal being edited; null creates a new personal goal. */
  goal: Goal | null;
  onClose: () => void;
}

type Output = CreateGoalInput | UpdateGoalInput;

/** Create or edit a personal goal; the form checks with the server's own schema (Part 1 §3, §5). */
export function GoalFormModal({ opened, goal, onClose }: GoalFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={goal ? 'Edit goal' : 'New goal'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <GoalForm key={goal?.id ?? 'new'} goal={goal} onDone={onClose} />}
    </Modal>
  );
}

function GoalForm({ goal, onDone }: { goal: Goal | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const editing = goal !== null;
  const form = useForm<GoalFormValues, unknown, Output>({
    resolver: zodResolver(editing ? updateGoalSchema : createGoalSchema) as unknown as Resolver<
      GoalFormValues,
      unknown,
      Output
    >,
    defaultValues: goal ? formValuesOf(goal) : emptyGoalForm,
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (body: GoalBody) => (goal ? goalsApi.update(goal.id, body) : goalsApi.create(body)),
    onSuccess: (response) => {
      toast.success(response.message ?? (editing ? goalMessages.updated : goalMessages.created));
      onDone();
    },
    onError: (error) => toast.error(goalErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goalsKeys.all }),
  });

  const submit = form.handleSubmit((values) => save.mutate(goalBodyOf(values, editing)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Goal"
          description="What do you want to work towards?"
          required
          rows={2}
          resize="vertical"
          data-autofocus
          error={errors.text?.message}
          {...form.register('text')}
        />
        <Textarea
          label="Notes"
          description="Optional: why it matters, or how you will do it."
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
            data={categoryOptions}
            error={errors.category?.message}
            {...form.register('category')}
          />
          <TextInput
            label="Target date"
            description="Optional"
            type="date"
            error={errors.targetDate?.message}
            {...form.register('targetDate')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save changes' : 'Create goal'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { goalMessages, type GoalRequest } from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { goalsApi, goalsKeys, type Goal } from './api';
import { GoalEditorModal, type GoalEditorTexts } from './GoalEditorModal';
import { goalErrorMessage } from './errors';

interface GoalFormModalProps {
  opened: boolean;
  /** The personal goal being edited; null creates a new personal goal. */
  goal: Goal | null;
  onClose: () => void;
}

/** The client's texts of the goal form (Part 1 §3). */
const personalGoalTexts: GoalEditorTexts = {
  title: { create: 'New goal', edit: 'Edit goal' },
  submit: { create: 'Create goal', edit: 'Save changes' },
  goalDescription: 'What do you want to work towards?',
  notes: { label: 'Notes', description: 'Optional: why it matters, or how you will do it.' },
  targetDate: { label: 'Target date', description: 'Optional' },
};

/** Create or edit a personal goal: the shared goal form, saved with the client's own goal calls. */
export function GoalFormModal({ opened, goal, onClose }: GoalFormModalProps) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: GoalRequest }) =>
      id ? goalsApi.update(id, body) : goalsApi.create(body),
    onSuccess: (response, { id }) => {
      toast.success(response.message ?? (id ? goalMessages.updated : goalMessages.created));
      onClose();
    },
    onError: (error) => toast.error(goalErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goalsKeys.all }),
  });
  // A failed save is toasted (onError) and leaves the form open.
  const submit = (body: GoalRequest) =>
    save.mutateAsync({ id: goal?.id ?? null, body }).catch(() => undefined);

  return (
    <GoalEditorModal
      opened={opened}
      goal={goal}
      texts={personalGoalTexts}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

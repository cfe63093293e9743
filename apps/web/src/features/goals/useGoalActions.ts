import { goalMessages } from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openConfirm } from '../../ui/confirm';
import { toast } from '../../ui/toast';
import { goalsApi, goalsKeys, type Goal } from './api';
import { goalErrorMessage } from './errors';

type Action = 'complete' | 'abandon' | 'toggleHome' | 'remove';

const calls: Record<Action, (id: string) => Promise<{ message?: string }>> = {
  complete: goalsApi.complete,
  abandon: goalsApi.abandon,
  toggleHome: goalsApi.toggleHome,
  remove: goalsApi.remove,
};

function successText(action: Action, goal: Goal, message?: string): string {
  if (action === 'toggleHome')
    return goal.homePageVisible ? 'Goal hidden from your home page.' : 'Goal shown on your home page.';
  if (message) return message;
  if (action === 'complete') return goalMessages.completed;
  if (action === 'abandon') return goalMessages.abandoned;
  return goalMessages.deleted;
}

/**
 * The card and detail actions: complete, abandon, toggle home visibility and delete (after a
 * confirmation). Success and error toasts; lists and stats are refetched afterwards.
 */
export function useGoalActions(onDone?: (action: Action, goal: Goal) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ action, goal }: { action: Action; goal: Goal }) => calls[action](goal.id),
    onSuccess: (response, { action, goal }) => {
      toast.success(successText(action, goal, response.message));
      onDone?.(action, goal);
    },
    onError: (error) => toast.error(goalErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goalsKeys.all }),
  });

  const run = (action: Action, goal: Goal) => mutation.mutate({ action, goal });
  return {
    busyId: mutation.isPending ? mutation.variables.goal.id : null,
    complete: (goal: Goal) => run('complete', goal),
    abandon: (goal: Goal) => run('abandon', goal),
    toggleHome: (goal: Goal) => run('toggleHome', goal),
    remove: (goal: Goal) =>
      void openConfirm({
        title: 'Delete goal',
        children: `Delete “${goal.text}”? It disappears from your goals and statistics.`,
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => run('remove', goal),
      }),
  };
}

export type GoalActions = ReturnType<typeof useGoalActions>;

import { carePlanMessages } from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { carePlansApi, carePlansKeys, type CarePlanUpdate } from './api';

/**
 * A plan's changes (save, sign, refine) and its sharing. An answer is the plan's new current
 * version: the drawer shows it at once and the list is refreshed. The server's words are toasted;
 * sharing the same version again is a warning, not an error.
 */
export function useCarePlanActions(patientId: string, planId: string) {
  const queryClient = useQueryClient();
  const detailKey = carePlansKeys.detail(patientId, planId);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: carePlansKeys.list(patientId) });

  const update = useMutation({
    mutationFn: (body: CarePlanUpdate) => carePlansApi.update(planId, body),
    onSuccess: (answer, body) => {
      toast.success(answer.message ?? (body.isSigned ? carePlanMessages.signed : carePlanMessages.updated));
      queryClient.setQueryData(detailKey, answer.data);
      void refreshList();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const share = useMutation({
    mutationFn: () => carePlansApi.share(planId),
    onSuccess: (answer) => {
      if (answer.warning) toast.warning(answer.message);
      else toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: detailKey });
      void refreshList();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return { update, share };
}

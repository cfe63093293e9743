import { Button } from '@mantine/core';
import { carePlanMessages } from '@mindledger/domain';
import { IconTargetArrow } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { clientGoalsKeys } from '../goals/api';
import { carePlansApi } from './api';

interface TherapistGoalButtonProps {
  patientId: string;
  planId: string;
  goalId: string;
  goalTitle: string;
}

/**
 * A saved plan goal becomes one of the client's therapist goals, within the goals feature's limits
 * ('Maximum of 5 therapist goals reached') and its duplicate rule; the server's words are shown.
 */
export function TherapistGoalButton({ patientId, planId, goalId, goalTitle }: TherapistGoalButtonProps) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => carePlansApi.addTherapistGoal(planId, goalId),
    onSuccess: (answer) => {
      toast.success(answer.message ?? carePlanMessages.goalAdopted);
      void queryClient.invalidateQueries({ queryKey: clientGoalsKeys.list(patientId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTargetArrow size={14} aria-hidden="true" />}
      loading={add.isPending}
      aria-label={`Add as therapist goal: ${goalTitle}`}
      onClick={() => add.mutate()}
    >
      Add as therapist goal
    </Button>
  );
}

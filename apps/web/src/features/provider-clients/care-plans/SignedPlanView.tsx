import { Button, Group, Stack } from '@mantine/core';
import { IconEdit, IconHistory, IconSend } from '@tabler/icons-react';
import type { CarePlanRecord } from './api';
import { confirmEditSigned, confirmSharePlan } from './care-plan-dialogs';
import { CarePlanDocumentView } from './CarePlanDocumentView';
import { documentOf } from './plan-form';
import { TherapistGoalButton } from './TherapistGoalButton';
import { useCarePlanActions } from './useCarePlanActions';

interface SignedPlanViewProps {
  patientId: string;
  clientName?: string;
  plan: CarePlanRecord;
  onEdit: () => void;
  onHistory: () => void;
}

/** A signed plan, read-only: 'Edit signed plan' (after confirming), sharing, history, goals to adopt. */
export function SignedPlanView({ patientId, clientName, plan, onEdit, onHistory }: SignedPlanViewProps) {
  const { share } = useCarePlanActions(patientId, plan.id);
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          leftSection={<IconEdit size={14} aria-hidden="true" />}
          onClick={() => confirmEditSigned(onEdit)}
        >
          Edit signed plan
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden="true" />}
          loading={share.isPending}
          onClick={() => confirmSharePlan(clientName, plan.version, () => share.mutate())}
        >
          Share with client
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHistory size={14} aria-hidden="true" />}
          onClick={onHistory}
        >
          History
        </Button>
      </Group>
      <CarePlanDocumentView
        doc={documentOf(plan.carePlan)}
        goalAction={(goal) => (
          <TherapistGoalButton
            patientId={patientId}
            planId={plan.id}
            goalId={goal.id}
            goalTitle={goal.title}
          />
        )}
      />
    </Stack>
  );
}

import { useCallback, useRef, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { carePlanMessages } from '@mindledger/domain';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { carePlansApi, carePlansKeys } from './api';
import { CarePlanDrawer, type PlanTarget } from './CarePlanDrawer';
import { CarePlanList } from './CarePlanList';

export interface CarePlansSectionProps {
  patientId: string;
  clientName?: string;
}

/**
 * The client's care (treatment) plans on the Notes/Plans tab (Part 2 §3 'Treatment plan (care
 * plan) document'): a draft generated from the notes and the client's goals, edited in a
 * structured editor or refined, signed, shared, with every version kept.
 */
export function CarePlansSection({ patientId, clientName }: CarePlansSectionProps) {
  const queryClient = useQueryClient();
  const session = useRef(0);
  const [target, setTarget] = useState<PlanTarget | null>(null);
  const plans = useQuery({
    queryKey: carePlansKeys.list(patientId),
    queryFn: ({ signal }) => carePlansApi.list(patientId, signal),
  });

  const open = (id: string) => {
    session.current += 1;
    setTarget({ session: session.current, id });
  };
  const close = useCallback(() => setTarget(null), []);

  const generate = useMutation({
    mutationFn: () => carePlansApi.generate(patientId),
    onSuccess: (answer) => {
      toast.success(answer.message ?? carePlanMessages.generated);
      queryClient.setQueryData(carePlansKeys.detail(patientId, answer.data.id), answer.data);
      void queryClient.invalidateQueries({ queryKey: carePlansKeys.list(patientId) });
      open(answer.data.id);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const body = () => {
    if (plans.isPending) return <LoadingState label="Loading care plans..." />;
    if (plans.isError)
      return (
        <ErrorState
          title="Unable to load the care plans"
          message={errorMessage(plans.error)}
          onRetry={() => void plans.refetch()}
        />
      );
    if (plans.data.length === 0)
      return (
        <EmptyState title="No care plans yet.">
          Generate a draft from your notes and the client’s goals.
        </EmptyState>
      );
    return <CarePlanList plans={plans.data} busy={plans.isFetching} onOpen={(plan) => open(plan.id)} />;
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="care-plans-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="care-plans-title">
              Care Plans
            </Title>
            <Text fz="sm" c="dimmed">
              Treatment plans with goals, objectives and strategies. Review a generated draft before signing.
            </Text>
          </Stack>
          <Button
            leftSection={
              generate.isPending ? (
                <Loader size={14} color="currentColor" aria-hidden="true" />
              ) : (
                <IconSparkles size={16} aria-hidden="true" />
              )
            }
            disabled={generate.isPending}
            aria-busy={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {generate.isPending ? 'Generating…' : 'Generate care plan'}
          </Button>
        </Group>
        {body()}
      </Stack>
      <CarePlanDrawer patientId={patientId} clientName={clientName} target={target} onClose={close} />
    </Card>
  );
}

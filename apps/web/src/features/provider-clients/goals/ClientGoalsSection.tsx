import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { goalLimits, goalNotesMax, goalTextMax, type GoalRequest, type GoalType } from '@mindledger/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { openConfirm } from '../../../ui/confirm';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { GoalEditorModal, goalErrorMessage, type GoalEditorTexts } from '../../goals';
import { ClientGoalItem } from './ClientGoalItem';
import { clientGoalsApi, clientGoalsKeys, type ClientGoal } from './api';

type ArchiveAction = 'complete' | 'abandon';

const archiveTexts: Record<ArchiveAction, { title: string; confirm: string; body: string; done: string }> = {
  complete: {
    title: 'Complete goal',
    confirm: 'Complete',
    body: 'It moves to the client’s archived goals as completed.',
    done: 'Goal completed.',
  },
  abandon: {
    title: 'Abandon goal',
    confirm: 'Abandon',
    body: 'It moves to the client’s archived goals as abandoned and stops counting towards the limit.',
    done: 'Goal abandoned.',
  },
};

/** The provider's texts of the shared goal form, for a therapist goal of this client. */
function therapistGoalTexts(clientLabel: string): GoalEditorTexts {
  return {
    title: { create: 'Add therapist goal', edit: 'Edit therapist goal' },
    submit: { create: 'Add goal', edit: 'Save changes' },
    goalDescription: `What should ${clientLabel} work towards? Up to ${goalTextMax} characters.`,
    notes: {
      label: 'Notes (optional)',
      description: `Up to ${goalNotesMax} characters. The client sees these notes.`,
    },
    targetDate: { label: 'Target date (optional)' },
  };
}

/**
 * The client's goals inside the provider's patient overview: their active personal goals (read-only)
 * and the therapist goals this provider sets, edits, completes or abandons (Part 1 §1, §2, §6).
 */
export function ClientGoalsSection({
  patientId,
  clientLabel = 'the client',
}: {
  patientId: string;
  clientLabel?: string;
}) {
  const queryClient = useQueryClient();
  const goals = useQuery({
    queryKey: clientGoalsKeys.list(patientId),
    queryFn: ({ signal }) => clientGoalsApi.list(patientId, signal),
    // Goal queries are not cached (Part 1 §7, §9).
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const [form, setForm] = useState<{ goal: ClientGoal | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientGoalsKeys.list(patientId) });

  const archive = useMutation({
    mutationFn: ({ goal, action }: { goal: ClientGoal; action: ArchiveAction }) =>
      action === 'complete' ? clientGoalsApi.complete(goal.id) : clientGoalsApi.abandon(goal.id),
    onSuccess: (answer, { action }) => {
      toast.success(answer.message ?? archiveTexts[action].done);
      void refresh();
    },
    onError: (error) => toast.error(goalErrorMessage(error)),
  });

  const save = async (body: GoalRequest) => {
    try {
      const answer = form?.goal
        ? await clientGoalsApi.update(form.goal.id, body)
        : await clientGoalsApi.create(patientId, body);
      toast.success(answer.message ?? 'Goal saved.');
      setForm(null);
      await refresh();
    } catch (error) {
      toast.error(goalErrorMessage(error));
    }
  };

  const confirmArchive = (goal: ClientGoal, action: ArchiveAction) => {
    const texts = archiveTexts[action];
    void openConfirm({
      title: texts.title,
      children: (
        <Stack gap={4}>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {texts.confirm} “{goal.text}”?
          </Text>
          <Text fz="sm" c="dimmed">
            {texts.body}
          </Text>
        </Stack>
      ),
      labels: { confirm: texts.confirm, cancel: 'Cancel' },
      confirmProps: { color: action === 'complete' ? 'green' : 'red' },
      onConfirm: () => archive.mutate({ goal, action }),
    });
  };

  const personal = goals.data?.personal ?? [];
  const therapist = goals.data?.therapist ?? [];
  const limitReached =
    therapist.length >= goalLimits.therapist || personal.length + therapist.length >= goalLimits.total;
  const empty = goals.isSuccess && personal.length === 0 && therapist.length === 0;
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      onClick={() => setForm({ goal: null })}
      disabled={limitReached}
    >
      Add therapist goal
    </Button>
  );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="client-goals-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="client-goals-title">
            Goals
          </Title>
          {goals.isSuccess && !empty && addButton}
        </Group>
        {goals.isPending ? (
          <LoadingState label="Loading goals..." />
        ) : goals.isError ? (
          <ErrorState
            title="Unable to load the client’s goals"
            message={goalErrorMessage(goals.error)}
            onRetry={() => void goals.refetch()}
          />
        ) : empty ? (
          <Stack align="center" gap="sm" pb="md">
            <EmptyState title="No goals yet">
              Neither you nor {clientLabel} has set an active goal. A therapist goal appears on the client’s
              Goals page.
            </EmptyState>
            {addButton}
          </Stack>
        ) : (
          <>
            <GoalGroup title="Therapist goals" type="therapist" goals={therapist} limitReached={limitReached}>
              {therapist.map((goal) => (
                <ClientGoalItem
                  key={goal.id}
                  goal={goal}
                  actions={{
                    busy: archive.isPending && archive.variables?.goal.id === goal.id,
                    onEdit: () => setForm({ goal }),
                    onComplete: () => confirmArchive(goal, 'complete'),
                    onAbandon: () => confirmArchive(goal, 'abandon'),
                  }}
                />
              ))}
            </GoalGroup>
            <GoalGroup
              title="Personal goals"
              type="personal"
              goals={personal}
              hint="Set by the client; read-only."
            >
              {personal.map((goal) => (
                <ClientGoalItem key={goal.id} goal={goal} />
              ))}
            </GoalGroup>
          </>
        )}
      </Stack>
      <GoalEditorModal
        opened={form !== null}
        goal={form?.goal ?? null}
        texts={therapistGoalTexts(clientLabel)}
        optionalCategory
        closeOnClickOutside={false}
        onClose={() => setForm(null)}
        onSubmit={save}
      />
    </Card>
  );
}

interface GoalGroupProps {
  title: string;
  type: GoalType;
  goals: ClientGoal[];
  hint?: string;
  limitReached?: boolean;
  children: ReactNode;
}

function GoalGroup({ title, type, goals, hint, limitReached = false, children }: GoalGroupProps) {
  const headingId = `client-goals-${type}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Stack gap={0}>
        <Title order={3} fz="md" id={headingId}>
          {title}
        </Title>
        {hint && (
          <Text fz="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      {goals.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No active {type} goals.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {children}
        </Stack>
      )}
      <Group gap="xs">
        <Text fz="xs" c="dimmed">
          {goals.length} of {goalLimits[type]} {type} goals used
        </Text>
        {limitReached && (
          <Badge size="sm" color="orange" variant="light">
            Goal limit reached
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { carePlanMessages, carePlanSignBlocker, type CarePlanDocument } from '@mindledger/domain';
import { IconHistory, IconSend, IconSparkles } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChangesGuard';
import { RefineForm } from '../documents/RefineForm';
import type { CarePlanRecord } from './api';
import { confirmSharePlan, confirmSignPlan } from './care-plan-dialogs';
import { GoalsField } from './GoalsField';
import { carePlanFormValues, carePlanResolver, type CarePlanFormValues } from './plan-form';
import { PlanClosingFields, PlanFields } from './PlanFields';
import { useCarePlanActions } from './useCarePlanActions';
import classes from './care-plans.module.css';

interface CarePlanEditorProps {
  patientId: string;
  clientName?: string;
  /** The plan's current version; a signed one is edited only after 'Edit signed plan'. */
  plan: CarePlanRecord;
  onDirtyChange: (dirty: boolean) => void;
  onHistory: () => void;
}

/**
 * The structured care-plan editor (Part 2 §3): the shared schema's checks and messages, 'Save'
 * (a new version), 'Sign plan', 'Refine with AI' and 'Share with client'. Editing a signed plan
 * sends editSigned: the signed version stays in the history and this one is a new draft.
 */
export function CarePlanEditor({
  patientId,
  clientName,
  plan,
  onDirtyChange,
  onHistory,
}: CarePlanEditorProps) {
  const form = useForm<CarePlanFormValues, unknown, CarePlanDocument>({
    resolver: carePlanResolver,
    defaultValues: carePlanFormValues(plan.carePlan),
    mode: 'onTouched',
  });
  const { isDirty } = form.formState;
  const [refining, setRefining] = useState(false);
  const { update, share } = useCarePlanActions(patientId, plan.id);
  const editSigned = plan.isSigned ? { editSigned: true } : {};
  const savedGoals = useMemo(() => new Map(plan.carePlan.goals.map((g) => [g.id, g.title])), [plan]);

  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const busy = update.isPending || share.isPending;
  const pending = update.isPending ? update.variables : undefined;
  const save = form.handleSubmit((carePlan) =>
    update.mutate({ carePlan, editMode: 'manual', ...editSigned }),
  );

  const requestSign = form.handleSubmit((carePlan) => {
    const blocker = carePlanSignBlocker(carePlan);
    if (blocker) {
      toast.error(blocker);
      return;
    }
    confirmSignPlan(() => update.mutate({ carePlan, isSigned: true, editMode: 'manual', ...editSigned }));
  });

  // Unsaved edits are refined with the plan (they are its base), once they pass the checks.
  const refine = (refinmentDetails: string) => {
    const send = (carePlan?: CarePlanDocument) =>
      update.mutate({
        editMode: 'refine',
        refinmentDetails,
        ...(carePlan ? { carePlan } : {}),
        ...editSigned,
      });
    if (!isDirty) send();
    else void form.handleSubmit(send)();
  };

  return (
    <Stack gap="md">
      <form
        // Enter in a field saves, like the Save button: only when something changed.
        onSubmit={(event) => {
          event.preventDefault();
          if (isDirty && !busy) void save();
        }}
        noValidate
        aria-label="Care plan"
      >
        <Stack gap="md">
          <PlanFields form={form} />
          <GoalsField form={form} patientId={patientId} planId={plan.id} savedGoals={savedGoals} />
          <PlanClosingFields form={form} />
        </Stack>
      </form>
      {refining && (
        <RefineForm
          name="Refine care plan"
          label="How should the plan change?"
          description="For example: shorter, or focus on sleep. Unsaved edits are refined with the plan."
          requiredMessage={carePlanMessages.refinementRequired}
          submitLabel="Refine plan"
          pending={pending?.editMode === 'refine'}
          onSubmit={refine}
          onCancel={() => setRefining(false)}
        />
      )}
      <Group className={classes.actions} justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant={refining ? 'filled' : 'light'}
            leftSection={<IconSparkles size={14} aria-hidden="true" />}
            aria-pressed={refining}
            disabled={busy}
            onClick={() => setRefining(!refining)}
          >
            Refine with AI
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden="true" />}
            loading={share.isPending}
            // What is shared is the saved version: save the changes first.
            disabled={busy || isDirty}
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
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            loading={pending?.editMode === 'manual' && !pending.isSigned}
            disabled={busy || !isDirty}
            onClick={() => void save()}
          >
            Save
          </Button>
          <Button
            // White on teal.9 reaches 4.5:1; the green shades do not.
            color="teal.9"
            loading={pending?.isSigned === true}
            disabled={busy}
            onClick={() => void requestSign()}
          >
            Sign plan
          </Button>
        </Group>
      </Group>
      <UnsavedChangesGuard dirty={isDirty} />
    </Stack>
  );
}

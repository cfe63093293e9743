import { Button, Fieldset, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { carePlanBounds } from '@mindledger/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { ObjectivesField } from './ObjectivesField';
import { newGoal, type CarePlanForm } from './plan-form';
import { TherapistGoalButton } from './TherapistGoalButton';
import classes from './care-plans.module.css';

const max = carePlanBounds.goals;

interface GoalsFieldProps {
  form: CarePlanForm;
  patientId: string;
  planId: string;
  /** The saved plan's goals, with their saved titles: those can become therapist goals. */
  savedGoals: ReadonlyMap<string, string>;
}

/** The plan's goals (at most 10), each with its objectives. */
export function GoalsField({ form, patientId, planId, savedGoals }: GoalsFieldProps) {
  const goals = useFieldArray({ control: form.control, name: 'goals', keyName: 'key' });
  const errors = form.formState.errors.goals;
  return (
    <Stack gap="sm" component="section" aria-labelledby="care-plan-goals-title">
      <Title order={3} fz="md" id="care-plan-goals-title">
        Goals
      </Title>
      {goals.fields.length === 0 && (
        <Text fz="sm" c="dimmed">
          No goals yet. A plan needs at least one goal to be signed.
        </Text>
      )}
      {goals.fields.map((field, index) => {
        const savedTitle = savedGoals.get(field.id);
        return (
          <Fieldset key={field.key} legend={`Goal ${index + 1}`} className={classes.goal}>
            <Stack gap="sm">
              <TextInput
                label="Goal"
                required
                maxLength={carePlanBounds.text[1]}
                error={errors?.[index]?.title?.message}
                {...form.register(`goals.${index}.title`)}
              />
              <ObjectivesField form={form} goal={index} />
              <Group justify="space-between" gap="xs" wrap="wrap">
                {savedTitle ? (
                  <TherapistGoalButton
                    patientId={patientId}
                    planId={planId}
                    goalId={field.id}
                    goalTitle={savedTitle}
                  />
                ) : (
                  <Text fz="xs" c="dimmed">
                    Save the plan to add this goal as a therapist goal.
                  </Text>
                )}
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  onClick={() => goals.remove(index)}
                >
                  Remove goal {index + 1}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={goals.fields.length >= max}
          onClick={() => goals.append(newGoal())}
        >
          Add goal
        </Button>
        <Text fz="xs" c="dimmed">
          {goals.fields.length} of {max}
        </Text>
      </Group>
    </Stack>
  );
}

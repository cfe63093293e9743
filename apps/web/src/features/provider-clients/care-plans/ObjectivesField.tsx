import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { carePlanBounds } from '@mindledger/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { newObjective, statusOptions, type CarePlanForm } from './plan-form';
import { StrategiesField } from './StrategiesField';
import classes from './care-plans.module.css';

const max = carePlanBounds.objectives;

/** A goal's objectives (at most 10): what, target, duration, completion, status and strategies. */
export function ObjectivesField({ form, goal }: { form: CarePlanForm; goal: number }) {
  const name = `goals.${goal}.objectives` as const;
  const objectives = useFieldArray({ control: form.control, name, keyName: 'key' });
  const errors = form.formState.errors.goals?.[goal]?.objectives;
  return (
    <Stack gap="sm">
      {objectives.fields.length === 0 && (
        <Text fz="sm" c="dimmed">
          No objectives yet.
        </Text>
      )}
      {objectives.fields.map((field, index) => {
        const error = errors?.[index];
        return (
          <Fieldset key={field.key} legend={`Objective ${index + 1}`} className={classes.objective}>
            <Stack gap="sm">
              <TextInput
                label="Objective"
                required
                maxLength={carePlanBounds.text[1]}
                error={error?.title?.message}
                {...form.register(`${name}.${index}.title`)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Target"
                  maxLength={carePlanBounds.text[1]}
                  error={error?.objectiveValue?.message}
                  {...form.register(`${name}.${index}.objectiveValue`)}
                />
                <TextInput
                  label="Duration"
                  placeholder="8 weeks"
                  maxLength={carePlanBounds.short[1]}
                  error={error?.duration?.message}
                  {...form.register(`${name}.${index}.duration`)}
                />
                <Controller
                  control={form.control}
                  name={`${name}.${index}.completion`}
                  render={({ field: input }) => (
                    <NumberInput
                      label="Completion (%)"
                      min={0}
                      max={100}
                      allowDecimal={false}
                      allowNegative={false}
                      error={error?.completion?.message}
                      name={input.name}
                      value={input.value}
                      onChange={input.onChange}
                      onBlur={input.onBlur}
                      ref={input.ref}
                    />
                  )}
                />
                <NativeSelect
                  label="Status"
                  data={statusOptions}
                  error={error?.status?.message}
                  {...form.register(`${name}.${index}.status`)}
                />
              </SimpleGrid>
              <StrategiesField form={form} goal={goal} objective={index} />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  onClick={() => objectives.remove(index)}
                >
                  Remove objective {index + 1}
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
          disabled={objectives.fields.length >= max}
          onClick={() => objectives.append(newObjective())}
        >
          Add objective
        </Button>
        <Text fz="xs" c="dimmed">
          {objectives.fields.length} of {max}
        </Text>
      </Group>
    </Stack>
  );
}

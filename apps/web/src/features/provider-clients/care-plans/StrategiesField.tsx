import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { carePlanBounds } from '@mindledger/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { newStrategy, type CarePlanForm } from './plan-form';

const max = carePlanBounds.strategies;

interface StrategiesFieldProps {
  form: CarePlanForm;
  goal: number;
  objective: number;
}

/** An objective's strategies: intervention, modality and frequency, at most 10. */
export function StrategiesField({ form, goal, objective }: StrategiesFieldProps) {
  const name = `goals.${goal}.objectives.${objective}.strategy` as const;
  const strategies = useFieldArray({ control: form.control, name, keyName: 'key' });
  const errors = form.formState.errors.goals?.[goal]?.objectives?.[objective]?.strategy;
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500}>
        Strategies
      </Text>
      {strategies.fields.length === 0 && (
        <Text fz="sm" c="dimmed">
          No strategies yet.
        </Text>
      )}
      {strategies.fields.map((field, index) => (
        <Fieldset key={field.key} legend={`Strategy ${index + 1}`} variant="unstyled" p={0}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label="Intervention"
                required
                maxLength={carePlanBounds.text[1]}
                error={errors?.[index]?.intervention?.message}
                {...form.register(`${name}.${index}.intervention`)}
              />
              <TextInput
                label="Modality"
                maxLength={carePlanBounds.short[1]}
                error={errors?.[index]?.modality?.message}
                {...form.register(`${name}.${index}.modality`)}
              />
              <TextInput
                label="Frequency"
                maxLength={carePlanBounds.short[1]}
                error={errors?.[index]?.frequency?.message}
                {...form.register(`${name}.${index}.frequency`)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={`Remove strategy ${index + 1}`}
              onClick={() => strategies.remove(index)}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      <Group gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={strategies.fields.length >= max}
          onClick={() => strategies.append(newStrategy())}
        >
          Add strategy
        </Button>
        <Text fz="xs" c="dimmed">
          {strategies.fields.length} of {max}
        </Text>
      </Group>
    </Stack>
  );
}

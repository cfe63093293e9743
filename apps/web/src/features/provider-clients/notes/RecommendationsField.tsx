import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { noteBounds } from '@mindledger/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { NoteFormOutput, NoteFormValues } from './note-form';

const max = noteBounds.recommendations;

/** The note's recommendations: a list of short texts, at most 20 (empty ones are dropped on save). */
export function RecommendationsField({
  form,
}: {
  form: UseFormReturn<NoteFormValues, unknown, NoteFormOutput>;
}) {
  const watched = useWatch({ control: form.control, name: 'recommendation' }) ?? [];
  const items = watched.map((item) => (typeof item === 'string' ? item : ''));
  const set = (next: string[]) => form.setValue('recommendation', next, { shouldDirty: true });
  const error = form.formState.errors.recommendation;
  return (
    <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fz="sm" fw={500} p={0}>
        Recommendations
      </Text>
      {items.length === 0 && (
        <Text fz="sm" c="dimmed">
          No recommendations yet.
        </Text>
      )}
      {items.map((item, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`Recommendation ${index + 1}`}
            value={item}
            maxLength={noteBounds.recommendation[1]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              set(items.map((current, i) => (i === index ? value : current)));
            }}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove recommendation ${index + 1}`}
            onClick={() => set(items.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {error?.message && <Input.Error>{error.message}</Input.Error>}
      <Group gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => set([...items, ''])}
          disabled={items.length >= max}
        >
          Add recommendation
        </Button>
        <Text fz="xs" c="dimmed">
          {items.length} of {max}
        </Text>
      </Group>
    </Stack>
  );
}

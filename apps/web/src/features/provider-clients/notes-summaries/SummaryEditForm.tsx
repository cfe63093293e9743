import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { lengths, requiredText } from '@mindledger/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/**
 * The hand edit: the summary's markup, required and at most 50,000 characters. It is sent as
 * written: its line breaks are its structure (headings, bullets), so the plain-text clean-up that
 * collapses whitespace is not applied here.
 */
const editSchema = z.object({ noteSum: requiredText('Summary', lengths.longText) });
type EditValues = z.input<typeof editSchema>;

interface SummaryEditFormProps {
  markup: string;
  pending: boolean;
  onSubmit: (noteSum: string) => void;
  onCancel: () => void;
}

export function SummaryEditForm({ markup, pending, onSubmit, onCancel }: SummaryEditFormProps) {
  const form = useForm<EditValues, unknown, z.output<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    defaultValues: { noteSum: markup },
  });
  const submit = form.handleSubmit((values) => onSubmit(values.noteSum));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit summary">
      <Stack gap="sm">
        <Textarea
          label="Summary"
          description="Markup: # heading, - bullet (-- for a sub-point), **bold**."
          required
          autosize
          minRows={8}
          maxRows={24}
          maxLength={lengths.longText[1]}
          data-autofocus
          error={form.formState.errors.noteSum?.message}
          {...form.register('noteSum')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" type="button" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

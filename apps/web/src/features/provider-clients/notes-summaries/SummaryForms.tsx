import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { lengths, messages, notesSummaryMessages, requiredText } from '@mindledger/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/**
 * The hand edit: the summary's markup, required and at most 50,000 characters. It is sent as
 * written: its line breaks are its structure (headings, bullets), so the plain-text clean-up that
 * collapses whitespace is not applied here.
 */
const editSchema = z.object({ noteSum: requiredText('Summary', lengths.longText) });
type EditValues = z.input<typeof editSchema>;

const refineSchema = z.object({
  refinmentDetails: z
    .string()
    .trim()
    .min(1, notesSummaryMessages.refinementRequired)
    .max(lengths.mediumText[1], messages.maxChars(lengths.mediumText[1])),
});
type RefineValues = z.input<typeof refineSchema>;

interface FormProps<T> {
  pending: boolean;
  onSubmit: (value: T) => void;
  onCancel: () => void;
}

export function SummaryEditForm({
  markup,
  pending,
  onSubmit,
  onCancel,
}: FormProps<string> & { markup: string }) {
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

/** A refinement: an instruction ('shorter', 'focus on sleep') that makes a new version. */
export function SummaryRefineForm({ pending, onSubmit, onCancel }: FormProps<string>) {
  const form = useForm<RefineValues, unknown, z.output<typeof refineSchema>>({
    resolver: zodResolver(refineSchema),
    defaultValues: { refinmentDetails: '' },
  });
  const submit = form.handleSubmit((values) => onSubmit(values.refinmentDetails));
  const focusOn = () => {
    form.setValue('refinmentDetails', 'Focus on ');
    form.setFocus('refinmentDetails');
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Refine summary">
      <Stack gap="sm">
        <TextInput
          label="How should it change?"
          description="For example: shorter, more detailed, or focus on sleep."
          required
          maxLength={lengths.mediumText[1]}
          error={form.formState.errors.refinmentDetails?.message}
          {...form.register('refinmentDetails')}
        />
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              type="button"
              disabled={pending}
              onClick={() => onSubmit('shorter')}
            >
              Shorter
            </Button>
            <Button variant="light" size="xs" type="button" disabled={pending} onClick={focusOn}>
              Focus on…
            </Button>
          </Group>
          <Group gap="sm">
            <Button variant="default" type="button" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Refine summary
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

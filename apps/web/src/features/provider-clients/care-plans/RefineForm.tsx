import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { carePlanBounds, carePlanMessages, messages } from '@mindledger/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const refineSchema = z.object({
  refinmentDetails: z
    .string()
    .trim()
    .min(1, carePlanMessages.refinementRequired)
    .max(carePlanBounds.text[1], messages.maxChars(carePlanBounds.text[1])),
});
type RefineValues = z.input<typeof refineSchema>;

interface RefineFormProps {
  pending: boolean;
  onSubmit: (refinmentDetails: string) => void;
  onCancel: () => void;
}

/** 'Refine with AI': an instruction ('shorter', 'focus on sleep') that makes a new version. */
export function RefineForm({ pending, onSubmit, onCancel }: RefineFormProps) {
  const form = useForm<RefineValues, unknown, z.output<typeof refineSchema>>({
    resolver: zodResolver(refineSchema),
    defaultValues: { refinmentDetails: '' },
  });
  const submit = form.handleSubmit((values) => onSubmit(values.refinmentDetails));
  const example = (text: string) => {
    form.setValue('refinmentDetails', text, { shouldValidate: true });
    form.setFocus('refinmentDetails');
  };
  return (
    // A form of its own beside the plan's: its submit never submits the plan.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Refine care plan">
      <Stack gap="sm">
        <Textarea
          label="How should the plan change?"
          description="For example: shorter, or focus on sleep. Unsaved edits are refined with the plan."
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={carePlanBounds.text[1]}
          data-autofocus
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
              onClick={() => example('shorter')}
            >
              Shorter
            </Button>
            <Button
              variant="light"
              size="xs"
              type="button"
              disabled={pending}
              onClick={() => example('focus on sleep')}
            >
              Focus on sleep
            </Button>
          </Group>
          <Group gap="sm">
            <Button variant="default" type="button" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Refine plan
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

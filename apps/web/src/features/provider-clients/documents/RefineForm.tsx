import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { lengths, messages } from '@mindledger/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const maxLength = lengths.mediumText[1];

// 'refinmentDetails' (sic) is the API's field name.
const refineSchema = (requiredMessage: string) =>
  z.object({
    refinmentDetails: z.string().trim().min(1, requiredMessage).max(maxLength, messages.maxChars(maxLength)),
  });
type RefineSchema = ReturnType<typeof refineSchema>;

interface RefineFormProps {
  /** The form's accessible name ('Refine care plan'). */
  name: string;
  label: string;
  description: string;
  requiredMessage: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (refinmentDetails: string) => void;
  onCancel: () => void;
}

/** A refinement: an instruction ('shorter', 'focus on sleep') that makes a new version. */
export function RefineForm({
  name,
  label,
  description,
  requiredMessage,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: RefineFormProps) {
  const schema = useMemo(() => refineSchema(requiredMessage), [requiredMessage]);
  const form = useForm<z.input<RefineSchema>, unknown, z.output<RefineSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { refinmentDetails: '' },
  });
  const submit = form.handleSubmit((values) => onSubmit(values.refinmentDetails));
  const focusOn = () => {
    form.setValue('refinmentDetails', 'Focus on ', { shouldValidate: true });
    form.setFocus('refinmentDetails');
  };
  return (
    // A form of its own: beside a document's form, its submit never submits the document.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={name}>
      <Stack gap="sm">
        <Textarea
          label={label}
          description={description}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={maxLength}
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
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

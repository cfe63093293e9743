import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { markInactiveSchema } from '@mindledger/domain';
import type { z } from 'zod';

export { markInactiveSchema };
export type MarkInactiveInput = z.input<typeof markInactiveSchema>;
export type MarkInactiveOutput = z.output<typeof markInactiveSchema>;
export type MarkInactiveForm = UseFormReturn<MarkInactiveInput, unknown, MarkInactiveOutput>;

interface MarkInactiveModalProps {
  opened: boolean;
  clientLabel: string;
  form: MarkInactiveForm;
  onCancel: () => void;
  onSubmit: (values: MarkInactiveOutput) => Promise<void>;
}

/** 'Mark inactive': a required reason (≤ 500) and optional notes. The form lives in the page (guarded). */
export function MarkInactiveModal({ opened, clientLabel, form, onCancel, onSubmit }: MarkInactiveModalProps) {
  const { errors, isSubmitting } = form.formState;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Mark client inactive"
      centered
      closeOnClickOutside={false}
    >
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            While {clientLabel} is inactive you cannot see their shared information. To work together again,
            request reactivation; the client has to agree.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            rows={3}
            maxLength={500}
            description="Up to 500 characters. Stored in the connection history."
            error={errors.reason?.message}
            {...form.register('reason')}
          />
          <Textarea
            label="Notes (optional)"
            rows={3}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" color="orange" variant="light" loading={isSubmitting}>
              Mark inactive
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

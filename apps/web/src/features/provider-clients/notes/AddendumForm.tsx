import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { addendumSchema, noteBounds, noteMessages } from '@mindledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChangesGuard';
import { clinicalNotesApi, clinicalNotesKeys } from './api';

type AddendumValues = z.input<typeof addendumSchema>;
type Addendum = z.output<typeof addendumSchema>;

/** A correction to a signed note: an addendum, with its author and time (Part 2 §3). */
export function AddendumForm({ patientId, noteId }: { patientId: string; noteId: string }) {
  const queryClient = useQueryClient();
  const form = useForm<AddendumValues, unknown, Addendum>({
    resolver: zodResolver(addendumSchema),
    defaultValues: { text: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const submit = form.handleSubmit(async ({ text }) => {
    try {
      const answer = await clinicalNotesApi.addAddendum(noteId, text);
      queryClient.setQueryData(clinicalNotesKeys.detail(patientId, noteId), answer.data);
      toast.success(answer.message ?? noteMessages.addendumAdded);
      form.reset({ text: '' });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Addendum"
          description="Signed notes are locked; a correction or later information is added here."
          autosize
          minRows={3}
          maxRows={10}
          maxLength={noteBounds.addendum[1]}
          error={errors.text?.message}
          {...form.register('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Add addendum
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesGuard dirty={isDirty} />
    </form>
  );
}

import { Button, Group, Stack, Textarea } from '@mantine/core';
import { noteBounds, noteMessages } from '@mindledger/domain';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { clinicalNotesApi } from './api';
import type { NoteFormOutput, NoteFormValues } from './note-form';
import { RecommendationsField } from './RecommendationsField';

type NoteForm = UseFormReturn<NoteFormValues, unknown, NoteFormOutput>;

const notesMax = noteBounds.notes[1];
const count = (value: number) => value.toLocaleString('en-US');

/** The note's words: session notes (with a counter), additional notes, AI summary, recommendations. */
export function NoteTextFields({ form }: { form: NoteForm }) {
  const { errors } = form.formState;
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  return (
    <>
      <Textarea
        label="Notes"
        required
        autosize
        minRows={6}
        maxRows={20}
        maxLength={notesMax}
        // The counter sits under the field and is read with it (Mantine links the description).
        description={`${count(notes.length)} / ${count(notesMax)} characters`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <Textarea
        label="Additional notes"
        autosize
        minRows={2}
        maxRows={10}
        maxLength={notesMax}
        error={errors.additionalNotes?.message}
        {...form.register('additionalNotes')}
      />
      <AiSummaryField form={form} />
      <RecommendationsField form={form} />
    </>
  );
}

/** The AI summary of the draft's current words (generate-ai-summary), editable afterwards. */
function AiSummaryField({ form }: { form: NoteForm }) {
  const generate = useMutation({
    mutationFn: () => {
      const { notes, additionalNotes } = form.getValues();
      if (!notes.trim()) throw new Error(noteMessages.noteTextRequired);
      return clinicalNotesApi.summarise({ notes, additionalNotes: additionalNotes || undefined });
    },
    onSuccess: (summary) => form.setValue('AIsummary', summary, { shouldDirty: true, shouldValidate: true }),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Stack gap={6}>
      <Textarea
        label="AI summary"
        description="Generated from the notes above; review and edit it before signing."
        autosize
        minRows={2}
        maxRows={10}
        maxLength={notesMax}
        error={form.formState.errors.AIsummary?.message}
        {...form.register('AIsummary')}
      />
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconSparkles size={14} aria-hidden="true" />}
          loading={generate.isPending}
          onClick={() => generate.mutate()}
        >
          Generate AI summary
        </Button>
      </Group>
    </Stack>
  );
}

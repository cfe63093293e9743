import { useEffect, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { noteMessages } from '@mindledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChangesGuard';
import { useCurrentUser } from '../../auth';
import { clinicalNotesApi, clinicalNotesKeys, refreshNoteLists, type Note } from './api';
import { clearDraftId, storeDraftId } from './draft-storage';
import { confirmDeleteDraft, confirmLeave, confirmSign } from './note-dialogs';
import {
  newNoteValues,
  noteFormSchema,
  noteFormValues,
  type NoteFormOutput,
  type NoteFormValues,
} from './note-form';
import { NoteSessionFields } from './NoteSessionFields';
import { NoteTextFields } from './NoteTextFields';
import { useNoteAutosave, type AutosaveStatus } from './useNoteAutosave';

/** What must happen before the drawer closes; it answers whether the drawer may close. */
export type CloseGate = RefObject<(() => Promise<boolean>) | null>;

interface NoteDraftEditorProps {
  patientId: string;
  /** The saved draft to edit, or null for a new progress note. */
  note: Note | null;
  /** The draft's id once it has one (a new note gets it with its first save). */
  noteId: string | null;
  /** Re-opened from sessionStorage on coming back to the tab. */
  restored: boolean;
  closeGate: CloseGate;
  onCreated: (note: Note) => void;
  onDeleted: () => void;
}

const autosaveToastId = 'note-autosave-error';

/**
 * The progress-note draft editor (Part 2 §3): the spec's defaults, the shared schema's messages,
 * autosave 2 s after the last valid edit, 'Save draft', 'Sign note' and 'Delete draft'.
 */
export function NoteDraftEditor({
  patientId,
  note,
  noteId,
  restored,
  closeGate,
  onCreated,
  onDeleted,
}: NoteDraftEditorProps) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const form = useForm<NoteFormValues, unknown, NoteFormOutput>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: note ? noteFormValues(note) : newNoteValues(user?.timezone),
    mode: 'onTouched',
  });
  const [busy, setBusy] = useState<'save' | 'sign' | 'delete' | null>(null);
  const autosave = useNoteAutosave(form, {
    patientId,
    noteId: note?.id ?? null,
    onSaved: (answer, created) => {
      queryClient.setQueryData(clinicalNotesKeys.detail(patientId, answer.data.id), answer.data);
      refreshNoteLists(queryClient, patientId);
      if (!created) return;
      storeDraftId(patientId, answer.data.id);
      onCreated(answer.data);
    },
    onAutosaveError: (error) => toast.error(errorMessage(error), { id: autosaveToastId }),
  });

  useEffect(() => {
    closeGate.current = async () => {
      if (!autosave.dirty) return true;
      if (autosave.valid) {
        try {
          await autosave.flush();
          return true;
        } catch (error) {
          toast.error(errorMessage(error));
        }
      }
      const leave = await confirmLeave();
      if (leave) await autosave.discard();
      return leave;
    };
    return () => {
      closeGate.current = null;
    };
  });

  const saveDraft = form.handleSubmit(async (values) => {
    setBusy('save');
    try {
      const answer = await autosave.flush(values);
      toast.success(answer?.message ?? noteMessages.updated);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  });

  const sign = async (values: NoteFormOutput) => {
    setBusy('sign');
    try {
      await autosave.flush(values);
      const id = autosave.noteId();
      if (!id) return;
      const answer = await clinicalNotesApi.sign(id);
      clearDraftId(patientId);
      toast.success(answer.message ?? noteMessages.signed);
      refreshNoteLists(queryClient, patientId);
      // The drawer shows the signed note read-only from here on.
      queryClient.setQueryData(clinicalNotesKeys.detail(patientId, id), answer.data);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const requestSign = form.handleSubmit((values) => confirmSign(() => void sign(values)));

  const remove = async () => {
    setBusy('delete');
    try {
      const id = await autosave.discard();
      if (id) {
        const answer = await clinicalNotesApi.remove(id);
        toast.success(answer.message ?? noteMessages.deleted);
        queryClient.removeQueries({ queryKey: clinicalNotesKeys.detail(patientId, id) });
        refreshNoteLists(queryClient, patientId);
      }
      clearDraftId(patientId);
      onDeleted();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={(event) => void saveDraft(event)} noValidate aria-label="Progress note draft">
      <Stack gap="md">
        {restored && (
          <Alert color="blue" variant="light" p="xs">
            Autosaved draft restored.
          </Alert>
        )}
        <NoteSessionFields form={form} />
        <NoteTextFields form={form} />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <AutosaveStatusText status={autosave.status} dirty={autosave.dirty} valid={autosave.valid} />
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {noteId && (
              <Button
                variant="subtle"
                color="red"
                loading={busy === 'delete'}
                disabled={busy !== null}
                onClick={() => confirmDeleteDraft(() => void remove())}
              >
                Delete draft
              </Button>
            )}
            <Button
              type="submit"
              variant="default"
              loading={busy === 'save'}
              disabled={busy !== null || (noteId !== null && !autosave.dirty)}
            >
              Save draft
            </Button>
            <Button
              // White on teal.9 reaches 4.5:1; the green shades do not.
              color="teal.9"
              loading={busy === 'sign'}
              disabled={busy !== null}
              onClick={() => void requestSign()}
            >
              Sign note
            </Button>
          </Group>
        </Group>
      </Stack>
      <UnsavedChangesGuard dirty={autosave.dirty} autosave={autosave.valid} />
    </form>
  );
}

function AutosaveStatusText({
  status,
  dirty,
  valid,
}: {
  status: AutosaveStatus;
  dirty: boolean;
  valid: boolean;
}) {
  const text =
    status === 'saving'
      ? 'Saving…'
      : status === 'error'
        ? 'Autosave failed'
        : dirty && !valid
          ? 'A title and notes are needed before the draft is saved.'
          : dirty
            ? 'Unsaved changes'
            : status === 'saved'
              ? 'Draft saved'
              : '';
  return (
    <Text fz="xs" c={status === 'error' ? 'red' : 'dimmed'} role="status" aria-live="polite">
      {text}
    </Text>
  );
}

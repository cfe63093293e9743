import { useEffect, useRef } from 'react';
import { Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../api/client';
import { ErrorState, LoadingState } from '../../../ui/states';
import { clinicalNotesApi, clinicalNotesKeys, type Note } from './api';
import { clearDraftId } from './draft-storage';
import { NoteDraftEditor, type CloseGate } from './NoteDraftEditor';
import { SignedNoteView } from './SignedNoteView';

/** What the drawer shows: a new note (id null) or a saved one; `session` is one opening of it. */
export interface EditorTarget {
  session: number;
  id: string | null;
  restored: boolean;
}

interface NoteEditorDrawerProps {
  patientId: string;
  clientName?: string;
  target: EditorTarget | null;
  onCreated: (note: Note) => void;
  onClose: () => void;
}

/** The progress-note drawer: the draft editor, or a signed note read-only with its addenda. */
export function NoteEditorDrawer({
  patientId,
  clientName,
  target,
  onCreated,
  onClose,
}: NoteEditorDrawerProps) {
  const mobile = useMediaQuery('(max-width: 48em)');
  const gate: CloseGate = useRef<(() => Promise<boolean>) | null>(null);
  const closing = useRef(false);

  // Closing deliberately saves what is pending (or asks), then forgets the remembered draft.
  const requestClose = async () => {
    if (closing.current) return;
    closing.current = true;
    try {
      if (gate.current && !(await gate.current())) return;
      clearDraftId(patientId);
      onClose();
    } finally {
      closing.current = false;
    }
  };

  return (
    <Drawer
      opened={target !== null}
      onClose={() => void requestClose()}
      position="right"
      size={mobile ? '100%' : 'xl'}
      title="Progress note"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target && (
        <Stack gap="md">
          {clientName && (
            <Text fz="sm" c="dimmed">
              Client: {clientName}
            </Text>
          )}
          <NoteEditorBody
            key={target.session}
            patientId={patientId}
            target={target}
            gate={gate}
            onCreated={onCreated}
            onGone={onClose}
          />
        </Stack>
      )}
    </Drawer>
  );
}

interface NoteEditorBodyProps {
  patientId: string;
  target: EditorTarget;
  gate: CloseGate;
  onCreated: (note: Note) => void;
  /** The draft was deleted, or a restored one no longer exists. */
  onGone: () => void;
}

function NoteEditorBody({ patientId, target, gate, onCreated, onGone }: NoteEditorBodyProps) {
  const detail = useQuery({
    queryKey: clinicalNotesKeys.detail(patientId, target.id ?? ''),
    queryFn: ({ signal }) => clinicalNotesApi.get(target.id ?? '', signal),
    enabled: target.id !== null,
    refetchOnWindowFocus: false,
  });
  const missing = detail.error instanceof ApiError && detail.error.status === 404;
  const signed = detail.data?.isSigned === true;

  // A signed or vanished note is no draft to come back to.
  useEffect(() => {
    if (signed || missing) clearDraftId(patientId);
    if (missing && target.restored) onGone();
  }, [signed, missing, patientId, target.restored, onGone]);

  const editor = (note: Note | null) => (
    <NoteDraftEditor
      patientId={patientId}
      note={note}
      noteId={target.id}
      restored={target.restored}
      closeGate={gate}
      onCreated={onCreated}
      onDeleted={onGone}
    />
  );

  if (target.id === null) return editor(null);
  // A restored draft is read fresh from the server (a save made on leaving may be newer than the cache).
  if (detail.isPending || (target.restored && !detail.isFetchedAfterMount && detail.isFetching))
    return <LoadingState label="Loading note..." />;
  if (detail.isError)
    return (
      <ErrorState
        title="Unable to load this note"
        message={errorMessage(detail.error)}
        onRetry={missing ? undefined : () => void detail.refetch()}
      />
    );
  if (detail.data.isSigned) return <SignedNoteView patientId={patientId} note={detail.data} />;
  return editor(detail.data);
}

import { useCallback, useRef, useState } from 'react';
import { Stack } from '@mantine/core';
import { CarePlansSection } from '../care-plans';
import { NotesSummariesSection } from '../notes-summaries';
import type { Note } from './api';
import { storedDraftId, storeDraftId } from './draft-storage';
import { NoteEditorDrawer, type EditorTarget } from './NoteEditorDrawer';
import { NotesList } from './NotesList';
import { TodosSection } from './TodosSection';

export interface NotesPlansTabProps {
  patientId: string;
  clientName?: string;
}

/**
 * The provider's Notes/Plans tab (Part 2 §2, §3, §5): care plans, AI notes summaries, the client's
 * session notes with the progress-note editor, and to-dos. A draft being written is re-opened on
 * coming back.
 */
export function NotesPlansTab({ patientId, clientName }: NotesPlansTabProps) {
  const session = useRef(0);
  const [target, setTarget] = useState<EditorTarget | null>(() => {
    const id = storedDraftId(patientId);
    return id ? { session: 0, id, restored: true } : null;
  });

  const open = (id: string | null) => {
    session.current += 1;
    setTarget({ session: session.current, id, restored: false });
  };
  const openNote = (note: Note) => {
    // Only a draft is remembered: a signed note has nothing left to write.
    if (!note.isSigned) storeDraftId(patientId, note.id);
    open(note.id);
  };
  const created = useCallback((note: Note) => setTarget((t) => (t ? { ...t, id: note.id } : t)), []);
  const close = useCallback(() => setTarget(null), []);

  return (
    <Stack gap="lg">
      <CarePlansSection patientId={patientId} clientName={clientName} />
      <NotesSummariesSection patientId={patientId} clientName={clientName} />
      <NotesList patientId={patientId} onOpen={openNote} onNew={() => open(null)} />
      <TodosSection patientId={patientId} />
      <NoteEditorDrawer
        patientId={patientId}
        clientName={clientName}
        target={target}
        onCreated={created}
        onClose={close}
      />
    </Stack>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { clinicalNotesApi, newNoteKey, type NoteAnswer, type NoteCreateBody } from './api';
import {
  createBodyOf,
  parseNoteForm,
  updateDataOf,
  type NoteFormOutput,
  type NoteFormValues,
} from './note-form';

/** Part 2 §3: a valid draft is saved 2 s after the last edit. */
export const autosaveDelayMs = 2_000;

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface NoteAutosaveOptions {
  patientId: string;
  /** The draft being edited; null until a new note is first saved. */
  noteId: string | null;
  /** After every save (`created` on the first one of a new note); also runs after an unmount. */
  onSaved: (answer: NoteAnswer, created: boolean) => void;
  /** A save started by the timer or by leaving failed. */
  onAutosaveError: (error: unknown) => void;
}

interface PendingCreate {
  key: string;
  body: NoteCreateBody;
  revision: number;
}

/** A failure after which the same create may not simply be sent again (the request itself is wrong). */
function refused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409;
}

/**
 * Saves a note draft as it is written: every edit bumps a revision; once the form is valid a save
 * follows 2 s after the last edit (create-notes first, with the note's own Idempotency-Key, then PUT
 * `{ data }`). Saves run one after another. `flush` saves now; an unmount (leaving the page or the
 * tab) saves what is pending, so nothing valid is lost.
 */
export function useNoteAutosave(
  form: UseFormReturn<NoteFormValues, unknown, NoteFormOutput>,
  options: NoteAutosaveOptions,
) {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const state = useRef({
    revision: 0,
    saved: 0,
    latest: null as NoteFormOutput | null,
    noteId: options.noteId,
    pendingCreate: null as PendingCreate | null,
    queue: Promise.resolve() as Promise<unknown>,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [dirty, setDirty] = useState(false);
  const [valid, setValid] = useState(() => parseNoteForm(form.getValues()) !== null);

  const run = useCallback(async (): Promise<NoteAnswer | null> => {
    const s = state.current;
    const { patientId, onSaved } = optionsRef.current;
    const revision = s.revision;
    const values = s.latest;
    if (!values || (s.noteId && revision === s.saved)) return null;
    setStatus('saving');
    try {
      let last: NoteAnswer | null = null;
      if (!s.noteId) {
        s.pendingCreate ??= { key: newNoteKey(), body: createBodyOf(patientId, values), revision };
        const pending = s.pendingCreate;
        const answer = await clinicalNotesApi.create(pending.body, pending.key).catch((error: unknown) => {
          if (refused(error)) s.pendingCreate = null;
          throw error;
        });
        s.noteId = answer.data.id;
        s.pendingCreate = null;
        s.saved = pending.revision;
        last = answer;
        onSaved(answer, true);
      }
      // A retried create carries the words of its first attempt: the newer ones follow as an update.
      if (s.saved !== revision) {
        const answer = await clinicalNotesApi.update(s.noteId, updateDataOf(values));
        s.saved = revision;
        last = answer;
        onSaved(answer, false);
      }
      setDirty(s.revision !== s.saved);
      setStatus('saved');
      return last;
    } catch (error) {
      setStatus('error');
      throw error;
    }
  }, []);

  const enqueue = useCallback(() => {
    const s = state.current;
    const next = s.queue.then(run);
    s.queue = next.catch(() => undefined);
    return next;
  }, [run]);

  /** Saves now (the explicit 'Save draft', signing, closing); `values` are the form's checked ones. */
  const flush = useCallback(
    (values?: NoteFormOutput) => {
      const s = state.current;
      clearTimeout(s.timer);
      if (values) s.latest = values;
      return enqueue();
    },
    [enqueue],
  );

  /** Forgets what is pending (a deleted or discarded draft); resolves to the note's id, if any. */
  const discard = useCallback(async () => {
    const s = state.current;
    clearTimeout(s.timer);
    s.saved = s.revision;
    s.latest = null;
    setDirty(false);
    await s.queue;
    return s.noteId;
  }, []);

  useEffect(() => {
    const s = state.current;
    const subscription = form.watch((values) => {
      s.revision += 1;
      s.latest = parseNoteForm(values);
      setDirty(true);
      setValid(s.latest !== null);
      clearTimeout(s.timer);
      if (s.latest)
        s.timer = setTimeout(
          () => void enqueue().catch((error: unknown) => optionsRef.current.onAutosaveError(error)),
          autosaveDelayMs,
        );
    });
    return () => subscription.unsubscribe();
  }, [form, enqueue]);

  // Leaving (the guard's Leave, another tab, closing the drawer) saves a valid pending draft first.
  useEffect(() => {
    const s = state.current;
    return () => {
      clearTimeout(s.timer);
      if (s.latest && (s.revision !== s.saved || !s.noteId))
        void enqueue().catch((error: unknown) => optionsRef.current.onAutosaveError(error));
    };
  }, [enqueue]);

  return {
    status,
    /** Changes not saved yet. */
    dirty,
    /** The form passes the shared schema, so pending changes will be saved. */
    valid,
    noteId: () => state.current.noteId,
    flush,
    discard,
  };
}

import type {
  ClinicalPriority,
  CreateNote,
  CreateTodo,
  NoteCategory,
  NoteFrequency,
  NoteService,
  NoteTime,
  UpdateNote,
} from '@mindledger/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../../api/client';

/**
 * The provider's clinical notes and to-dos for one client (docs/API-clinical-notes.md, Part 2 §3,
 * §5, §7). A note is a draft until it is signed; a signed note is locked and takes addenda.
 */

/** Notes per page of the Notes/Plans tab. */
export const notesPageSize = 10;

export interface NoteAddendum {
  _id: string;
  id: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
}

/** A note as the editor reads it (the server's presentNote). */
export interface Note {
  _id: string;
  id: string;
  patientId: string;
  providerId: string;
  title: string;
  notes: string;
  additionalNotes: string;
  category: NoteCategory | null;
  priority: ClinicalPriority;
  date: string;
  time: NoteTime;
  timeFormatted: string;
  duration: number;
  service: NoteService;
  AIsummary: string;
  recommendation: string[];
  frequency: NoteFrequency;
  isSigned: boolean;
  signedAt: string | null;
  signedBy: string | null;
  addenda: NoteAddendum[];
  createdAt: string;
  updatedAt: string;
}

export type NoteStatusFilter = 'signed' | 'draft';

export interface NotesParams {
  page: number;
  category?: NoteCategory;
  status?: NoteStatusFilter;
}

export interface NotePage {
  data: Note[];
  total: number;
  page: number;
  hasNext: boolean;
}

export interface NoteAnswer {
  success: boolean;
  message?: string;
  data: Note;
}

/** A row of the dashboard's session-notes list, across the provider's clients. */
export interface SessionNote {
  _id: string;
  id: string;
  title: string;
  category: NoteCategory | null;
  date: string;
  /** Already formatted, e.g. '3:30 PM'. */
  time: string;
  isSigned: boolean;
  signedAt: string | null;
  patientDetails: { _id: string; firstName: string; lastName: string };
}

export interface SessionNotesAnswer {
  data: SessionNote[];
  signedLast30Days: number;
}

export interface Todo {
  _id: string;
  id: string;
  patientId: string;
  name: string;
  notes: string;
  prescription: string;
  materials: string;
  research: string;
  dueDate: string | null;
  priority: ClinicalPriority;
  done: boolean;
  doneAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface TodoAnswer {
  success: boolean;
  message?: string;
  data: Todo;
}

/** A to-do as the form sends it: '' or null clears a text (and the due date) on an edit. */
export type TodoBody = Omit<CreateTodo, 'patientId'>;
export type TodoUpdate = Partial<{ [K in keyof TodoBody]: TodoBody[K] | '' | null }> & { done?: boolean };

/** The note body of create-notes, without the server's defaults applied twice. */
export type NoteCreateBody = CreateNote;
/** PUT notes/{id} `{ data }`: the changed fields; '' or null clears an optional one. */
export type NoteUpdateData = { [K in keyof UpdateNote]?: UpdateNote[K] | null };

export const clinicalNotesKeys = {
  all: ['provider-clinical-notes'] as const,
  of: (patientId: string) => [...clinicalNotesKeys.all, patientId] as const,
  lists: (patientId: string) => [...clinicalNotesKeys.of(patientId), 'list'] as const,
  list: (patientId: string, params: NotesParams) => [...clinicalNotesKeys.lists(patientId), params] as const,
  detail: (patientId: string, id: string) => [...clinicalNotesKeys.of(patientId), 'note', id] as const,
  todos: (patientId: string) => [...clinicalNotesKeys.of(patientId), 'todos'] as const,
  sessionNotesAll: () => [...clinicalNotesKeys.all, 'session-notes'] as const,
  sessionNotes: (limit: number) => [...clinicalNotesKeys.sessionNotesAll(), limit] as const,
};

/**
 * After a note is written, signed or deleted: the client's lists and the dashboard's Session Notes
 * card (its list and signed count), which would otherwise show its cached answer for up to 30 s.
 */
export function refreshNoteLists(queryClient: QueryClient, patientId: string): void {
  void queryClient.invalidateQueries({ queryKey: clinicalNotesKeys.lists(patientId) });
  void queryClient.invalidateQueries({ queryKey: clinicalNotesKeys.sessionNotesAll() });
}

/** A key for one new note, kept across the retries of its first save (so it is created once). */
export function newNoteKey(): string {
  // randomUUID exists only in secure contexts; the client's key works everywhere.
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newIdempotencyKey();
}

const id = (value: string) => encodeURIComponent(value);

export const clinicalNotesApi = {
  list: (patientId: string, params: NotesParams, signal?: AbortSignal) =>
    api.get<NotePage>(`get-all-notes/${id(patientId)}`, {
      query: { ...params, limit: notesPageSize },
      signal,
    }),
  get: async (noteId: string, signal?: AbortSignal): Promise<Note> =>
    (await api.get<{ data: Note }>(`notes/${id(noteId)}`, { signal })).data,
  /**
   * The first save of a new note. The key is the note's own (not one per call, as `idempotent`
   * would make): an autosave retried after a lost answer then finds the note already written.
   */
  create: (body: NoteCreateBody, idempotencyKey: string) =>
    api.post<NoteAnswer>('create-notes', body, { idempotencyKey }),
  update: (noteId: string, data: NoteUpdateData) => api.put<NoteAnswer>(`notes/${id(noteId)}`, { data }),
  sign: (noteId: string) => api.put<NoteAnswer>(`notes/${id(noteId)}`, { data: { isSigned: true } }),
  remove: (noteId: string) => api.delete<{ success: boolean; message?: string }>(`notes/${id(noteId)}`),
  addAddendum: (noteId: string, text: string) =>
    api.post<NoteAnswer>(`notes/${id(noteId)}/addenda`, { text }, { idempotent: true }),
  summarise: async (body: { notes: string; additionalNotes?: string }): Promise<string> =>
    (await api.post<{ data: { AIsummary: string } }>('generate-ai-summary', body)).data.AIsummary,
  sessionNotes: (limit: number, signal?: AbortSignal) =>
    api.get<SessionNotesAnswer>('get-all-session-notes', { query: { limit }, signal }),

  todos: async (patientId: string, signal?: AbortSignal): Promise<Todo[]> =>
    (await api.get<{ data: Todo[] }>(`todos/${id(patientId)}`, { signal })).data,
  createTodo: (patientId: string, body: TodoBody) =>
    api.post<TodoAnswer>('todos', { ...body, patientId }, { idempotent: true }),
  updateTodo: (todoId: string, body: TodoUpdate) => api.put<TodoAnswer>(`todos/${id(todoId)}`, body),
  removeTodo: (todoId: string) => api.delete<{ success: boolean; message?: string }>(`todos/${id(todoId)}`),
};

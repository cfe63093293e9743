import { formatNoteTime, minutesToNoteTime } from '@mindledger/domain';
import type { AddendumRow, NoteRow, TodoRow } from './repo.js';

export function presentAddendum(row: AddendumRow) {
  return {
    _id: row.id,
    id: row.id,
    authorId: row.authorId,
    authorName: row.authorName,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A note as the editor reads it (Part 2 §3 Progress note draft), with its addenda. */
export function presentNote(row: NoteRow, addenda: AddendumRow[] = []) {
  const time = minutesToNoteTime(row.timeMinutes);
  return {
    _id: row.id,
    id: row.id,
    patientId: row.patientId,
    providerId: row.providerId,
    title: row.title,
    notes: row.notes,
    additionalNotes: row.additionalNotes ?? '',
    category: row.category,
    priority: row.priority,
    date: row.sessionDate,
    time,
    timeFormatted: formatNoteTime(time),
    duration: row.duration,
    service: row.service,
    AIsummary: row.aiSummary ?? '',
    recommendation: row.recommendations,
    frequency: row.frequency,
    isSigned: row.isSigned,
    signedAt: row.signedAt?.toISOString() ?? null,
    signedBy: row.signedBy,
    addenda: addenda.filter((a) => a.noteId === row.id).map(presentAddendum),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type NoteView = ReturnType<typeof presentNote>;

/** A row of the dashboard's session-notes list (Part 2 §3 Session note). */
export function presentSessionNote(row: {
  id: string;
  patientId: string;
  title: string;
  category: NoteRow['category'];
  sessionDate: string;
  timeMinutes: number;
  isSigned: boolean;
  signedAt: Date | null;
  firstName: string;
  lastName: string;
}) {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    category: row.category,
    date: row.sessionDate,
    time: formatNoteTime(minutesToNoteTime(row.timeMinutes)),
    isSigned: row.isSigned,
    signedAt: row.signedAt?.toISOString() ?? null,
    patientDetails: { _id: row.patientId, firstName: row.firstName, lastName: row.lastName },
  };
}

export function presentTodo(row: TodoRow) {
  return {
    _id: row.id,
    id: row.id,
    patientId: row.patientId,
    name: row.name,
    notes: row.notes ?? '',
    prescription: row.prescription ?? '',
    materials: row.materials ?? '',
    research: row.research ?? '',
    dueDate: row.dueDate,
    priority: row.priority,
    done: row.done,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

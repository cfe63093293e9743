import { formatNoteTime, minutesToNoteTime, type CarePlanDocument } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { ClinicalNoteInput } from '../../platform/ai/index.js';
import { findUserById } from '../../platform/users.js';
import type { NoteRow, NotesRepo } from '../clinical-notes/index.js';

/** A note as the AI port reads it: the provider's own record, notes and additional notes together. */
export function noteInput(row: NoteRow): ClinicalNoteInput {
  return {
    id: row.id,
    date: row.sessionDate,
    time: formatNoteTime(minutesToNoteTime(row.timeMinutes)),
    title: row.title,
    category: row.category ?? undefined,
    priority: row.priority,
    text: [row.notes, row.additionalNotes].filter(Boolean).join('\n'),
    recommendations: row.recommendations,
    frequency: row.frequency,
    signed: row.isSigned,
  };
}

export async function clientFirstName(ctx: AppContext, patientId: string): Promise<string> {
  const user = await findUserById(ctx.db, patientId);
  return user?.firstName.trim() || 'The client';
}

/** The client's notes of the last year by the provider, oldest first (a care plan's sources). */
export function recentNotes(notes: NotesRepo, providerId: string, patientId: string, today: string) {
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  return notes.inRange(providerId, patientId, yearAgo, today, 60);
}

export type { CarePlanDocument };

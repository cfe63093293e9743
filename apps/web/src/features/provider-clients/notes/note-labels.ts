import {
  clinicalPriorities,
  noteCategories,
  noteFrequencies,
  noteServiceLabels,
  noteServices,
  type ClinicalPriority,
  type NoteCategory,
} from '@mindledger/domain';
import { formatDate } from '../../../ui/format';

const capitalise = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;

export const categoryLabels = Object.fromEntries(noteCategories.map((c) => [c, capitalise(c)])) as Record<
  NoteCategory,
  string
>;
export const priorityLabels = Object.fromEntries(clinicalPriorities.map((p) => [p, capitalise(p)])) as Record<
  ClinicalPriority,
  string
>;
export const priorityColors: Record<ClinicalPriority, string> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export const categoryOptions = noteCategories.map((value) => ({ value, label: categoryLabels[value] }));
export const priorityOptions = clinicalPriorities.map((value) => ({ value, label: priorityLabels[value] }));
export const serviceOptions = noteServices.map((value) => ({ value, label: noteServiceLabels[value] }));
export const frequencyOptions = noteFrequencies.map((value) => ({ value, label: value }));

/** A session day 'YYYY-MM-DD' and its time as lists show them: 'Nov 20, 2026 · 3:30 PM'. */
export function sessionWhen(date: string, time: string): string {
  return `${formatDate(date)} · ${time}`;
}

/** 'Signed on Nov 20, 2026 at 3:35 PM'. */
export function signedLine(signedAt: string | null): string {
  if (!signedAt) return 'Signed';
  return `Signed on ${formatDate(signedAt)} at ${formatDate(signedAt, 'h:mm A')}`;
}

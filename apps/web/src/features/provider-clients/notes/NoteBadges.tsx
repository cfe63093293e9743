import { Badge } from '@mantine/core';
import { noteStatusLabel, type ClinicalPriority, type NoteCategory } from '@mindledger/domain';
import { categoryLabels, priorityColors, priorityLabels } from './note-labels';

export function NoteStatusBadge({ isSigned }: { isSigned: boolean }) {
  return (
    <Badge size="sm" variant="light" color={isSigned ? 'green' : 'gray'}>
      {noteStatusLabel({ isSigned })}
    </Badge>
  );
}

export function NoteCategoryBadge({ category }: { category: NoteCategory | null }) {
  if (!category) return null;
  return (
    <Badge size="sm" variant="outline" color="indigo">
      {categoryLabels[category]}
    </Badge>
  );
}

/** A priority badge; `onlyRaised` shows it only for high and urgent (the notes list). */
export function PriorityBadge({
  priority,
  onlyRaised = false,
}: {
  priority: ClinicalPriority;
  onlyRaised?: boolean;
}) {
  if (onlyRaised && priority !== 'high' && priority !== 'urgent') return null;
  return (
    <Badge size="sm" variant="light" color={priorityColors[priority]}>
      {priorityLabels[priority]} priority
    </Badge>
  );
}

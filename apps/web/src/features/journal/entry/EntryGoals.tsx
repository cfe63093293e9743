import { GoalSelectionCard, useGoals } from '../../goals';

/** The goal selection card of a journal entry, fed with the client's active goals. */
export function EntryGoals({
  selectedIds,
  onChange,
}: {
  selectedIds: string[];
  onChange(ids: string[]): void;
}) {
  const goals = useGoals();
  const toOption = (g: {
    id: string;
    text: string;
    emoji: string;
    mentionCount: number;
    type: 'personal' | 'therapist';
  }) => ({
    id: g.id,
    text: g.text,
    emoji: g.emoji,
    mentionCount: g.mentionCount,
    type: g.type,
  });
  return (
    <GoalSelectionCard
      personal={(goals.data?.personal ?? []).map(toOption)}
      therapist={(goals.data?.therapist ?? []).map(toOption)}
      selectedIds={selectedIds}
      onChange={onChange}
      loading={goals.isLoading}
      error={goals.isError}
      onRetry={() => void goals.refetch()}
    />
  );
}

import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../ui/format';
import { ErrorState, LoadingState } from '../../ui/states';
import { goalQueryOptions, goalsApi, goalsKeys, type GoalEntryLink } from './api';
import { goalErrorMessage } from './errors';

export const noEntriesText = 'No journal entries mention this goal yet.';

/** The journal entries that mention a goal (GET /goals/journal/entries/by-goal/{id}). */
export function GoalEntries({ goalId }: { goalId: string }) {
  const entries = useQuery({
    queryKey: goalsKeys.entries(goalId),
    queryFn: ({ signal }) => goalsApi.entries(goalId, signal),
    ...goalQueryOptions,
  });
  if (entries.isPending) return <LoadingState label="Loading entries..." />;
  if (entries.isError)
    return (
      <ErrorState
        title="Unable to load the entries"
        message={goalErrorMessage(entries.error)}
        onRetry={() => void entries.refetch()}
      />
    );
  if (entries.data.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {noEntriesText}
      </Text>
    );
  return (
    <Stack
      gap="xs"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Entries that mention this goal"
    >
      {entries.data.map((entry) => (
        <EntryRow key={entry.entryId} entry={entry} />
      ))}
    </Stack>
  );
}

function EntryRow({ entry }: { entry: GoalEntryLink }) {
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      p="xs"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {entry.emoji && (
        <Text component="span" fz={20} lh={1} aria-hidden="true">
          {entry.emoji}
        </Text>
      )}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600}>
          {formatDate(entry.date ?? entry.linkedAt)}
          {entry.mood && ` · ${entry.mood}`}
        </Text>
        {entry.notes && (
          <Text fz="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {entry.notes}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

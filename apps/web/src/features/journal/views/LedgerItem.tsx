import { Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconLock, IconMessageCircle, IconMicrophone, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { moodOption } from '@mindledger/domain';
import type { JournalEntry } from '../api';
import { longDay, relativeDay } from './dates';
import { emotionPath, entryExcerpt, journalTypeLabels } from './entry-text';
import { LinkedGoals } from './LinkedGoals';

export const privateHint = 'Only you can see this entry';

const typeIcons = { chat: IconMessageCircle, voice: IconMicrophone, photo: IconPhoto } as const;

interface LedgerItemProps {
  entry: JournalEntry;
  today: string;
  onDelete: (entry: JournalEntry) => void;
  deleting?: boolean;
}

/** One journal entry in the ledger: when, mood, emotion, an excerpt, goals, privacy and actions. */
export function LedgerItem({ entry, today, onDelete, deleting = false }: LedgerItemProps) {
  const when = relativeDay(entry.date, today);
  const path = emotionPath(entry);
  const excerpt = entryExcerpt(entry);
  const mood = moodOption(entry.mood);
  const type = entry.journalType !== 'prompt' ? entry.journalType : null;
  const TypeIcon = type ? typeIcons[type] : null;
  const goals = entry.goal?.selectedGoals ?? [];

  return (
    <Paper
      component="article"
      aria-label={`${entry.mood}, ${longDay(entry.date)}`}
      withBorder
      radius="md"
      p="md"
      style={{
        borderLeft: `4px solid ${mood?.color ?? entry.emotionData?.color ?? 'var(--mantine-color-gray-4)'}`,
      }}
    >
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Text fz={28} lh={1} aria-hidden="true">
            {entry.emoji || mood?.emoji || '📝'}
          </Text>
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
              <Text component="h3" fw={600} fz="md" m={0} lh={1.3}>
                {entry.mood}
              </Text>
              <Text fz="xs" c="dimmed" title={longDay(entry.date)} style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.date}>{when}</time>
              </Text>
            </Group>
            {(type || entry.isPrivate) && (
              <Group gap={6}>
                {type && TypeIcon && (
                  <Badge
                    variant="light"
                    color="grape"
                    leftSection={<TypeIcon size={12} aria-hidden="true" />}
                  >
                    {journalTypeLabels[type]}
                  </Badge>
                )}
                {entry.isPrivate && (
                  <Badge
                    variant="light"
                    color="gray"
                    title={privateHint}
                    leftSection={<IconLock size={12} aria-hidden="true" />}
                  >
                    Private
                    <VisuallyHidden component="span">: {privateHint}</VisuallyHidden>
                  </Badge>
                )}
              </Group>
            )}
            {path.length > 0 && (
              <Text fz="sm" c="dimmed">
                <VisuallyHidden component="span">Emotion: </VisuallyHidden>
                {entry.emotionData?.emoji && <span aria-hidden="true">{entry.emotionData.emoji} </span>}
                {path.map((name, index) => (
                  <span key={`${index}-${name}`}>
                    {index > 0 && <span aria-hidden="true"> &gt; </span>}
                    {name}
                  </span>
                ))}
                {entry.emotionData?.intensity ? `, intensity ${entry.emotionData.intensity}/10` : ''}
              </Text>
            )}
          </Stack>
        </Group>

        {excerpt && (
          <Text fz="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {excerpt}
          </Text>
        )}

        <LinkedGoals goals={goals} />

        <Group gap="xs" justify="flex-end">
          <Button
            component={Link}
            to={`/user/journaling-feature?edit=${encodeURIComponent(entry.id)}`}
            size="xs"
            variant="light"
          >
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(entry)} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

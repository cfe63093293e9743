import { Badge, Group, Paper, Progress, Spoiler, Stack, Text, VisuallyHidden } from '@mantine/core';
import { moodOption } from '@mindledger/domain';
import {
  IconAlertTriangle,
  IconMessageCircle,
  IconMicrophone,
  IconPencil,
  IconPhoto,
} from '@tabler/icons-react';
import { emotionPath, LinkedGoals, relativeDay, type JournalEntry } from '../../journal';
import { EntryConversation } from './EntryConversation';
import { fullDay, journalTypeNames, localTime } from './entry-format';
import classes from './ClientJournal.module.css';

const typeIcons = { prompt: IconPencil, chat: IconMessageCircle, voice: IconMicrophone, photo: IconPhoto };

interface ClientEntryCardProps {
  entry: JournalEntry;
  /** Today in the client's time zone (for 'Today', 'Yesterday', 'N days ago'). */
  today: string;
  clientName: string;
  /** The heading level of the entry's title inside the page's outline. */
  headingLevel?: 'h3' | 'h4';
}

/**
 * One shared journal entry as the provider reads it: when, mood, emotion, type, the notes exactly as
 * written (as text, never HTML), the conversation, photos and linked goals. Read-only.
 */
export function ClientEntryCard({ entry, today, clientName, headingLevel = 'h3' }: ClientEntryCardProps) {
  const mood = moodOption(entry.mood);
  const path = emotionPath(entry);
  const intensity = entry.emotionData?.intensity;
  const TypeIcon = typeIcons[entry.journalType] ?? IconPencil;
  const full = fullDay(entry.date);
  const time = localTime(entry.entryAt, entry.userTimezone);
  const goals = entry.goal?.selectedGoals ?? [];
  const images = (entry.photoData?.images ?? []).filter((image) => image.url);
  const hasConversation =
    entry.journalType === 'chat' || entry.journalType === 'voice' || entry.chatMessages.length > 0;

  return (
    <Paper
      component="article"
      aria-label={`${entry.mood}, ${full}`}
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      style={{
        borderLeft: `4px solid ${mood?.color ?? entry.emotionData?.color ?? 'var(--mantine-color-default-border)'}`,
      }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Text fz={30} lh={1} aria-hidden="true">
            {entry.emoji || mood?.emoji || '📝'}
          </Text>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" align="baseline" gap="xs">
              <Text component={headingLevel} fw={600} fz="md" m={0} lh={1.3}>
                {entry.mood}
              </Text>
              <Group gap={6}>
                {entry.riskLevel === 'crisis' || entry.riskLevel === 'concern' ? (
                  <Badge
                    variant="filled"
                    color={entry.riskLevel === 'crisis' ? 'red.8' : 'orange.9'}
                    leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}
                    title="The words of this entry match the risk check's phrases for self-harm. Read it with care."
                  >
                    {entry.riskLevel === 'crisis' ? 'Risk language' : 'Possible risk'}
                  </Badge>
                ) : null}
                <Badge variant="light" color="grape" leftSection={<TypeIcon size={12} aria-hidden="true" />}>
                  <VisuallyHidden component="span">Journal type: </VisuallyHidden>
                  {journalTypeNames[entry.journalType] ?? entry.journalType}
                </Badge>
              </Group>
            </Group>
            <Text fz="xs" c="dimmed">
              <time dateTime={entry.date}>
                <Text span fw={600} fz="xs" c="var(--mantine-color-text)">
                  {relativeDay(entry.date, today)}
                </Text>
                {' · '}
                {full}
                {time && ` · ${time}`}
              </time>
            </Text>
          </Stack>
        </Group>

        {path.length > 0 && (
          <Group gap="xs" wrap="wrap">
            <Text fz="sm">
              <VisuallyHidden component="span">Emotion: </VisuallyHidden>
              {entry.emotionData?.emoji && <span aria-hidden="true">{entry.emotionData.emoji} </span>}
              {path.map((name, index) => (
                <span key={`${index}-${name}`}>
                  {index > 0 && <span aria-hidden="true"> &gt; </span>}
                  {index > 0 && <VisuallyHidden component="span">, </VisuallyHidden>}
                  {name}
                </span>
              ))}
            </Text>
            {intensity ? (
              <Group gap={6} wrap="nowrap">
                <Progress
                  value={intensity * 10}
                  w={64}
                  size="sm"
                  color={entry.emotionData?.color ?? 'blue'}
                  aria-hidden="true"
                />
                <Text fz="xs" c="dimmed">
                  <VisuallyHidden component="span">Intensity </VisuallyHidden>
                  {intensity}/10
                </Text>
              </Group>
            ) : null}
          </Group>
        )}

        {entry.notes && (
          <Spoiler maxHeight={168} showLabel="Show more" hideLabel="Show less">
            <Text fz="sm" className={classes.notesText}>
              {entry.notes}
            </Text>
          </Spoiler>
        )}

        {hasConversation && <EntryConversation messages={entry.chatMessages} clientName={clientName} />}

        {images.length > 0 && (
          <Group gap="sm" component="ul" className={classes.photos} aria-label="Photos">
            {images.map((image, index) => (
              <li key={image.fileId}>
                <a href={image.url} target="_blank" rel="noopener noreferrer" className={classes.photoLink}>
                  <img
                    src={image.url}
                    alt={`Photo ${index + 1} of ${images.length} from the entry of ${full}`}
                    className={classes.photo}
                    loading="lazy"
                  />
                  <VisuallyHidden component="span"> (opens in a new tab)</VisuallyHidden>
                </a>
              </li>
            ))}
          </Group>
        )}

        <LinkedGoals
          goals={goals}
          chipClassNames={{ root: classes.goalChip, label: classes.goalChipLabel }}
        />
      </Stack>
    </Paper>
  );
}

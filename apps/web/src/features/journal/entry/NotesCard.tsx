import { ActionIcon, Alert, Card, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { dictationMessages } from './dictation';
import { useDictation } from './useDictation';

export interface NotesCardProps {
  value: string;
  onChange(value: string): void;
  error?: string | null;
  label?: string;
}

const maxNotes = 10_000;

/**
 * The journal notes card (Part 1 §2): a textarea and, where the browser offers speech recognition,
 * a microphone that dictates into it (read-only while dictating).
 */
export function NotesCard({ value, onChange, error, label = 'Journal notes' }: NotesCardProps) {
  const dictation = useDictation((text) => {
    const joined = value && !/\s$/.test(value) ? `${value} ${text}` : `${value}${text}`;
    onChange(joined.slice(0, maxNotes));
  });
  const shown = dictation.listening && dictation.interim ? `${value} ${dictation.interim}`.trim() : value;

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} component="label" htmlFor="journal-notes">
          {label}
        </Text>
        {dictation.supported ? (
          <Tooltip label={dictation.listening ? 'Stop dictation' : 'Dictate'}>
            <ActionIcon
              size="lg"
              radius="xl"
              variant={dictation.listening ? 'filled' : 'light'}
              color={dictation.listening ? 'red' : undefined}
              aria-label={dictation.listening ? 'Stop dictation' : 'Start dictation'}
              aria-pressed={dictation.listening}
              onClick={dictation.toggle}
            >
              {dictation.listening ? <IconPlayerStopFilled size={18} /> : <IconMicrophone size={18} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Textarea
        id="journal-notes"
        value={shown}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, maxNotes))}
        placeholder={dictation.listening ? dictationMessages.listening : 'Start wherever feels right...'}
        readOnly={dictation.listening}
        autosize
        minRows={5}
        maxRows={10}
        styles={{ input: { maxHeight: 400 } }}
        error={error ?? undefined}
        aria-describedby="journal-notes-count"
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {dictation.listening ? dictationMessages.recording : ''}
        </Text>
        <Text id="journal-notes-count" size="xs" c="dimmed">
          {value.length.toLocaleString('en-US')} / {maxNotes.toLocaleString('en-US')}
        </Text>
      </Group>
      {dictation.error ? (
        <Alert color="red" mt="xs" role="alert">
          {dictation.error}
        </Alert>
      ) : null}
      {!dictation.supported ? (
        <Text size="xs" c="dimmed" mt={4}>
          {dictationMessages.unsupported}
        </Text>
      ) : null}
    </Card>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconVolume } from '@tabler/icons-react';
import { errorMessage } from '../../../api/client';
import type { Safety } from '../api';
import { askAssistant, type AssistantRequest } from './ai-client';
import type { ChatLine } from './ChatJournal';
import { ChatHistory } from './ChatJournal';
import { CrisisResources } from './CrisisResources';
import { Dictation, dictationMessages, recognitionConstructor } from './dictation';
import { loadVoiceSettings, speak, stopSpeaking } from './voice-settings';
import { VoiceSettingsButton } from './VoiceSettingsButton';

export type VoiceState = 'idle' | 'recording' | 'processing' | 'playing';

export interface VoiceJournalProps {
  messages: ChatLine[];
  onChange(messages: ChatLine[]): void;
  /** Each finished utterance, so the transcript also lands in the entry's notes. */
  onUtterance(text: string): void;
  emotion?: AssistantRequest['emotion'];
  goalIds?: string[];
}

const stateText: Record<VoiceState, string> = {
  idle: 'Tap the microphone and speak.',
  recording: 'Recording... tap to stop when you are done.',
  processing: 'Thinking about what you said...',
  playing: 'Playing the reply...',
};

/**
 * Voice journaling (Part 1 §4): recording → processing → playing; the assistant answers up to
 * maxAiTurns times, the last answer being a closing statement.
 */
export function VoiceJournal({ messages, onChange, onUtterance, emotion, goalIds }: VoiceJournalProps) {
  const [settings, setSettings] = useState(loadVoiceSettings);
  const [state, setState] = useState<VoiceState>('idle');
  const [heard, setHeard] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [safety, setSafety] = useState<Safety>({ level: 'none' });
  const heardRef = useRef('');
  const Ctor = useMemo(() => recognitionConstructor(typeof window === 'undefined' ? {} : window), []);
  const turns = messages.filter((m) => m.role === 'assistant').length;
  const finished = turns >= settings.maxAiTurns;

  const dictation = useMemo(
    () =>
      Ctor
        ? new Dictation(Ctor, {
            onFinal: (text) => {
              heardRef.current = `${heardRef.current} ${text}`.trim();
              setHeard(heardRef.current);
            },
            onInterim: () => undefined,
            // dictation that stops by itself (the microphone refused, restarts failing) ends the recording
            onListeningChange: (on) => {
              if (!on) setState((now) => (now === 'recording' ? 'idle' : now));
            },
            onError: setError,
          })
        : null,
    [Ctor],
  );
  useEffect(
    () => () => {
      dictation?.stop();
      stopSpeaking();
    },
    [dictation],
  );

  async function respond(history: ChatLine[]) {
    setState('processing');
    try {
      const answer = await askAssistant(
        {
          messages: history,
          mode: 'voice',
          turn: turns + 1,
          maxTurns: settings.maxAiTurns,
          emotion,
          goalIds,
        },
        () => undefined,
      );
      setSafety(answer.safety);
      onChange([...history, { role: 'assistant', text: answer.reply }]);
      if (settings.autoPlayResponses) {
        setState('playing');
        await speak(answer.reply, settings);
      }
    } catch (failure) {
      setError(errorMessage(failure, 'The assistant is unavailable right now. Please try again.'));
    } finally {
      setState('idle');
    }
  }

  function toggle() {
    if (!dictation) return;
    setError(null);
    if (state === 'recording') {
      dictation.stop();
      const said = heardRef.current.trim();
      heardRef.current = '';
      setHeard('');
      if (!said) {
        setState('idle');
        return;
      }
      onUtterance(said);
      void respond([...messages, { role: 'user', text: said }]);
    } else if (state === 'idle') {
      stopSpeaking();
      setState('recording');
      dictation.start();
    }
  }

  const lastReply = [...messages].reverse().find((m) => m.role === 'assistant');
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Voice journal</Text>
        <Group gap="xs">
          <Badge variant="light" aria-live="polite">
            AI turn {Math.min(turns, settings.maxAiTurns)} of {settings.maxAiTurns}
          </Badge>
          <VoiceSettingsButton settings={settings} onChange={setSettings} />
        </Group>
      </Group>
      {!dictation ? (
        <Alert color="yellow" mb="sm">
          {dictationMessages.unsupported}. You can write your entry in Prompt or Chat mode instead.
        </Alert>
      ) : (
        <Stack align="center" gap="xs" my="md">
          <Button
            size="lg"
            radius="xl"
            color={state === 'recording' ? 'red' : undefined}
            onClick={toggle}
            disabled={finished || state === 'processing' || state === 'playing'}
            loading={state === 'processing'}
            leftSection={
              state === 'recording' ? <IconPlayerStopFilled size={20} /> : <IconMicrophone size={20} />
            }
          >
            {state === 'recording' ? 'Stop recording' : 'Start recording'}
          </Button>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {finished
              ? 'Conversation complete. Review the transcript below and save your entry.'
              : stateText[state]}
          </Text>
          {heard ? (
            <Text size="sm" fs="italic">
              “{heard}”
            </Text>
          ) : null}
          {lastReply && state === 'idle' ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconVolume size={14} />}
              onClick={() => void speak(lastReply.text, settings)}
            >
              Play the last reply
            </Button>
          ) : null}
        </Stack>
      )}
      {error ? (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      ) : null}
      {safety.level !== 'none' ? <CrisisResources level={safety.level} resources={safety.resources} /> : null}
      <ChatHistory messages={messages} />
    </Card>
  );
}

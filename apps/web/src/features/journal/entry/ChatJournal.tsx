import { useRef, useState, type ReactNode } from 'react';
import { Alert, Avatar, Box, Button, Card, Group, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageCircle, IconSend } from '@tabler/icons-react';
import { errorMessage } from '../../../api/client';
import { useCurrentUser } from '../../auth';
import type { Safety } from '../api';
import { askAssistant, type AssistantRequest } from './ai-client';
import { CrisisResources } from './CrisisResources';

export type ChatLine = { role: 'user' | 'assistant'; text: string };

export interface ChatJournalProps {
  messages: ChatLine[];
  onChange(messages: ChatLine[]): void;
  emotion?: AssistantRequest['emotion'];
  goalIds?: string[];
}

const maxMessage = 2000;

/** One message row: the user's on the right with their avatar, the assistant's on the left. */
export function ChatBubble({
  line,
  avatarUrl,
  name,
}: {
  line: ChatLine;
  avatarUrl?: string | null;
  name?: string;
}) {
  const mine = line.role === 'user';
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} align="flex-end" gap="xs" wrap="nowrap">
      {!mine ? (
        <Avatar radius="xl" size={30} color="teal" aria-hidden="true">
          <IconMessageCircle size={16} />
        </Avatar>
      ) : null}
      <Box
        px="sm"
        py={8}
        maw="80%"
        style={{
          borderRadius: 14,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          background: mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)',
        }}
      >
        <Text size="xs" c="dimmed" fw={600}>
          {mine ? (name ?? 'You') : 'Assistant'}
        </Text>
        <Text size="sm">{line.text}</Text>
      </Box>
      {mine ? <Avatar src={avatarUrl ?? undefined} radius="xl" size={30} alt="" aria-hidden="true" /> : null}
    </Group>
  );
}

/**
 * The conversation's scroller (at most 60 vh, Part 1 §2). Its viewport is the labelled log and takes
 * keyboard focus, so a long conversation can be scrolled without a mouse.
 */
export function ConversationLog({ children, live = false }: { children: ReactNode; live?: boolean }) {
  return (
    <ScrollArea.Autosize
      mah="60vh"
      type="auto"
      viewportProps={{
        tabIndex: 0,
        role: 'log',
        'aria-label': 'Conversation',
        'aria-live': live ? 'polite' : 'off',
      }}
    >
      <Stack gap="sm" pr="xs">
        {children}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** A read-only conversation (entry views, the provider's Journals tab). */
export function ChatHistory({ messages, avatarUrl }: { messages: ChatLine[]; avatarUrl?: string | null }) {
  if (messages.length === 0) return <Text c="dimmed">No chat history available.</Text>;
  return (
    <ConversationLog>
      {messages.map((line, i) => (
        <ChatBubble key={i} line={line} avatarUrl={avatarUrl} />
      ))}
    </ConversationLog>
  );
}

/**
 * Chat journaling (journalType chat): the user talks with the reflective assistant; the conversation
 * is the entry. A failed reply keeps what the user wrote and offers to try again.
 */
export function ChatJournal({ messages, onChange, emotion, goalIds }: ChatJournalProps) {
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [safety, setSafety] = useState<Safety>({ level: 'none' });
  const abort = useRef<AbortController | null>(null);

  async function run(history: ChatLine[]) {
    setBusy(true);
    setFailure(null);
    setPending('');
    abort.current = new AbortController();
    try {
      const answer = await askAssistant(
        { messages: history, mode: 'chat', emotion, goalIds },
        setPending,
        abort.current.signal,
      );
      setSafety(answer.safety);
      onChange([...history, { role: 'assistant', text: answer.reply }]);
    } catch (error) {
      setFailure(errorMessage(error, 'The assistant is unavailable right now. Please try again.'));
    } finally {
      setPending(null);
      setBusy(false);
    }
  }

  function send() {
    const trimmed = text.trim();
    if (!trimmed) return setInputError('Please enter a message');
    if (trimmed.length > maxMessage) return setInputError(`Must not exceed ${maxMessage} characters`);
    setInputError(null);
    setText('');
    const history: ChatLine[] = [...messages, { role: 'user', text: trimmed }];
    onChange(history);
    void run(history);
  }

  const lastIsUser = messages.at(-1)?.role === 'user';
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="xs">
        Chat with your journaling assistant
      </Text>
      <Box mb="sm">
        <ConversationLog live>
          {messages.length === 0 && pending === null ? (
            <Text c="dimmed">No chat history available.</Text>
          ) : null}
          {messages.map((line, i) => (
            <ChatBubble key={i} line={line} avatarUrl={user?.avatar.url} name={user?.firstName} />
          ))}
          {pending !== null ? <ChatBubble line={{ role: 'assistant', text: pending || '…' }} /> : null}
        </ConversationLog>
      </Box>
      {safety.level !== 'none' ? <CrisisResources level={safety.level} resources={safety.resources} /> : null}
      {failure ? (
        <Alert color="red" role="alert" mb="sm">
          <Group justify="space-between">
            <span>{failure}</span>
            {lastIsUser ? (
              <Button size="xs" variant="white" color="red" onClick={() => void run(messages)}>
                Try again
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          label="Your message"
          placeholder="Type what is on your mind..."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              if (!busy) send();
            }
          }}
          error={inputError ?? undefined}
          autosize
          minRows={1}
          maxRows={5}
          style={{ flex: 1 }}
        />
        <Button onClick={send} loading={busy} leftSection={<IconSend size={16} />}>
          Send
        </Button>
      </Group>
    </Card>
  );
}

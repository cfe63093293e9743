import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Group, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lengths, type SafetyNotice } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../api/client';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { CrisisResources } from '../journal';
import { journeyApi, journeyKeys, type JourneyMessage } from './api';
import classes from './InitialJourney.module.css';

const [, maxMessage] = lengths.chatMessage;
export const journeyOpening =
  "Let's find what you need in a therapist. To start: what brings you here, and what would you like help with?";

/** The guided conversation: the guide asks, the client answers; each turn is saved on the server. */
export function JourneyChat({ onSubscriptionNeeded }: { onSubscriptionNeeded(message: string): void }) {
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: journeyKeys.conversation(),
    queryFn: ({ signal }) => journeyApi.conversation(undefined, signal),
  });
  const [draft, setDraft] = useState('');
  const [safety, setSafety] = useState<SafetyNotice | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (message: string) => journeyApi.send(message),
    onSuccess: (result) => {
      setDraft('');
      setSafety(result.safety.level === 'none' ? null : result.safety);
      queryClient.setQueryData(
        journeyKeys.conversation(),
        (old: { messages: JourneyMessage[]; total: number } | undefined) =>
          old
            ? {
                ...old,
                messages: [...old.messages, ...result.messages],
                total: old.total + result.messages.length,
              }
            : old,
      );
      void queryClient.invalidateQueries({ queryKey: journeyKeys.sections() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) onSubscriptionNeeded(error.message);
      else toast.error(errorMessage(error));
    },
  });
  const messages = conversation.data?.messages ?? [];
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || send.isPending) return;
    send.mutate(text);
  };

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Your Initial Journey
        </Title>
        <Text fz="sm" c="dimmed">
          Answer a few questions about what you are looking for. Your answers stay private unless you share
          them; from them you can generate a therapist profile, interview questions, a request email and a
          reflection summary.
        </Text>
        {conversation.isPending ? (
          <LoadingState label="Loading your conversation..." />
        ) : conversation.isError ? (
          <ErrorState
            title="Unable to load your conversation"
            message={errorMessage(conversation.error)}
            onRetry={() => void conversation.refetch()}
          />
        ) : (
          <ScrollArea.Autosize
            mah={420}
            viewportRef={viewport}
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'log', 'aria-label': 'Initial Journey conversation' }}
          >
            <Stack gap="xs" className={classes.conversation}>
              <Bubble role="assistant" text={journeyOpening} />
              {messages.map((m) => (
                <Bubble key={m.id} role={m.role} text={m.text} />
              ))}
              {send.isPending && <Bubble role="user" text={send.variables ?? ''} pending />}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {safety && <CrisisResources level={safety.level} resources={safety.resources} />}
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label="Your answer"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={maxMessage}
              rows={3}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) submit(e);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} disabled={!draft.trim()}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function Bubble({ role, text, pending }: { role: 'user' | 'assistant'; text: string; pending?: boolean }) {
  return (
    <div className={role === 'user' ? classes.user : classes.assistant} aria-busy={pending || undefined}>
      <Text fz="xs" fw={600} c="dimmed">
        {role === 'user' ? 'You' : 'Guide'}
      </Text>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </div>
  );
}

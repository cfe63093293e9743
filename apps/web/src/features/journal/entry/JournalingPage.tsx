import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Container, Group, SegmentedControl, Stack, Switch } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { journalTypes, type JournalType } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../../api/client';
import { PageTitle } from '../../../ui/PageTitle';
import { ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { useCurrentUser } from '../../auth';
import { journalApi, journalKeys, type JournalEntry, type Safety } from '../api';
import { EntryEmotion } from './EntryEmotion';
import { EntryGoals } from './EntryGoals';
import { ChatJournal } from './ChatJournal';
import { CrisisDialog } from './CrisisResources';
import {
  chosenDateKey,
  clearDraft,
  emptyDraft,
  hasContent,
  loadDraft,
  saveDraft,
  type JournalDraft,
} from './draft';
import { DayDetails } from './DayDetails';
import { detailsOf, entryBody, firstProblem, hasDetails, dayDetailsBody } from './entry-body';
import { NotesCard } from './NotesCard';
import { PhotoJournal } from './PhotoJournal';
import { PromptCard } from './PromptCard';
import { VoiceJournal } from './VoiceJournal';
import { isUnreachable, queueEntry } from '../offline/outbox';
import { todayIn } from '../views/dates';

/** Said when an entry was kept on the device to be sent later. */
export const offlineSavedText =
  'You are offline. Your entry is saved on this device and will be sent when you are back online.';

const modeLabels: Record<JournalType, string> = {
  prompt: 'Prompt',
  chat: 'Chat',
  voice: 'Voice',
  photo: 'Photo',
};

function readChosenDate(): string | null {
  try {
    const day = sessionStorage.getItem(chosenDateKey);
    return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
  } catch {
    return null;
  }
}

function fromEntry(entry: JournalEntry): JournalDraft {
  return {
    ...emptyDraft(),
    journalType: entry.journalType,
    mood: entry.mood,
    emoji: entry.emoji,
    notes: entry.notes,
    emotionData: entry.emotionData,
    chatMessages: entry.chatMessages.map((m) => ({
      role: m.role === 'assistant' ? 'assistant' : 'user',
      text: m.text,
    })),
    goalIds: entry.goal.selectedGoals.map((g) => g.goalData._id),
    isPrivate: entry.isPrivate,
    photos: (entry.photoData?.images ?? []).map((image, i) => ({
      fileId: image.fileId,
      url: image.url ?? '',
      name: `photo ${i + 1}`,
    })),
    extractedText: entry.photoData?.extractedText ?? '',
    details: detailsOf(entry),
  };
}

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /user/journaling-feature: write (or, with ?edit=<id>, edit) a journal entry in one of the four
 * modes. The draft is saved locally as the user types and restored after a reload or an idle logout.
 */
export function JournalingPage() {
  const user = useCurrentUser();
  const userId = user?._id ?? 'anonymous';
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({
    queryKey: journalKeys.entry(editId ?? ''),
    queryFn: ({ signal }) => journalApi.get(editId ?? '', signal),
    enabled: Boolean(editId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  const [draft, setDraft] = useState<JournalDraft | null>(null);
  const [restored, setRestored] = useState(false);
  // The banner under the form: a check of the form's own (it follows every change: the next
  // problem, or none once fixed) or the server's refusal (gone at the next change).
  const [problem, setProblem] = useState<{ text: string; from: 'check' | 'server' } | null>(null);
  const [crisis, setCrisis] = useState<Safety | null>(null);
  const initialised = useRef(false);

  useEffect(() => {
    if (initialised.current) return;
    if (editId && !existing.data) return;
    initialised.current = true;
    const stored = loadDraft(userId, editId);
    if (stored && hasContent(stored)) {
      setDraft(stored);
      setRestored(true);
    } else if (existing.data) {
      setDraft(fromEntry(existing.data.data));
    } else {
      setDraft({ ...emptyDraft(), customDate: readChosenDate() });
    }
  }, [editId, existing.data, userId]);

  // While an entry is being saved no draft is written: a write still pending from the last change
  // would otherwise bring back the draft of an entry that is saved already.
  const savingRef = useRef(false);
  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => {
      if (!savingRef.current) saveDraft(userId, editId, draft);
    }, 300);
    return () => clearTimeout(timer);
  }, [draft, editId, userId]);

  const update = (patch: Partial<JournalDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const shownFor = useRef<JournalDraft | null>(null);
  useEffect(() => {
    if (!problem || !draft || shownFor.current === draft) return;
    shownFor.current = draft;
    if (problem.from === 'server') setProblem(null);
    else {
      const found = firstProblem(draft);
      if (found !== problem.text) setProblem(found ? { text: found, from: 'check' } : null);
    }
  }, [draft, problem]);

  const save = useMutation({
    // Saving never waits for a connection: without one, a new entry goes to the outbox.
    networkMode: 'always',
    onMutate: () => {
      savingRef.current = true;
    },
    mutationFn: async (current: JournalDraft) => {
      const body = entryBody(current);
      // Without a connection a new entry waits in the outbox and is sent when it returns (decision 100).
      const keep = async () => {
        const { moodId: _id, ...details } = dayDetailsBody('', current.details);
        await queueEntry(
          { userId, timeZone: user?.timezone },
          { ...body },
          hasDetails(current.details) ? details : undefined,
        );
        return { queued: true as const };
      };
      if (!editId && !navigator.onLine) return keep();
      let saved;
      try {
        saved = editId ? await journalApi.update(editId, body) : await journalApi.create(body);
      } catch (error) {
        if (!editId && isUnreachable(error)) return keep();
        throw error;
      }
      if (editId || hasDetails(current.details)) {
        // The entry is saved first; its optional details follow (a failure there loses nothing).
        await journalApi.updateDayDetails(dayDetailsBody(saved.data.id, current.details)).catch(() => {
          toast.error('Your entry is saved, but the details of your day could not be saved.');
        });
      }
      return saved;
    },
    onSuccess: async (saved) => {
      clearDraft(userId, editId);
      try {
        sessionStorage.removeItem(chosenDateKey);
      } catch {
        // storage unavailable
      }
      if ('queued' in saved) {
        toast.info(offlineSavedText);
        void navigate('/user/home');
        return;
      }
      await queryClient.invalidateQueries({ queryKey: journalKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['goals'] });
      toast.success(editId ? 'Journal entry updated' : 'Journal entry saved');
      if (saved.safety.level !== 'none') setCrisis(saved.safety);
      else void navigate('/user/home');
    },
    onError: (error, current) => {
      // Not saved: the draft is kept as it was sent, and drafts are written again.
      savingRef.current = false;
      saveDraft(userId, editId, current);
      const message = errorMessage(error);
      shownFor.current = draft;
      setProblem({ text: message, from: 'server' });
      toast.error(message);
    },
  });

  const emotionForAssistant = useMemo(
    () =>
      draft?.emotionData
        ? {
            primaryEmotion: draft.emotionData.primaryEmotion,
            secondaryEmotion: draft.emotionData.secondaryEmotion,
            specificFeeling: draft.emotionData.specificFeeling,
            intensity: draft.emotionData.intensity,
          }
        : undefined,
    [draft?.emotionData],
  );

  if (editId && existing.isError) {
    return (
      <Container size="md" py="md">
        <ErrorState
          message={
            existing.error instanceof ApiError && existing.error.status === 404
              ? 'This journal entry was not found.'
              : errorMessage(existing.error)
          }
          onRetry={() => void existing.refetch()}
        />
      </Container>
    );
  }
  if (!draft) return <LoadingState label="Loading your entry..." />;

  function submit() {
    if (!draft) return;
    const found = firstProblem(draft);
    shownFor.current = draft;
    setProblem(found ? { text: found, from: 'check' } : null);
    if (found) return;
    save.mutate(draft);
  }

  const title = editId ? 'Edit journal entry' : 'New journal entry';
  const today = todayIn(user?.timezone);
  return (
    <Container size="md" py="md">
      <PageTitle
        title={title}
        description={
          draft.customDate && draft.customDate !== today && !editId ? (
            <Group gap="xs" component="span">
              <span>Writing for {longDate(draft.customDate)}</span>
              <Button variant="subtle" size="compact-sm" onClick={() => update({ customDate: null })}>
                Write for today instead
              </Button>
            </Group>
          ) : undefined
        }
      />
      <Stack gap="md">
        {restored ? (
          <Alert color="blue" withCloseButton onClose={() => setRestored(false)} closeButtonLabel="Dismiss">
            <Group justify="space-between" gap="xs">
              <span>We restored the draft you were writing.</span>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  clearDraft(userId, editId);
                  setDraft(existing.data ? fromEntry(existing.data.data) : emptyDraft());
                  setRestored(false);
                }}
              >
                Discard draft
              </Button>
            </Group>
          </Alert>
        ) : null}
        <SegmentedControl
          aria-label="Journal mode"
          fullWidth
          value={draft.journalType}
          onChange={(value) => update({ journalType: value as JournalType })}
          data={journalTypes.map((t) => ({ value: t, label: modeLabels[t] }))}
        />
        <EntryEmotion
          mood={draft.mood}
          emotionData={draft.emotionData}
          onMoodChange={(mood, emoji) => update({ mood, emoji })}
          onEmotionChange={(emotionData) => update({ emotionData })}
        />
        {draft.journalType === 'prompt' ? (
          <>
            <PromptCard index={draft.promptIndex} onChange={(promptIndex) => update({ promptIndex })} />
            <NotesCard value={draft.notes} onChange={(notes) => update({ notes })} />
          </>
        ) : null}
        {draft.journalType === 'chat' ? (
          <ChatJournal
            messages={draft.chatMessages}
            onChange={(chatMessages) => update({ chatMessages })}
            emotion={emotionForAssistant}
            goalIds={draft.goalIds}
          />
        ) : null}
        {draft.journalType === 'voice' ? (
          <>
            <VoiceJournal
              messages={draft.chatMessages}
              onChange={(chatMessages) => update({ chatMessages })}
              onUtterance={(text) =>
                setDraft((d) => (d ? { ...d, notes: d.notes ? `${d.notes}\n${text}` : text } : d))
              }
              emotion={emotionForAssistant}
              goalIds={draft.goalIds}
            />
            <NotesCard
              label="Transcript and notes"
              value={draft.notes}
              onChange={(notes) => update({ notes })}
            />
          </>
        ) : null}
        {draft.journalType === 'photo' ? (
          <>
            <PhotoJournal
              photos={draft.photos}
              onPhotosChange={(photos) => update({ photos })}
              extractedText={draft.extractedText}
              onExtractedTextChange={(extractedText) =>
                setDraft((d) => (d ? { ...d, extractedText, notes: d.notes || extractedText } : d))
              }
            />
            <NotesCard value={draft.notes} onChange={(notes) => update({ notes })} />
          </>
        ) : null}
        <EntryGoals selectedIds={draft.goalIds} onChange={(goalIds) => update({ goalIds })} />
        <DayDetails value={draft.details} onChange={(details) => update({ details })} />
        <Switch
          checked={draft.isPrivate}
          onChange={(event) => update({ isPrivate: event.currentTarget.checked })}
          label={
            <Group gap={6}>
              <IconLock size={16} aria-hidden="true" />
              <span>Keep this entry private</span>
            </Group>
          }
          description="Private entries are never shared with your providers: not in their lists, counts, analytics or exports."
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem.text}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate('/user/home')}>
            Back to home
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {editId ? 'Save Changes' : 'Save Entry'}
          </Button>
        </Group>
      </Stack>
      <CrisisDialog
        safety={crisis}
        onClose={() => {
          setCrisis(null);
          void navigate('/user/home');
        }}
      />
    </Container>
  );
}

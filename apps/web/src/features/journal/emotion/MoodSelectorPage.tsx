import { useRef, useState } from 'react';
import { Alert, Button, Card, Container, Group, Stack, Textarea } from '@mantine/core';
import { checkInMoodFor, type EmotionData } from '@mindledger/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client';
import { PageTitle } from '../../../ui/PageTitle';
import { toast } from '../../../ui/toast';
import { journalApi, journalKeys } from '../api';
import { EmotionCheckIn } from './EmotionCheckIn';
import { MoodOptions } from './MoodOptions';

/** The spec's save messages (Part 1 §5); the server answers 400 with the same texts. */
export const checkInMessages = {
  noMood: 'Please select a mood',
  saved: 'Check-in saved',
} as const;

/**
 * The notes of a check-in saved without a note (decision 097): what was chosen, in words, since a
 * journal entry keeps notes.
 */
export function checkInNotes(mood: string, emotion: EmotionData | null): string {
  const path = emotion?.path?.filter(Boolean) ?? [];
  return path.length > 0 ? `Quick check-in: ${path.join(' > ')} (${mood}).` : `Quick check-in: ${mood}.`;
}

const maxNotes = 10_000;

interface FieldErrors {
  mood?: string;
  form?: string;
}

/**
 * /user/mood-selector, the target of check-in notifications: an emotion (Simple mode for a first
 * visit, spec ruling 6) or a mood, and an optional note, saved as a prompt journal entry. One
 * choice is enough: the mood follows from the emotion when none is picked (decision 097).
 */
export function MoodSelectorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [emotion, setEmotion] = useState<EmotionData | null>(null);
  const [mood, setMood] = useState<{ label: string; emoji: string } | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const moodRef = useRef<HTMLDivElement>(null);

  const save = async () => {
    const chosen = mood ?? (emotion ? checkInMoodFor(emotion) : null);
    if (!chosen) {
      setErrors({ mood: checkInMessages.noMood });
      moodRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await journalApi.create({
        mood: chosen.label,
        emoji: chosen.emoji,
        notes: notes.trim() ? notes : checkInNotes(chosen.label, emotion),
        journalType: 'prompt',
        ...(emotion ? { emotionData: emotion } : {}),
      });
      toast.success(checkInMessages.saved);
      await queryClient.invalidateQueries({ queryKey: journalKeys.all });
      navigate('/user/home');
    } catch (error) {
      // 429 answers already show the rate-limit toast.
      if (!(error instanceof ApiError && error.status === 429)) setErrors({ form: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container size="sm" px={0} py="md">
      <PageTitle title="Mood Check-in" description="Take a quiet moment to notice how you feel right now." />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <EmotionCheckIn
            variant="full"
            defaultMode="simple"
            value={emotion}
            onChange={setEmotion}
            title="Your emotion"
          />
          <Card withBorder radius="lg" padding="lg" component="section" aria-label="Mood and notes">
            <Stack gap="md">
              <div ref={moodRef}>
                <MoodOptions
                  value={mood?.label ?? null}
                  onChange={(label, emoji) => {
                    setMood({ label, emoji });
                    setErrors((current) => ({ ...current, mood: undefined }));
                  }}
                  error={errors.mood}
                />
              </div>
              <Textarea
                label="Notes (optional)"
                placeholder="Start wherever feels right..."
                value={notes}
                onChange={(event) => {
                  setNotes(event.currentTarget.value.slice(0, maxNotes));
                }}
                autosize
                minRows={4}
                maxRows={10}
                maxLength={maxNotes}
                styles={{ input: { maxHeight: 400 } }}
              />
              {errors.form ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                  {errors.form}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={saving} size="md">
                  Save check-in
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stack>
      </form>
    </Container>
  );
}

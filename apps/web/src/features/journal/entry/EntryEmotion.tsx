import { Card, Stack, Text } from '@mantine/core';
import type { EmotionData } from '@mindledger/domain';
import { EmotionCheckIn } from '../emotion/EmotionCheckIn';
import { MoodOptions } from '../emotion/MoodOptions';

export interface EntryEmotionProps {
  mood: string;
  emotionData: EmotionData | null;
  onMoodChange(mood: string, emoji: string): void;
  onEmotionChange(emotionData: EmotionData | null): void;
}

/** The mood and the compact emotion check-in of a journal entry (detailed mode by default, ruling 6). */
export function EntryEmotion({ mood, emotionData, onMoodChange, onEmotionChange }: EntryEmotionProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <div>
          <Text fw={600} mb="xs">
            How was your day overall?
          </Text>
          <MoodOptions value={mood} onChange={onMoodChange} />
        </div>
        <EmotionCheckIn
          variant="compact"
          defaultMode="detailed"
          value={emotionData}
          onChange={onEmotionChange}
        />
      </Stack>
    </Card>
  );
}

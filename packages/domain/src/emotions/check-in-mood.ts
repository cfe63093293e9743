import type { MoodLabel } from '../journal/types.js';
import { coreEmotionOf } from './core-mapping.js';
import { moodOptions } from './moods.js';

// Its own module: the core-emotion tables it reads stay out of every screen that only needs the
// mood options (the patient home's first load).

/** The mood a quick check-in records for an emotion alone, when no mood was picked (decision 097). */
export interface CheckInMood {
  label: string;
  emoji: string;
}

/**
 * The mood for an emotion choice with no mood picked (a quick check-in, decision 097): the option
 * whose core emotion is the emotion's (Joy → Awesome, Calm → Fine, Fear → Not fine, Sadness →
 * Very bad; Simple mode's positive → Fine and negative → Not fine), and 'Okay' for a neutral or
 * indifferent one, which no option stands for. Null when the emotion names no core emotion.
 */
export function checkInMoodFor(emotion: { primaryEmotion: string }): CheckInMood | null {
  const kind = emotion.primaryEmotion.trim().toLowerCase();
  if (kind === 'positive') return pick('Fine');
  if (kind === 'negative') return pick('Not fine');
  const core = coreEmotionOf(emotion.primaryEmotion);
  if (!core) return null;
  if (core === 'Indifferent') return { label: 'Okay', emoji: '😐' };
  const option = moodOptions.find((o) => o.core === core);
  return option ? { label: option.label, emoji: option.emoji } : null;
}

function pick(label: MoodLabel): CheckInMood {
  const option = moodOptions.find((o) => o.label === label)!;
  return { label: option.label, emoji: option.emoji };
}

/**
 * The local engine's sentences. Plain, warm, short; nothing here names a feeling on its own: every
 * feeling word in a reply comes from the user's text or selection (see lexicon.ts).
 */
import type { Valence } from './lexicon.js';

type Fill = (words: string) => string;

export const reflections: Fill[] = [
  (w) => `It sounds like you're feeling ${w}.`,
  (w) => `I'm hearing that you feel ${w}.`,
  (w) => `You've described feeling ${w}.`,
  (w) => `Thank you for sharing that; it sounds like you feel ${w}.`,
];

/** A reflection of the emotion the user selected, by name, in their own words. */
export const selectionReflections: ((name: string, at: string) => string)[] = [
  (name, at) => `You checked in with “${name}”${at}.`,
  (name, at) => `You named “${name}” as part of how you feel${at}.`,
];

export const acknowledgements: string[] = [
  'Thank you for sharing that.',
  "It's good that you're taking a moment to write this down.",
  'Thanks for telling me about that.',
  'I appreciate you putting this into words.',
];

export const heavy = 'That sounds like a lot to carry.';

export const concernNote =
  'If you ever feel unsafe, you can call or text 988 (US) at any time, or call your local emergency number.';

/** The concern note with the user's own crisis lines (AiContext.crisisHelp) when known. */
export const concernNoteFor = (help?: string) =>
  help ? `If you ever feel unsafe, help is there at any time. ${help}` : concernNote;

export const questions: Record<Valence | 'unknown', Fill[]> = {
  negative: [
    () => 'What feels hardest about it right now?',
    () => 'When did you first notice feeling this way?',
    () => 'What do you think is weighing on you most?',
    () => 'What would feel supportive for you right now?',
    (w) => `What do you notice in your body when you feel ${w}?`,
    () => "What has helped you, even a little, when you've felt like this before?",
  ],
  positive: [
    () => 'What do you think helped bring that about?',
    () => 'What would help you hold on to this feeling?',
    () => 'Who or what made a difference for you?',
    () => 'How would you like to build on this?',
  ],
  mixed: [
    () => 'What stands out to you most about it?',
    () => 'What part of this would you like to understand better?',
    () => 'What feels most important to you about this?',
  ],
  unknown: [
    () => 'How are you feeling as you think about it?',
    () => "What's been on your mind the most?",
    () => 'What would you like to explore a little more?',
    () => 'Can you tell me more about what that was like for you?',
  ],
};

export const goalQuestions: Fill[] = [
  (g) => `How does this connect with your goal “${g}”?`,
  (g) => `Is there a small step toward your goal “${g}” that feels possible right now?`,
  (g) => `What would progress on your goal “${g}” look like for you?`,
];

export const closingOpeners: ((name: string) => string)[] = [
  (name) => `Thank you for talking this through with me${name}.`,
  (name) => `Thank you for taking this time to reflect${name}.`,
];

export const closingSummaries = {
  feelings: (w: string, goal: string) =>
    `In this conversation you've talked about feeling ${w}${goal ? `, and about your goal “${goal}”` : ''}.`,
  selection: (name: string, goal: string) =>
    `You checked in with “${name}”${goal ? ` and thought about your goal “${goal}”` : ''}.`,
  nothing: (goal: string) =>
    goal
      ? `You took time to put your thoughts into words and to think about your goal “${goal}”.`
      : 'You took time to put your thoughts into words.',
};

export const closingEnds: string[] = [
  'Noticing how you feel is a meaningful step, and you can save this conversation to your journal whenever you are ready.',
  'That kind of reflection is worth coming back to, and you can save this conversation to your journal whenever you are ready.',
];

/** Ruling 12: on a crisis message the engine points to help, asks nothing and reflects nothing. */
export const crisisReply = (name: string, help?: string) =>
  `I'm really sorry things are this hard right now${name}, and thank you for telling me. ` +
  (help
    ? `You don't have to go through this alone. ${help} `
    : "You don't have to go through this alone: if you are in immediate danger, call your local emergency number (911 in the US), or call or text 988 to reach the Suicide & Crisis Lifeline. ") +
  'Reaching out to someone you trust right now could help too.';

/** "a", "a and b", "a, b and c". */
export function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

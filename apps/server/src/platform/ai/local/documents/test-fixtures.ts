import type { AiMessage, JourneyInput, WeeklyEntryInput, WeeklyInput } from '../../port.js';
import { journeyTopics } from '../../journey-topics.js';

const user = (text: string): AiMessage => ({ role: 'user', text });
const assistant = (text: string): AiMessage => ({ role: 'assistant', text });

/** The user's answers to the nine Initial Journey questions, in order. */
export const fullAnswers = [
  "I've been really anxious at work since my promotion, and I can't sleep before big meetings. My partner suggested I talk to someone.",
  'I hope to learn practical tools to manage the worry, and to understand why I panic about small things.',
  "Online would be easiest, I don't want to commute.",
  "I'm in Denver, so Mountain time.",
  'English is fine, but Spanish would be lovely since it was my first language.',
  'Weekday evenings after work, or Saturday mornings. My schedule is pretty flexible except Mondays.',
  "I'd like someone direct and practical, but kind. Not someone who just nods.",
  "I tried CBT years ago and it helped a bit. I've heard about EMDR but I'm not sure about it.",
  'I have Aetna insurance, and could pay up to $120 per session out of pocket.',
];

/** A full conversation as the local engine asks it. */
export function fullConversation(answers: readonly string[] = fullAnswers): AiMessage[] {
  const messages: AiMessage[] = [];
  answers.forEach((answer, i) => {
    messages.push(assistant(journeyTopics[i]!.question), user(answer));
  });
  return messages;
}

export const journeyInput: JourneyInput = {
  firstName: 'Maya Rodriguez',
  timeZone: 'America/Denver',
  today: '2026-03-04',
  conversation: fullConversation(),
  goals: [{ text: 'Sleep by 11pm' }, { text: 'Walk 20 minutes a day' }],
  recentEmotions: [
    { name: 'Fear', count: 6 },
    { name: 'Joy', count: 3 },
  ],
};

/** Someone who opened the conversation and answered the first question only. */
export const thinJourneyInput: JourneyInput = {
  firstName: 'Sam',
  timeZone: 'Europe/London',
  today: '2026-03-04',
  conversation: [assistant(journeyTopics[0]!.question), user('Things have been hard lately.')],
  goals: [],
  recentEmotions: [],
};

/** Nothing said yet and no name: every document must still be complete and honest. */
export const emptyJourneyInput: JourneyInput = {
  firstName: '',
  timeZone: 'America/Santiago',
  today: '2026-09-06',
  conversation: [],
  goals: [],
  recentEmotions: [],
};

export const entry = (
  e: Partial<WeeklyEntryInput> & Pick<WeeklyEntryInput, 'id' | 'day'>,
): WeeklyEntryInput => ({
  time: '20:00',
  text: 'A quiet day.',
  sentiment: 'neutral',
  activities: [],
  goalIds: [],
  ...e,
});

export const weeklyInput: WeeklyInput = {
  firstName: 'Maya',
  timeZone: 'America/Denver',
  startDate: '2026-03-01',
  endDate: '2026-03-07',
  streak: 5,
  goals: [
    { id: 'g-sleep', text: 'Sleep by 11pm' },
    { id: 'g-walk', text: 'Walk 20 minutes a day' },
  ],
  entries: [
    entry({
      id: 'e1',
      day: '2026-03-01',
      text: 'Went for a long walk with my sister. Felt calm and grateful.',
      sentiment: 'positive',
      emotion: { primary: 'Joy', intensity: 7 },
      activities: ['Walking'],
      sleepHours: 8,
      goalIds: ['g-walk'],
    }),
    entry({
      id: 'e2',
      day: '2026-03-02',
      text: 'Deadline stress all day. Barely ate lunch.',
      sentiment: 'negative',
      emotion: { primary: 'Fear', intensity: 8 },
      activities: ['Work'],
      sleepHours: 5,
    }),
    entry({
      id: 'e3',
      day: '2026-03-03',
      time: '08:00',
      text: 'Slept well and did yoga. My sister called and we laughed.',
      sentiment: 'positive',
      emotion: { primary: 'Joy', intensity: 6 },
      activities: ['Yoga', 'Walking'],
      sleepHours: 7.5,
      goalIds: ['g-sleep', 'g-walk'],
    }),
    entry({
      id: 'e4',
      day: '2026-03-03',
      time: '21:00',
      text: 'Evening was fine, a bit tired.',
      sentiment: 'neutral',
      emotion: { primary: 'Calm', intensity: 4 },
    }),
    entry({
      id: 'e5',
      day: '2026-03-04',
      text: 'Worried about the presentation. Could not focus.',
      sentiment: 'negative',
      emotion: { primary: 'Fear', intensity: 7 },
      activities: ['Work'],
      sleepHours: 6,
    }),
    entry({
      id: 'e6',
      day: '2026-03-05',
      text: 'A walk at lunch helped me reset. Grateful for the sun.',
      sentiment: 'positive',
      emotion: { primary: 'Joy', intensity: 8 },
      activities: ['Walking'],
      sleepHours: 7,
      goalIds: ['g-walk'],
    }),
    entry({
      id: 'e7',
      day: '2026-03-06',
      text: 'Long day at the office, headache.',
      sentiment: 'negative',
      emotion: { primary: 'Sadness', intensity: 5 },
      activities: ['Work'],
      sleepHours: 6.5,
    }),
    entry({ id: 'x-out', day: '2026-03-08', text: 'Outside the period.', sentiment: 'positive' }),
  ],
};

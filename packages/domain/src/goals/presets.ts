import type { GoalCategory } from './schemas.js';

/** A goal from the catalogue that ships with the product (adopting one creates a personal goal). */
export interface PresetGoal {
  readonly id: string;
  readonly text: string;
  readonly notes: string;
  readonly emoji: string;
  readonly category: GoalCategory;
  readonly priority: number;
}

/** The preset catalogue (stable ids: adopted goals keep `presetId`). */
export const presetGoals: readonly PresetGoal[] = [
  {
    id: 'personal-gratitude',
    category: 'personal',
    emoji: '🙏',
    priority: 3,
    text: 'Write down three things I am grateful for each day',
    notes: 'Small, specific moments count: a warm drink, a kind message, a quiet minute.',
  },
  {
    id: 'personal-morning-routine',
    category: 'personal',
    emoji: '🌅',
    priority: 3,
    text: 'Keep a calm morning routine before checking my phone',
    notes: 'Start with ten minutes of something just for me: stretching, tea, or a few lines in my journal.',
  },
  {
    id: 'personal-self-compassion',
    category: 'personal',
    emoji: '💛',
    priority: 4,
    text: 'Notice self-critical thoughts and answer them as I would a friend',
    notes: 'When I catch a harsh thought, write it down and reply kindly.',
  },
  {
    id: 'personal-boundaries',
    category: 'personal',
    emoji: '🛡️',
    priority: 3,
    text: 'Say no to one request a week that I do not have energy for',
    notes: 'Protecting my time is a way of looking after myself.',
  },
  {
    id: 'personal-hobby',
    category: 'personal',
    emoji: '🎨',
    priority: 2,
    text: 'Spend an hour a week on a hobby that brings me joy',
    notes: 'Drawing, music, gardening, cooking: anything that is play rather than work.',
  },
  {
    id: 'personal-screen-time',
    category: 'personal',
    emoji: '📵',
    priority: 3,
    text: 'Put my phone away an hour before bed',
    notes: 'Charge it outside the bedroom and read or wind down instead.',
  },
  {
    id: 'health-walk',
    category: 'health',
    emoji: '🚶',
    priority: 3,
    text: 'Take a 20-minute walk outside at least five days a week',
    notes: 'Fresh air and gentle movement help my mood; any pace is fine.',
  },
  {
    id: 'health-sleep',
    category: 'health',
    emoji: '😴',
    priority: 4,
    text: 'Go to bed and wake up at the same time every day',
    notes: 'A steady rhythm, weekends included, makes sleep more restful.',
  },
  {
    id: 'health-water',
    category: 'health',
    emoji: '💧',
    priority: 2,
    text: 'Drink a glass of water with every meal',
    notes: 'Keep a bottle close by as a reminder.',
  },
  {
    id: 'health-breathing',
    category: 'health',
    emoji: '🌬️',
    priority: 4,
    text: 'Practise five minutes of slow breathing when I feel anxious',
    notes: 'Breathe in for four counts and out for six; repeat until my shoulders drop.',
  },
  {
    id: 'health-meals',
    category: 'health',
    emoji: '🥗',
    priority: 3,
    text: 'Eat three regular meals a day',
    notes: 'Skipping meals can make low moods and irritability worse.',
  },
  {
    id: 'health-mindfulness',
    category: 'health',
    emoji: '🧘',
    priority: 3,
    text: 'Try a ten-minute mindfulness practice three times a week',
    notes: 'A guided recording or simply noticing my breath both count.',
  },
  {
    id: 'health-alcohol',
    category: 'health',
    emoji: '🍵',
    priority: 3,
    text: 'Choose alcohol-free evenings on weekdays',
    notes: 'Notice how sleep and mood change; swap in a favourite tea.',
  },
  {
    id: 'career-breaks',
    category: 'career',
    emoji: '⏸️',
    priority: 3,
    text: 'Take a real break away from my desk every working day',
    notes: 'Step outside or eat lunch somewhere other than my workspace.',
  },
  {
    id: 'career-workday-end',
    category: 'career',
    emoji: '🏁',
    priority: 3,
    text: 'Finish work at a set time and write tomorrow’s first task down',
    notes: 'Closing the day on paper helps me stop thinking about it at night.',
  },
  {
    id: 'career-skill',
    category: 'career',
    emoji: '📈',
    priority: 2,
    text: 'Spend two hours a week learning a skill for my work',
    notes: 'A course, a book or practising with a colleague.',
  },
  {
    id: 'career-ask-help',
    category: 'career',
    emoji: '🤝',
    priority: 3,
    text: 'Ask for help when my workload feels too heavy',
    notes: 'Name the task, the deadline and what support would help.',
  },
  {
    id: 'career-celebrate',
    category: 'career',
    emoji: '🎉',
    priority: 2,
    text: 'Write down one thing I did well at work each week',
    notes: 'Progress is easier to see when it is written down.',
  },
  {
    id: 'career-focus',
    category: 'career',
    emoji: '🎧',
    priority: 2,
    text: 'Work in focused 25-minute blocks on my hardest task',
    notes: 'Silence notifications during each block and rest for five minutes after.',
  },
  {
    id: 'relationships-reach-out',
    category: 'relationships',
    emoji: '📞',
    priority: 4,
    text: 'Reach out to a friend or family member twice a week',
    notes: 'A message, a call or a coffee: connection helps on hard days too.',
  },
  {
    id: 'relationships-listen',
    category: 'relationships',
    emoji: '👂',
    priority: 3,
    text: 'Listen without interrupting in my conversations',
    notes: 'Ask one follow-up question before sharing my own view.',
  },
  {
    id: 'relationships-express',
    category: 'relationships',
    emoji: '💬',
    priority: 3,
    text: 'Tell someone how I feel using “I” statements',
    notes: '“I feel … when … because …” keeps the focus on my experience.',
  },
  {
    id: 'relationships-quality-time',
    category: 'relationships',
    emoji: '🫶',
    priority: 3,
    text: 'Plan one screen-free activity a week with someone I care about',
    notes: 'A walk, a meal or a game; being present is the point.',
  },
  {
    id: 'relationships-community',
    category: 'relationships',
    emoji: '🌱',
    priority: 2,
    text: 'Join a group or community activity once a month',
    notes: 'A class, a club or volunteering can widen my support network.',
  },
  {
    id: 'relationships-appreciation',
    category: 'relationships',
    emoji: '✉️',
    priority: 2,
    text: 'Thank someone for something specific every week',
    notes: 'Being specific makes appreciation land.',
  },
  {
    id: 'education-reading',
    category: 'education',
    emoji: '📚',
    priority: 2,
    text: 'Read for fifteen minutes every day',
    notes: 'Fiction or non-fiction; a few pages before bed counts.',
  },
  {
    id: 'education-course',
    category: 'education',
    emoji: '🎓',
    priority: 3,
    text: 'Finish one short course this season',
    notes: 'Choose something that interests me and set a weekly study time.',
  },
  {
    id: 'education-emotions',
    category: 'education',
    emoji: '🧠',
    priority: 3,
    text: 'Learn to name my emotions more precisely',
    notes: 'Use the emotion wheel in my journal to go beyond “fine” or “bad”.',
  },
  {
    id: 'education-language',
    category: 'education',
    emoji: '🗣️',
    priority: 2,
    text: 'Practise a new language for ten minutes a day',
    notes: 'Small daily practice beats long, rare sessions.',
  },
  {
    id: 'other-journal',
    category: 'other',
    emoji: '📓',
    priority: 3,
    text: 'Write in my journal at least four days a week',
    notes: 'A few sentences about my mood and what shaped it are enough.',
  },
  {
    id: 'other-declutter',
    category: 'other',
    emoji: '🧹',
    priority: 2,
    text: 'Tidy one small area of my home each week',
    notes: 'A drawer or a shelf; a calmer space can mean a calmer mind.',
  },
  {
    id: 'other-nature',
    category: 'other',
    emoji: '🌳',
    priority: 2,
    text: 'Spend time in nature every weekend',
    notes: 'A park, a garden or a trail; notice what I see and hear.',
  },
  {
    id: 'other-budget',
    category: 'other',
    emoji: '💰',
    priority: 3,
    text: 'Review my spending once a week',
    notes: 'Knowing where things stand can ease money worries.',
  },
  {
    id: 'other-kindness',
    category: 'other',
    emoji: '🌟',
    priority: 2,
    text: 'Do one small act of kindness each week',
    notes: 'Helping others is good for my own wellbeing too.',
  },
];

export function findPresetGoal(id: string): PresetGoal | undefined {
  return presetGoals.find((p) => p.id === id);
}

/** The categories in catalogue order, each with its number of presets. */
export function presetCategories(): { category: GoalCategory; count: number }[] {
  const out: { category: GoalCategory; count: number }[] = [];
  for (const p of presetGoals) {
    const row = out.find((r) => r.category === p.category);
    if (row) row.count += 1;
    else out.push({ category: p.category, count: 1 });
  }
  return out;
}

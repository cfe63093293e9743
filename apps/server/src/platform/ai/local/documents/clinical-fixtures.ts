import type { CarePlanInput, ClinicalNoteInput, NotesSummaryInput } from '../../port.js';

/** Three notes of a provider about one client (test fixtures of the clinical documents). */
export const clinicalNotes: ClinicalNoteInput[] = [
  {
    id: 'n1',
    date: '2026-11-03',
    time: '9:00 AM',
    title: 'Progress Note',
    category: 'session',
    priority: 'normal',
    text: 'Client reports poor sleep, waking at 3am most nights. Worry about work deadlines returns at night.',
    recommendations: ['Sleep diary every morning', 'CBT-I sleep hygiene handout'],
    frequency: 'Weekly',
    signed: true,
  },
  {
    id: 'n2',
    date: '2026-11-10',
    time: '9:00 AM',
    title: 'Progress Note',
    category: 'assessment',
    priority: 'high',
    text: 'Sleep improved after reducing screens before bed. Work deadlines still bring worry at night.',
    recommendations: ['Sleep diary every morning'],
    frequency: 'Weekly',
    signed: true,
  },
  {
    id: 'n3',
    date: '2026-11-17',
    time: '10:30 AM',
    title: 'Session 3',
    category: 'session',
    priority: 'normal',
    text: 'Discussed panic before team meetings. Practised paced breathing in session for the meetings.',
    recommendations: ['Mindfulness breathing before meetings'],
    frequency: 'Every 2 Weeks',
    signed: false,
  },
];

export const summaryInput: NotesSummaryInput = {
  clientFirstName: 'Iris',
  today: '2026-11-25',
  start: '2026-10-27',
  end: '2026-11-25',
  notes: clinicalNotes,
  journal: {
    entries: 6,
    emotions: [
      { name: 'Fear', count: 3 },
      { name: 'Calm', count: 2 },
    ],
    sentiment: { positive: 2, neutral: 1, negative: 3 },
  },
  documents: [{ id: 's1', label: 'Weekly report (shared 2026-11-20)' }],
};

export const planInput: CarePlanInput = {
  clientFirstName: 'Iris',
  today: '2026-11-25',
  time: { hour: 11, minute: 5, period: 'AM' },
  notes: clinicalNotes,
  goals: [
    { id: 'g1', text: 'Sleep seven hours a night', type: 'personal', mentions: 4 },
    { id: 'g2', text: 'Use breathing before meetings', type: 'therapist', mentions: 1 },
  ],
};

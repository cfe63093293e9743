import type {
  EmailTemplate,
  InterviewGuide,
  SelfReflectionSummary,
  TherapistProfile,
  WeeklyReport,
} from '@mindledger/domain';

/** Fixed documents for the viewers' tests. */
export const profile: TherapistProfile = {
  profile_info: { client_name: 'Ann' },
  provider_parameters: {
    expertise_areas: ['Anxiety', 'Grief'],
    cultural_competencies: ['LGBTQ+ affirming care'],
    therapeutic_approaches: ['Cognitive behavioural therapy'],
    practice_focus: ['Adults in transition'],
  },
  logistical_factors: {
    format: { requirements: ['Video sessions'] },
    location: { time_zone: 'America/Denver', preferences: ['Near downtown'] },
    language: ['English', 'Spanish'],
    scheduling: { preferred_times: ['Weekday evenings'], flexibility: 'Can move sessions with notice.' },
  },
  match_priorities: {
    professional_background: { description: 'Licensed, with trauma training.' },
    communication_style: { preferences: ['Warm and direct'] },
    treatment_modalities: { preferences: ['EMDR'] },
    session_structure: { preferences: ['Weekly 50-minute sessions'] },
  },
  search_context: 'Built from your Initial Journey answers.',
  disclaimer: 'This profile is not a referral.',
};

export const guide: InterviewGuide = {
  interview_guide: { title: 'Questions for Your First Consultation', introduction: 'Use these questions.' },
  questions: [
    {
      number: 1,
      main_question: 'How do you work with anxiety?',
      optional_followup: 'What does a session look like?',
      listen_for: 'Concrete methods.',
      priority: 'high',
    },
    { number: 2, main_question: 'What are your fees?', listen_for: 'Clear answers.', priority: 'medium' },
    { number: 3, main_question: 'Do you offer evening slots?', listen_for: 'Flexibility.', priority: 'low' },
  ],
  conclusion: 'Trust your sense of fit.',
  disclaimer: 'This guide is for information only.',
};

export const email: EmailTemplate = {
  email_template: { title: 'Therapy Request Email', creation_date: 'Mar 4, 2025' },
  subject_line: 'Request for an initial consultation',
  notes: 'Fill in your contact details before sending.',
  disclaimer: 'Review the email before you send it.',
  email_content: {
    greeting: 'Dear Dr. Smith,',
    opening_paragraph: 'I am looking for a therapist.',
    personal_context: 'I have been feeling anxious at night.',
    connection_request: 'Could we schedule a short call?',
    closing: 'Thank you for your time.',
    signature: { sign_off: 'Best regards,', name: 'Ann', contact_placeholder: '[Your phone number]' },
  },
};

export const reflection: SelfReflectionSummary = {
  documentInfo: {
    title: 'Your Reflection Journey',
    subtitle: 'What you shared with us',
    dateRange: 'March 2025',
  },
  narrativeSummary: { content: 'You came looking for calm.' },
  sections: [
    {
      id: 1,
      title: 'What Brings You Here',
      icon: 'heart',
      primaryHeading: 'Main concerns',
      primaryItems: ['Work stress'],
      secondaryHeading: 'Hopes',
      secondaryItems: ['Sleep better'],
    },
    {
      id: 2,
      title: 'Your Strengths',
      icon: 'unknown-icon',
      primaryHeading: 'You bring',
      primaryItems: ['Curiosity'],
    },
  ],
  reflectionQuestions: {
    title: 'Questions to Sit With',
    icon: 'question',
    color: 'violet',
    questions: ['What helps you rest?', { question: 'Who supports you?', context: 'Think of one person.' }],
  },
  conclusion: { content: 'A good start.' },
  disclaimer: {
    personal: 'This reflection is for you.',
    provider: 'Share it with a provider if you wish.',
    privacy: 'It stays private unless you share it.',
  },
};

export const weekly: WeeklyReport = {
  title: 'Weekly Journal Report',
  subtitle: 'Your week in reflection',
  startDate: '2025-03-03',
  endDate: '2025-03-09',
  summary: 'A steady week with more rest.',
  sections: [
    {
      title: 'Moments of Joy',
      icon: 'sun',
      color: 'yellow',
      items: [
        { content: 'A walk with a friend', dates: ['2025-03-04', '2025-03-06'], entryIds: ['e1', 'e2'] },
      ],
    },
    {
      title: 'Challenges',
      icon: 'cloud',
      color: 'blue',
      items: [{ content: 'Late nights at work', dates: ['2025-03-05'], entryIds: ['e3'] }],
    },
  ],
  reflectionQuestions: [
    'What felt good this week?',
    { question: 'What drained you?', context: 'Name one thing.' },
  ],
  disclaimer: 'This report reflects your own entries.',
};

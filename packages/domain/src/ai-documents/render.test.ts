import { describe, expect, it } from 'vitest';
import { aiDocumentMessages } from './messages.js';
import {
  blocksToText,
  documentBlocks,
  documentText,
  documentTitle,
  emailTemplateText,
  parseBoldRuns,
  parseSummaryMarkup,
  pdfFileName,
  summaryBlocks,
  summaryBulletIndents,
  type DocBlock,
} from './render.js';
import {
  emailTemplateSchema,
  interviewGuideSchema,
  selfReflectionSummarySchema,
  therapistProfileSchema,
  weeklyReportSchema,
} from './schemas.js';

const profile = therapistProfileSchema.parse({
  profile_info: { client_name: 'Ann' },
  provider_parameters: {
    expertise_areas: ['Anxiety', 'Grief'],
    cultural_competencies: ['LGBTQ+ affirming'],
    therapeutic_approaches: ['CBT'],
    practice_focus: ['Adults'],
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
  disclaimer: 'Not a referral.',
});

const guide = interviewGuideSchema.parse({
  interview_guide: { title: 'Questions for Your First Consultation', introduction: 'Use these questions.' },
  questions: [
    {
      number: 1,
      main_question: 'How do you work with anxiety?',
      optional_followup: 'What does a session look like?',
      listen_for: 'Concrete methods.',
      priority: 'high',
    },
    { number: 2, main_question: 'What are your fees?', listen_for: 'Clear answers.', priority: 'low' },
  ],
  conclusion: 'Trust your sense of fit.',
  disclaimer: 'Guide only.',
});

const email = emailTemplateSchema.parse({
  email_template: { title: 'Therapy Request Email', creation_date: 'Mar 4, 2025' },
  subject_line: 'Request for an initial consultation',
  notes: 'Fill in your contact details.',
  email_content: {
    greeting: 'Dear Dr. Smith,',
    opening_paragraph: 'I am looking for a therapist.',
    personal_context: 'I have been feeling anxious.',
    connection_request: 'Could we schedule a call?',
    closing: 'Thank you for your time.',
    signature: { sign_off: 'Best regards,', name: 'Ann', contact_placeholder: '[Your phone number]' },
  },
});

const reflection = selfReflectionSummarySchema.parse({
  documentInfo: { title: 'Your Reflection Journey', subtitle: 'What you shared', dateRange: 'March 2025' },
  narrativeSummary: { content: 'You came looking for calm.\n\nYou named work stress.' },
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
    { id: 2, title: 'Strengths', icon: 'star', primaryHeading: 'You bring', primaryItems: ['Curiosity'] },
  ],
  reflectionQuestions: {
    title: 'Questions to Sit With',
    icon: 'question',
    color: 'blue',
    questions: ['What helps?', { question: 'Who supports you?', context: 'Think of one person.' }],
  },
  conclusion: { content: 'A good start.' },
  disclaimer: { personal: 'For you.', provider: 'For your provider.', privacy: 'Kept private.' },
});

const weekly = weeklyReportSchema.parse({
  title: 'Weekly Journal Report',
  subtitle: 'Your week in reflection',
  startDate: '2025-03-03',
  endDate: '2025-03-09',
  summary: 'A steady week.',
  sections: [
    {
      title: 'Moments of Joy',
      icon: 'sun',
      color: 'yellow',
      items: [{ content: 'A walk with a friend', dates: ['2025-03-04'], entryIds: ['e1'] }],
    },
  ],
  reflectionQuestions: ['What felt good?', { question: 'What drained you?' }],
  disclaimer: 'Weekly disclaimer.',
});

const texts = (blocks: DocBlock[], type: DocBlock['type']) =>
  blocks.filter((b) => b.type === type).map((b) => b.text);

describe('documentBlocks', () => {
  it('lays out the therapist profile in the viewer order, mapping the §3 fields', () => {
    const blocks = documentBlocks('therapistProfile', profile);
    expect(blocks[0]).toEqual({ type: 'title', text: 'Target Therapist' });
    expect(texts(blocks, 'heading')).toEqual([
      'About You',
      'Areas of Expertise',
      'Understanding & Awareness',
      'Helpful Approaches',
      'Focus of Support',
      'Session Preferences',
      'Format',
      'Location',
      'Language',
      'Timing',
      'Therapist Connection',
      'Professional Background',
      'Communication Style',
      'Session Approach',
    ]);
    expect(texts(blocks, 'bullet')).toEqual([
      'Anxiety',
      'Grief',
      'LGBTQ+ affirming',
      'CBT',
      'Adults',
      'Video sessions',
      'Near downtown',
      'English',
      'Spanish',
      'Weekday evenings',
      'Warm and direct',
      'EMDR',
      'Weekly 50-minute sessions',
    ]);
    expect(texts(blocks, 'label')).toContain('Time zone: America/Denver');
    expect(texts(blocks, 'paragraph')).toContain('Built from your Initial Journey answers.');
    expect(texts(blocks, 'disclaimer')).toEqual(['Not a referral.', aiDocumentMessages.disclaimer]);
    expect(blocks.at(-1)).toEqual({ type: 'disclaimer', text: aiDocumentMessages.disclaimer });
  });

  it('drops a heading whose list is empty', () => {
    const blocks = documentBlocks('therapistProfile', {
      ...profile,
      provider_parameters: { ...profile.provider_parameters, practice_focus: [] },
    });
    expect(texts(blocks, 'heading')).not.toContain('Focus of Support');
  });

  it('numbers the interview questions and keeps the optional follow-up optional', () => {
    const blocks = documentBlocks('interviewGuide', guide);
    expect(blocks.filter((b) => b.type === 'numbered')).toEqual([
      { type: 'numbered', text: 'How do you work with anxiety?', number: 1, depth: 1 },
      { type: 'numbered', text: 'What are your fees?', number: 2, depth: 1 },
    ]);
    expect(texts(blocks, 'paragraph').filter((t) => t.startsWith('Follow-up'))).toHaveLength(1);
    expect(texts(blocks, 'label')).toEqual(['Priority: High', 'Priority: Low']);
    expect(texts(blocks, 'paragraph').some((t) => t.startsWith('Tip:'))).toBe(true);
  });

  it('splits the self-reflection narrative into paragraphs and numbers the sections', () => {
    const blocks = documentBlocks('selfReflectionSummary', reflection);
    expect(texts(blocks, 'subtitle')).toEqual(['What you shared', 'March 2025']);
    expect(texts(blocks, 'paragraph').slice(0, 2)).toEqual([
      'You came looking for calm.',
      'You named work stress.',
    ]);
    expect(blocks.filter((b) => b.type === 'heading' && b.number !== undefined)).toHaveLength(2);
    expect(texts(blocks, 'disclaimer').slice(0, 3)).toEqual([
      'For you.',
      'For your provider.',
      'Kept private.',
    ]);
  });

  it('renders a weekly report with its dates, questions of both shapes and the end mark', () => {
    const blocks = documentBlocks('weeklyReport', weekly);
    expect(texts(blocks, 'subtitle')[0]).toBe('Mar 3, 2025 – Mar 9, 2025');
    expect(texts(blocks, 'bullet')).toEqual(['A walk with a friend (Mar 4, 2025)']);
    expect(texts(blocks, 'numbered')).toEqual(['What felt good?', 'What drained you?']);
    expect(blocks).toContainEqual({ type: 'divider', text: 'END OF REFLECTION' });
  });

  it('renders a chat history with speakers', () => {
    const blocks = documentBlocks('chatHistory', [
      { role: 'user', text: 'I feel tense.' },
      { role: 'assistant', text: 'Thank you for sharing.' },
    ]);
    expect(texts(blocks, 'label')).toEqual(['You', 'Assistant']);
    expect(documentTitle('chatHistory', [])).toBe('Initial Journey Chat History');
  });
});

describe('documentTitle', () => {
  it('takes the title of the document, or of its section', () => {
    expect(documentTitle('therapistProfile', profile)).toBe('Target Therapist');
    expect(documentTitle('interviewGuide', guide)).toBe('Questions for Your First Consultation');
    expect(documentTitle('emailTemplate', email)).toBe('Therapy Request Email');
    expect(documentTitle('selfReflectionSummary', reflection)).toBe('Your Reflection Journey');
    expect(documentTitle('weeklyReport', weekly)).toBe('Weekly Journal Report (Mar 3, 2025 – Mar 9, 2025)');
  });
});

describe('blocksToText', () => {
  it('writes headings on their own lines, "- " bullets, "1. " items and no markup', () => {
    const text = blocksToText([
      { type: 'title', text: 'Title' },
      { type: 'subtitle', text: 'Sub' },
      { type: 'heading', text: 'Section' },
      { type: 'bullet', text: 'one' },
      { type: 'bullet', text: 'nested', depth: 2 },
      { type: 'paragraph', text: 'After the list.' },
      { type: 'heading', text: 'Numbers', number: 2 },
      { type: 'numbered', text: 'first', number: 1 },
      { type: 'paragraph', text: 'detail', depth: 1 },
      { type: 'numbered', text: 'second', number: 2 },
      { type: 'divider', text: '' },
      { type: 'disclaimer', text: 'Careful.' },
    ]);
    expect(text).toBe(
      [
        'Title',
        'Sub',
        '',
        'Section',
        '- one',
        '  - nested',
        '',
        'After the list.',
        '',
        '2. Numbers',
        '1. first',
        '   detail',
        '2. second',
        '',
        'Careful.',
      ].join('\n'),
    );
  });

  it('gives the interview guide as clean text', () => {
    const text = documentText('interviewGuide', guide);
    expect(text).toContain(
      '1. How do you work with anxiety?\n   Follow-up: What does a session look like?\n   What to listen for: Concrete methods.\n   Priority: High\n2. What are your fees?',
    );
    expect(text).not.toMatch(/[*#<>]/);
    expect(text.endsWith(aiDocumentMessages.disclaimer)).toBe(true);
  });

  it('gives the therapist profile headings on their own lines', () => {
    const text = documentText('therapistProfile', profile);
    expect(text.startsWith('Target Therapist\n\nAbout You\nThis profile, prepared for Ann')).toBe(true);
    expect(text).toContain('\n\nSession Preferences\nFormat\n- Video sessions\n');
    expect(text).toContain('Location\nTime zone: America/Denver\n- Near downtown');
  });
});

describe('emailTemplateText', () => {
  it('is the subject and the email, ready to paste', () => {
    expect(emailTemplateText(email)).toBe(
      'Subject: Request for an initial consultation\n\nDear Dr. Smith,\n\nI am looking for a therapist.\n\n' +
        'I have been feeling anxious.\n\nCould we schedule a call?\n\nThank you for your time.\n\n' +
        'Best regards,\nAnn\n[Your phone number]',
    );
    const text = documentText('emailTemplate', email);
    expect(text).toContain('Created Mar 4, 2025');
    expect(text).toContain('Notes\nFill in your contact details.');
  });
});

describe('parseSummaryMarkup', () => {
  it('reads headings, bullets by dash depth with their indents, and bold runs', () => {
    const lines = parseSummaryMarkup(
      '# Week\n## Mood\n### Detail\n- one\n-- two\n--- three\n---- four\n----- five\nPlain **bold** end\n\n',
    );
    expect(lines.map((l) => l.type)).toEqual([
      'heading',
      'heading',
      'heading',
      'bullet',
      'bullet',
      'bullet',
      'bullet',
      'bullet',
      'paragraph',
    ]);
    expect(lines.slice(0, 3).map((l) => (l.type === 'heading' ? l.level : 0))).toEqual([1, 2, 3]);
    expect(lines.slice(3, 8).map((l) => (l.type === 'bullet' ? l.indent : 0))).toEqual([
      20, 50, 80, 110, 110,
    ]);
    expect(lines[8]).toEqual({
      type: 'paragraph',
      runs: [
        { text: 'Plain ', bold: false },
        { text: 'bold', bold: true },
        { text: ' end', bold: false },
      ],
    });
    expect(summaryBulletIndents).toEqual([20, 50, 80, 110]);
  });

  it('ignores empty markers and keeps an unmatched ** as text', () => {
    expect(parseSummaryMarkup('---\n#\n')).toEqual([]);
    expect(parseSummaryMarkup('')).toEqual([]);
    expect(parseSummaryMarkup(null)).toEqual([]);
    expect(parseBoldRuns('a ** b')).toEqual([{ text: 'a ** b', bold: false }]);
    expect(parseBoldRuns('**all**')).toEqual([{ text: 'all', bold: true }]);
  });

  it('turns into document blocks without the bold markers', () => {
    expect(summaryBlocks('# Title\n- **Key** point\ntext')).toEqual([
      { type: 'heading', text: 'Title', depth: 1 },
      { type: 'bullet', text: 'Key point', depth: 1 },
      { type: 'paragraph', text: 'text' },
    ]);
  });
});

describe('pdfFileName', () => {
  it('makes a safe file name from the title', () => {
    expect(pdfFileName('Self-Reflection Summary: Initial Journey')).toBe(
      'Self-Reflection-Summary-Initial-Journey.pdf',
    );
    expect(pdfFileName(documentTitle('weeklyReport', weekly))).toBe(
      'Weekly-Journal-Report-Mar-3-2025-Mar-9-2025.pdf',
    );
    expect(pdfFileName('../x')).toBe('x.pdf');
    expect(pdfFileName('')).toBe('document.pdf');
  });
});

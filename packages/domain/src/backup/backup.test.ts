import { describe, expect, it } from 'vitest';
import {
  backupSchema,
  daylioDrafts,
  isDaylioHeader,
  isEntryCsvHeader,
  isGoalCsvHeader,
  issueWhere,
  mapMood,
  readClock,
  rowKey,
  templateEntryDrafts,
  templateFile,
  templateInfo,
} from '../index.js';

describe('Daylio CSV', () => {
  const rows = [
    {
      full_date: '2024-03-05',
      date: 'March 5',
      weekday: 'Tuesday',
      time: '9:14 pm',
      mood: 'rad',
      activities: 'friends | reading',
      note_title: 'Dinner',
      note: 'Lovely evening<br>with Sam',
    },
    {
      full_date: '2024-03-06',
      date: 'March 6',
      weekday: 'Wednesday',
      time: '08:05',
      mood: 'meh',
      activities: '',
      note_title: '',
      note: '',
    },
    {
      full_date: '2024-03-07',
      time: '10:00',
      mood: 'awful',
      activities: 'work',
      note_title: '',
      note: 'Deadline.',
    },
    { full_date: '2024-03-08', time: '10:00', mood: 'bad', activities: '', note_title: '', note: 'Tired.' },
    { full_date: '2024-03-09', time: '10:00', mood: 'good', activities: '', note_title: '', note: 'Ok.' },
  ];

  it('maps the five moods to ours with an emotion of the wheel, keeps activities, times and notes', () => {
    const { drafts, problems } = daylioDrafts(rows, { timezone: 'Europe/Paris' });
    expect(problems).toEqual([]);
    expect(drafts.map((d) => [d.mood, d.emotionData?.primaryEmotion])).toEqual([
      ['Awesome', 'Joy'],
      ['Okay', 'Indifferent'],
      ['Very bad', 'Sadness'],
      ['Not fine', 'Fear'],
      ['Fine', 'Calm'],
    ]);
    expect(drafts[0]).toMatchObject({
      where: 'line 2',
      day: '2024-03-05',
      time: '21:14',
      timezone: 'Europe/Paris',
      notes: 'Dinner\n\nLovely evening\nwith Sam',
      activities: ['friends', 'reading'],
      isPrivate: false,
    });
    expect(drafts[1]!.notes).toBe('Imported from Daylio: Okay.');
  });

  it('gives the same row the same key, and another row another', () => {
    const a = daylioDrafts(rows, { timezone: 'UTC' }).drafts;
    const b = daylioDrafts(rows, { timezone: 'UTC' }).drafts;
    expect(a.map((d) => d.key)).toEqual(b.map((d) => d.key));
    expect(new Set(a.map((d) => d.key)).size).toBe(rows.length);
    expect(rowKey('x', 'a', 'b')).not.toBe(rowKey('x', 'ab', ''));
  });

  it('lists every unreadable row with its line, and maps custom moods the user chose', () => {
    const bad = [
      { full_date: '5/3/2024', time: '10:00', mood: 'rad' },
      { full_date: '2024-03-05', time: '25:00', mood: 'rad' },
      { full_date: '2024-03-05', time: '10:00', mood: 'sleepy' },
      // days PostgreSQL has no room for (year 0) or a journal cannot mean
      { full_date: '0000-01-01', time: '10:00', mood: 'rad' },
      { full_date: '1969-12-31', time: '10:00', mood: 'rad' },
    ];
    const { drafts, problems } = daylioDrafts(bad, { timezone: 'UTC' });
    expect(drafts).toEqual([]);
    expect(problems.map((p) => p.where)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6']);
    expect(problems[2]!.message).toMatch(/^Unknown mood "sleepy"/);
    expect(problems[3]!.message).toBe('The date "0000-01-01" is not a date like 2024-03-05.');
    expect(daylioDrafts(bad.slice(2), { timezone: 'UTC', moodMap: { sleepy: 'Okay' } }).drafts[0]!.mood).toBe(
      'Okay',
    );
  });

  it('recognises the headers of each source', () => {
    expect(
      isDaylioHeader(['full_date', 'date', 'weekday', 'time', 'mood', 'activities', 'note_title', 'note']),
    ).toBe(true);
    expect(isEntryCsvHeader(['date', 'mood', 'notes'])).toBe(true);
    expect(isGoalCsvHeader(['text', 'status'])).toBe(true);
    expect(isDaylioHeader(['date', 'mood'])).toBe(false);
  });
});

describe('moods and clocks', () => {
  it('reads 24 h and 12 h clocks and refuses others', () => {
    expect(readClock('21:14')).toBe('21:14');
    expect(readClock('9:05 AM')).toBe('09:05');
    expect(readClock('12:30 a.m.')).toBe('00:30');
    expect(readClock('12:30 pm')).toBe('12:30');
    expect(readClock('07:45:10')).toBe('07:45');
    for (const bad of ['24:00', '13:00 pm', '7', 'noon', '10:60']) expect(readClock(bad)).toBeNull();
  });
  it('maps our moods, Daylio’s, and the user’s choices, and nothing else', () => {
    expect(mapMood('fine')?.mood).toBe('Fine');
    expect(mapMood('RAD')?.mood).toBe('Awesome');
    expect(mapMood('sleepy')).toBeNull();
    expect(mapMood('sleepy', { sleepy: 'Very bad' })?.mood).toBe('Very bad');
  });
});

describe('the entries template', () => {
  it('reads CSV rows with defaults, and keeps a private flag', () => {
    const { drafts, problems } = templateEntryDrafts(
      [
        { date: '2024-03-05', mood: 'Fine', notes: 'Walk', private: 'yes', activities: 'walking; reading' },
        { date: '2024-03-06T08:30:00Z', mood: 'Not fine', timezone: 'America/Denver' },
        { date: '2024-03-07', mood: '' },
        { date: '2024-03-07', mood: 'Fine', timezone: 'Mars/Olympus' },
      ],
      { timezone: 'Europe/Paris', source: 'csv' },
    );
    expect(drafts[0]).toMatchObject({
      time: '12:00',
      timezone: 'Europe/Paris',
      isPrivate: true,
      activities: ['walking', 'reading'],
    });
    expect(drafts[1]).toMatchObject({
      day: '2024-03-06',
      time: '08:30',
      timezone: 'America/Denver',
      notes: 'Imported: Not fine.',
    });
    expect(problems).toEqual([
      { where: 'line 4', message: 'Please select a mood' },
      { where: 'line 5', message: '"Mars/Olympus" is not a time zone like Europe/Paris.' },
    ]);
  });
});

describe('templates', () => {
  it('writes CSV and JSON templates, with examples on request, formula-safe', () => {
    const empty = templateFile('entries', 'csv', false);
    expect(empty.text).toBe('date,time,timezone,mood,notes,activities,private\r\n');
    expect(empty.fileName).toBe('mindledger-entries-template.csv');
    const withExamples = templateFile('goals', 'csv', true);
    expect(withExamples.text.split('\r\n')).toHaveLength(4);
    const json = JSON.parse(templateFile('goals', 'json', true).text) as { goals: unknown[] };
    expect(json.goals).toHaveLength(2);
    expect(templateInfo().map((t) => t.type)).toEqual(['entries', 'goals']);
  });
});

describe('the backup document', () => {
  it('names where each problem is', () => {
    const result = backupSchema.safeParse({
      format: 'mindledger-backup',
      version: 1,
      exportedAt: '2026-01-01T00:00:00Z',
      profile: { firstName: 'A', lastName: 'B', timezone: 'UTC' },
      entries: [
        {
          id: 'e1',
          entryAt: '2026-01-01T00:00:00Z',
          userTimezone: 'UTC',
          mood: 'Fine',
          journalType: 'prompt',
        },
        { id: 'e2' },
      ],
    });
    expect(result.success).toBe(false);
    const wheres = result.error!.issues.map((i) => issueWhere(i.path));
    expect(wheres).toContain('entries[1].entryAt');
    expect(wheres).toContain('entries[1].mood');
  });
  it('refuses another format', () => {
    const result = backupSchema.safeParse({ format: 'daylio', version: 1 });
    expect(result.error?.issues[0]?.message).toBe('This JSON is not a MindLedger backup.');
  });
});

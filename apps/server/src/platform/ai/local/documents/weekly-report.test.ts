import {
  aiDocumentMessages,
  crisisResources,
  weeklyReportSchema,
  type WeeklyReport,
} from '@mindledger/domain';
import { describe, expect, it } from 'vitest';
import type { WeeklyInput } from '../../port.js';
import { localDocument } from './index.js';
import { entry, weeklyInput } from './test-fixtures.js';
import { expectFilled, expectNoInventedNames, expectQuotesFrom, stringsOf } from './test-grounding.js';

const report = (input: WeeklyInput = weeklyInput) => localDocument('weeklyReport', input) as WeeklyReport;
const sources = (input: WeeklyInput) => [
  input.firstName,
  ...input.entries.flatMap((e) => [e.text, ...e.activities, e.emotion?.primary ?? '']),
  ...input.goals.map((g) => g.text),
];
const items = (doc: WeeklyReport) => doc.sections.flatMap((s) => s.items);
const sectionNamed = (doc: WeeklyReport, title: string) => doc.sections.find((s) => s.title === title);

describe('local weekly report', () => {
  it('validates, fills every field and carries the disclaimer', () => {
    const doc = report();
    expect(weeklyReportSchema.safeParse(doc).success).toBe(true);
    expectFilled(doc);
    expect(doc.disclaimer).toBe(aiDocumentMessages.disclaimer);
    expect(doc.title).toBe('Your Week in Reflection');
    expect(doc.subtitle).toBe('A look back at your week, made from your own journal entries');
    expect([doc.startDate, doc.endDate]).toEqual(['2026-03-01', '2026-03-07']);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(report(structuredClone(weeklyInput)))).toBe(JSON.stringify(report()));
  });

  it('quotes only the entries and names nothing that is not in the input', () => {
    const doc = report();
    expect(expectQuotesFrom(doc, sources(weeklyInput)).length).toBeGreaterThan(3);
    expectNoInventedNames(doc, sources(weeklyInput));
  });

  it('links items only to the period’s own entries and days', () => {
    const ids = new Set(weeklyInput.entries.filter((e) => e.id !== 'x-out').map((e) => e.id));
    for (const item of items(report())) {
      for (const id of item.entryIds) expect(ids).toContain(id);
      for (const day of item.dates) expect(day >= '2026-03-01' && day <= '2026-03-07').toBe(true);
    }
    expect(JSON.stringify(report())).not.toMatch(/Outside the period/);
  });

  it('has sections with title, icon and colour', () => {
    const doc = report();
    expect(doc.sections.map((s) => s.icon)).toEqual(
      expect.arrayContaining(['trending-up', 'heart', 'target', 'sun', 'moon', 'activity']),
    );
    for (const section of doc.sections) expect(section.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('states the sleep relation with the days behind it', () => {
    const sleep = sectionNamed(report(), 'Sleep and Mood')!;
    expect(sleep.items[0]?.content).toBe(
      'On the 3 days you slept 7 hours or more, 3 of your 4 entries were positive; on the 3 shorter nights, 0 of 3 were.',
    );
    expect(sleep.items[0]?.dates).toHaveLength(6);
    expect(sleep.items[1]?.content).toMatch(/more often positive after nights of 7 hours or more/);
  });

  it('says there is not enough data below the threshold, and states no relation', () => {
    const thin = {
      ...weeklyInput,
      entries: weeklyInput.entries.map((e) => (e.id === 'e7' ? { ...e, sleepHours: undefined } : e)),
    };
    const sleep = sectionNamed(report(thin), 'Sleep and Mood')!;
    expect(sleep.items).toHaveLength(1);
    expect(sleep.items[0]?.content).toMatch(/^There's not enough sleep data yet .*\(this week: 3 and 2\)\.$/);
    expect(stringsOf(sleep).join(' ')).not.toMatch(/more often|less often/);
  });

  it('asks reflection questions drawn from the week', () => {
    const questions = report().reflectionQuestions.map((q) => (typeof q === 'string' ? q : q.question));
    expect(questions.some((q) => q.includes('joy'))).toBe(true);
    expect(questions.some((q) => q.includes('“Walk 20 minutes a day”'))).toBe(true);
    expect(questions.some((q) => /sleep/.test(q))).toBe(true);
  });

  it('says so plainly when the week has no entries', () => {
    const doc = report({ ...weeklyInput, entries: [], streak: 0 });
    expect(weeklyReportSchema.safeParse(doc).success).toBe(true);
    expectFilled(doc);
    expect(doc.summary).toMatch(/you didn't write any journal entries/);
    expect(stringsOf(doc).join(' ')).not.toMatch(/Joy|positive entries|slept/);
  });

  it('notes that a single entry makes a brief summary', () => {
    const doc = report({ ...weeklyInput, entries: [weeklyInput.entries[0]!] });
    expect(doc.summary).toMatch(/At least 2 entries are needed/);
  });

  it('surfaces crisis resources for an entry expressing risk and never quotes it', () => {
    const risky = entry({
      id: 'r1',
      day: '2026-03-07',
      text: 'I feel grateful but some nights I want to die.',
      sentiment: 'positive',
    });
    const doc = report({ ...weeklyInput, entries: [...weeklyInput.entries, risky] });
    const support = sectionNamed(doc, 'Support Is Available')!;
    expect(doc.sections[0]).toBe(support);
    expect(support.items[0]?.entryIds).toEqual(['r1']);
    expect(support.items.map((i) => i.content)).toEqual(expect.arrayContaining(crisisResources.lines));
    expect(JSON.stringify(doc)).not.toMatch(/want to die/);
  });

  it("names the crisis lines of the user's time zone", () => {
    const risky = entry({ id: 'r1', day: '2026-03-07', text: 'Some nights I want to die.' });
    const doc = report({
      ...weeklyInput,
      timeZone: 'Europe/London',
      entries: [...weeklyInput.entries, risky],
    });
    const support = sectionNamed(doc, 'Support Is Available')!;
    expect(support.items.map((i) => i.content)).toContain('Samaritans: call 116 123.');
    expect(JSON.stringify(support)).not.toMatch(/988/);
  });
});

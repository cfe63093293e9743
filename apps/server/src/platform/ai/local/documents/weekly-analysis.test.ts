import { describe, expect, it } from 'vitest';
import type { WeeklyInput } from '../../port.js';
import { analyseWeek, minimumDaysEachSide, type Evidence } from './weekly-analysis.js';
import { entry, weeklyInput } from './test-fixtures.js';

const withEntries = (entries: WeeklyInput['entries']): WeeklyInput => ({ ...weeklyInput, entries });

/** Every piece of evidence of the analysis, wherever it sits. */
function evidenceOf(value: unknown): Evidence[] {
  if (Array.isArray(value)) return value.flatMap(evidenceOf);
  if (!value || typeof value !== 'object') return [];
  const found = 'days' in value && 'entryIds' in value ? [value as Evidence] : [];
  return [
    ...found,
    ...Object.entries(value)
      .filter(([k]) => k !== 'entries')
      .flatMap(([, v]) => evidenceOf(v)),
  ];
}

describe('analyseWeek', () => {
  const a = analyseWeek(weeklyInput);

  it('counts the period’s entries by sentiment, overall and per day, leaving out other days', () => {
    expect(a.totals).toEqual({ entries: 7, positive: 3, neutral: 1, negative: 3 });
    expect(a.entries.map((e) => e.id)).not.toContain('x-out');
    expect(a.days).toHaveLength(7);
    expect(a.activeDays).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(a.byDay.find((d) => d.day === '2026-03-03')).toMatchObject({
      total: 2,
      positive: 1,
      neutral: 1,
      negative: 0,
      entryIds: ['e3', 'e4'],
    });
  });

  it('ranks the top emotions with their average intensity', () => {
    expect(
      a.topEmotions.map(({ name, count, averageIntensity }) => ({ name, count, averageIntensity })),
    ).toEqual([
      { name: 'Joy', count: 3, averageIntensity: 7 },
      { name: 'Fear', count: 2, averageIntensity: 7.5 },
      { name: 'Sadness', count: 1, averageIntensity: 5 },
    ]);
    expect(a.topEmotions[0]?.entryIds).toEqual(['e1', 'e3', 'e6']);
  });

  it('counts goal mentions per goal, with their days', () => {
    expect(a.goals).toEqual([
      { id: 'g-sleep', text: 'Sleep by 11pm', count: 1, days: ['2026-03-03'], entryIds: ['e3'] },
      {
        id: 'g-walk',
        text: 'Walk 20 minutes a day',
        count: 3,
        days: ['2026-03-01', '2026-03-03', '2026-03-05'],
        entryIds: ['e1', 'e3', 'e6'],
      },
    ]);
    expect(a.streak).toBe(5);
  });

  it('finds what the positive entries hold', () => {
    expect(a.helped.entryIds).toEqual(['e1', 'e3', 'e6']);
    expect(a.helped.activities.map((s) => [s.name, s.count])).toEqual([
      ['Walking', 3],
      ['Yoga', 1],
    ]);
    expect(a.helped.words.map((w) => w.name)).toEqual(expect.arrayContaining(['grateful', 'sister']));
    for (const word of a.helped.words) expect(word.count).toBeGreaterThanOrEqual(2);
  });

  it('compares sleep with mood when both sides have enough days', () => {
    expect(a.sleep).toMatchObject({
      enough: true,
      direction: 'more',
      with: { days: ['2026-03-01', '2026-03-03', '2026-03-05'], positive: 3, total: 4 },
      without: { days: ['2026-03-02', '2026-03-04', '2026-03-06'], positive: 0, total: 3 },
    });
  });

  it('does not compare sleep with one day too few on either side', () => {
    const shortSide = analyseWeek(
      withEntries(weeklyInput.entries.map((e) => (e.id === 'e7' ? { ...e, sleepHours: undefined } : e))),
    );
    expect(shortSide.sleep.enough).toBe(false);
    expect(shortSide.sleep.direction).toBeUndefined();
    expect(shortSide.sleep.without.days).toHaveLength(minimumDaysEachSide - 1);
    const longSide = analyseWeek(
      withEntries(weeklyInput.entries.map((e) => (e.id === 'e6' ? { ...e, sleepHours: undefined } : e))),
    );
    expect(longSide.sleep.enough).toBe(false);
    expect(longSide.sleep.with.days).toHaveLength(minimumDaysEachSide - 1);
  });

  it('compares an activity with mood only with enough days with and without it', () => {
    const walking = a.activities.find((c) => c.subject === 'Walking');
    expect(walking).toMatchObject({ enough: true, direction: 'more' });
    expect(walking?.with.days).toHaveLength(3);
    expect(walking?.without.days).toHaveLength(3);
    expect(a.activities.find((c) => c.subject === 'Work')).toMatchObject({ enough: true, direction: 'less' });
    expect(a.activities.find((c) => c.subject === 'Yoga')).toMatchObject({ enough: false });
    expect(a.activities.find((c) => c.subject === 'Yoga')?.direction).toBeUndefined();
  });

  it('says "the same" when the shares are close', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
    const same = analyseWeek(
      withEntries(
        days.map((day, i) =>
          entry({
            id: `s${i}`,
            day,
            sentiment: i % 3 === 0 ? 'positive' : 'neutral',
            activities: i < 3 ? ['Reading'] : [],
          }),
        ),
      ),
    );
    expect(same.activities[0]).toMatchObject({ subject: 'Reading', enough: true, direction: 'same' });
  });

  it('keeps every piece of evidence inside the input and the period', () => {
    const ids = new Set(weeklyInput.entries.map((e) => e.id));
    const found = evidenceOf(a);
    expect(found.length).toBeGreaterThan(10);
    for (const e of found) {
      for (const id of e.entryIds) expect(ids.has(id) && id !== 'x-out').toBe(true);
      for (const day of e.days) {
        expect(day >= weeklyInput.startDate && day <= weeklyInput.endDate).toBe(true);
      }
    }
  });

  it('flags entries that express risk', () => {
    const risky = analyseWeek(
      withEntries([
        ...weeklyInput.entries,
        entry({ id: 'r1', day: '2026-03-07', text: 'Some nights I want to die.', sentiment: 'negative' }),
      ]),
    );
    expect(risky.riskEntryIds).toEqual(['r1']);
  });

  it('handles an empty week', () => {
    const empty = analyseWeek(withEntries([]));
    expect(empty.totals).toEqual({ entries: 0, positive: 0, neutral: 0, negative: 0 });
    expect(empty.sleep.enough).toBe(false);
    expect(empty.topEmotions).toEqual([]);
  });
});

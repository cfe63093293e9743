import { describe, expect, it } from 'vitest';
import {
  answersProblem,
  assignMeasureSchema,
  bandOf,
  changeFlags,
  changeText,
  milestones,
  gad7,
  instruments,
  measureAnswersSchema,
  measureIntervalLabel,
  measureMessages,
  phq9,
  scoreMeasure,
  type Instrument,
} from '../index.js';

/** Answers scoring `total`, spread from the first item on (each item at most 3). */
function answersFor(instrument: Instrument, total: number, extra: Record<string, number> = {}) {
  let left = total;
  const answers: Record<string, number> = {};
  for (const item of instrument.items) {
    const score = Math.min(3, left);
    answers[item.linkId] = score;
    left -= score;
  }
  return { ...answers, ...extra };
}

describe('the instruments as published', () => {
  it('PHQ-9: nine items with their LOINC codes, four frequency answers, the panel and total codes', () => {
    expect(phq9.code).toBe('44249-1');
    expect(phq9.totalCode).toBe('44261-6');
    expect(phq9.items.map((i) => i.code)).toEqual([
      '44250-9',
      '44255-8',
      '44259-0',
      '44254-1',
      '44251-7',
      '44258-2',
      '44252-5',
      '44253-3',
      '44260-8',
    ]);
    expect(phq9.items[0]!.text).toBe('Little interest or pleasure in doing things');
    expect(phq9.items[8]!.text).toBe(
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    );
    expect(phq9.options.map((o) => [o.score, o.text, o.code])).toEqual([
      [0, 'Not at all', 'LA6568-5'],
      [1, 'Several days', 'LA6569-3'],
      [2, 'More than half the days', 'LA6570-1'],
      [3, 'Nearly every day', 'LA6571-9'],
    ]);
    expect(phq9.difficulty.code).toBe('69722-7');
    expect(phq9.maxScore).toBe(27);
  });

  it('GAD-7: seven items with their LOINC codes, the panel and total codes', () => {
    expect(gad7.code).toBe('69737-5');
    expect(gad7.totalCode).toBe('70274-6');
    expect(gad7.items.map((i) => i.code)).toEqual([
      '69725-0',
      '68509-9',
      '69733-4',
      '69734-2',
      '69735-9',
      '69689-8',
      '69736-7',
    ]);
    expect(gad7.items[0]!.text).toBe('Feeling nervous, anxious, or on edge');
    expect(gad7.difficulty.options.map((o) => o.text)).toEqual([
      'Not difficult at all',
      'Somewhat difficult',
      'Very difficult',
      'Extremely difficult',
    ]);
    expect(gad7.maxScore).toBe(21);
  });

  it('bands cover every total from 0 to the maximum exactly once', () => {
    for (const instrument of Object.values(instruments)) {
      const covered: number[] = [];
      for (const band of instrument.bands) for (let s = band.min; s <= band.max; s += 1) covered.push(s);
      expect(covered).toEqual(Array.from({ length: instrument.maxScore + 1 }, (_, i) => i));
      expect(instrument.maxScore).toBe(instrument.items.length * 3);
    }
  });

  it('item link ids are unique within an instrument', () => {
    for (const instrument of Object.values(instruments)) {
      const ids = [...instrument.items.map((i) => i.linkId), instrument.difficulty.linkId];
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('scoring and bands', () => {
  it.each([
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Moderately severe'],
    [19, 'Moderately severe'],
    [20, 'Severe'],
    [27, 'Severe'],
  ])('PHQ-9 %i is %s', (total, label) => {
    const score = scoreMeasure('phq9', answersFor(phq9, total));
    expect(score.total).toBe(total);
    expect(score.band.label).toBe(label);
  });

  it.each([
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Severe'],
    [21, 'Severe'],
  ])('GAD-7 %i is %s', (total, label) => {
    const score = scoreMeasure('gad7', answersFor(gad7, total));
    expect(score.total).toBe(total);
    expect(score.band.label).toBe(label);
    expect(score.safetyAlert).toBe(false);
  });

  it('does not count the difficulty question', () => {
    const score = scoreMeasure('phq9', answersFor(phq9, 6, { 'phq9-10': 3 }));
    expect(score.total).toBe(6);
  });

  it('bandOf refuses a total outside the scale', () => {
    expect(() => bandOf(phq9, 28)).toThrow(RangeError);
    expect(() => bandOf(gad7, -1)).toThrow(RangeError);
    expect(bandOf(gad7, 21).label).toBe('Severe');
  });

  it('any answer above 0 on PHQ-9 item 9 is a safety alert, whatever the total', () => {
    for (const answer of [1, 2, 3]) {
      const answers = { ...answersFor(phq9, 0), 'phq9-9': answer };
      const score = scoreMeasure('phq9', answers);
      expect(score.safetyAlert).toBe(true);
      expect(score.band.label).toBe('Minimal');
    }
    expect(scoreMeasure('phq9', answersFor(phq9, 24, { 'phq9-9': 0 })).safetyAlert).toBe(false);
  });

  it('refuses missing, unknown and out-of-range answers with a clear reason', () => {
    const answers = answersFor(phq9, 3);
    const { 'phq9-4': _dropped, ...missing } = answers;
    expect(answersProblem(phq9, missing)).toBe(measureMessages.answerEvery);
    expect(answersProblem(phq9, { ...answers, 'gad7-1': 1 })).toBe('PHQ-9 has no question gad7-1.');
    expect(answersProblem(phq9, { ...answers, 'phq9-2': 4 })).toBe('phq9-2: choose one of the answers.');
    expect(answersProblem(phq9, { ...answers, 'phq9-2': 1.5 })).toBe('phq9-2: choose one of the answers.');
    expect(answersProblem(phq9, answers)).toBeNull();
    expect(() => scoreMeasure('gad7', answers)).toThrow('GAD-7 has no question phq9-1.');
  });
});

describe('change flags', () => {
  it('the first score has no change and no flags', () => {
    expect(changeFlags('phq9', 12, { first: null, previous: null })).toEqual({
      change: null,
      reliableImprovement: false,
      reliableWorsening: false,
      response: false,
      remission: false,
    });
  });

  it('PHQ-9 flags a change of 5 or more points either way, not 4', () => {
    expect(changeFlags('phq9', 10, { first: 14, previous: 14 }).reliableImprovement).toBe(false);
    expect(changeFlags('phq9', 9, { first: 14, previous: 14 }).reliableImprovement).toBe(true);
    expect(changeFlags('phq9', 18, { first: 14, previous: 14 }).reliableWorsening).toBe(false);
    expect(changeFlags('phq9', 19, { first: 14, previous: 14 })).toMatchObject({
      change: 5,
      reliableWorsening: true,
      reliableImprovement: false,
    });
  });

  it('GAD-7 flags a change of 4 or more points', () => {
    expect(changeFlags('gad7', 9, { first: 12, previous: 12 }).reliableImprovement).toBe(false);
    expect(changeFlags('gad7', 8, { first: 12, previous: 12 }).reliableImprovement).toBe(true);
  });

  it('response is a reduction of at least 50% from the first score', () => {
    expect(changeFlags('phq9', 10, { first: 20, previous: 12 }).response).toBe(true);
    expect(changeFlags('phq9', 11, { first: 20, previous: 12 }).response).toBe(false);
    expect(changeFlags('phq9', 7, { first: 15, previous: 9 }).response).toBe(true); // 7 ≤ 7.5
    expect(changeFlags('phq9', 8, { first: 15, previous: 9 }).response).toBe(false);
  });

  it('remission is a score below 5 after a first score of 5 or more', () => {
    expect(changeFlags('phq9', 4, { first: 12, previous: 6 }).remission).toBe(true);
    expect(changeFlags('phq9', 5, { first: 12, previous: 6 }).remission).toBe(false);
    expect(changeFlags('gad7', 0, { first: 5, previous: 5 }).remission).toBe(true);
    // minimal from the start: nothing to remit or respond from
    expect(changeFlags('phq9', 1, { first: 4, previous: 4 })).toMatchObject({
      remission: false,
      response: false,
    });
  });
});

describe('request shapes', () => {
  const patientId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

  it('assigning: a kind, and once or every 1, 2 or 4 weeks', () => {
    expect(assignMeasureSchema.parse({ patientId, kind: 'phq9' })).toEqual({
      patientId,
      kind: 'phq9',
      everyWeeks: null,
    });
    expect(assignMeasureSchema.parse({ patientId, kind: 'gad7', everyWeeks: 2 }).everyWeeks).toBe(2);
    const bad = assignMeasureSchema.safeParse({ patientId, kind: 'gad7', everyWeeks: 3 });
    expect(bad.error?.issues[0]?.message).toBe('Choose once, or every 1, 2 or 4 weeks.');
    const kind = assignMeasureSchema.safeParse({ patientId, kind: 'beck' });
    expect(kind.error?.issues[0]?.message).toBe('Choose PHQ-9 or GAD-7.');
    expect(assignMeasureSchema.safeParse({ patientId: 'x', kind: 'phq9' }).success).toBe(false);
  });

  it('answers: scores 0 to 3 only', () => {
    expect(measureAnswersSchema.safeParse({ answers: { 'phq9-1': 3 } }).success).toBe(true);
    expect(measureAnswersSchema.safeParse({ answers: { 'phq9-1': 4 } }).success).toBe(false);
    expect(measureAnswersSchema.safeParse({ answers: { 'phq9-1': '1' } }).success).toBe(false);
    expect(measureAnswersSchema.safeParse({ answers: [] }).success).toBe(false);
  });

  it('labels intervals for people', () => {
    expect([null, 1, 2, 4].map((w) => measureIntervalLabel(w as 1))).toEqual([
      'Once',
      'Every week',
      'Every 2 weeks',
      'Every 4 weeks',
    ]);
  });
});

describe('change in words', () => {
  const none = {
    change: null,
    reliableImprovement: false,
    reliableWorsening: false,
    response: false,
    remission: false,
  };
  it('says how many points, which way, and nothing for a first score', () => {
    expect(changeText(none)).toBeNull();
    expect(changeText({ change: 0 })).toBe('Same as last time');
    expect(changeText({ change: -1 })).toBe('1 point lower than last time');
    expect(changeText({ change: 6 })).toBe('6 points higher than last time');
  });
  it('names remission over response, and reliable change either way', () => {
    expect(milestones(none)).toEqual([]);
    expect(
      milestones({ ...none, change: -8, response: true, remission: true, reliableImprovement: true }),
    ).toEqual(['Remission', 'Reliable improvement']);
    expect(milestones({ ...none, change: 5, reliableWorsening: true })).toEqual(['Reliable worsening']);
    expect(milestones({ ...none, change: -4, response: true })).toEqual(['Response']);
  });
});

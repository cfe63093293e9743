import { describe, expect, it } from 'vitest';
import { notesSummaryMessages } from '@mindledger/domain';
import { AppError } from '../../../errors.js';
import { clinicalNotes, planInput, summaryInput } from './clinical-fixtures.js';
import { localDocument } from './index.js';
import { refinementOptions } from './notes-summary.js';

const allText = clinicalNotes.map((n) => n.text).join(' ');

describe('the local notes summary', () => {
  const summary = localDocument('notesSummary', summaryInput);

  it('quotes the notes and names the note of every quoted point', () => {
    const themes = summary.sections.find((s) => s.heading === 'Across the sessions')!;
    expect(themes.points.length).toBeGreaterThan(0);
    for (const point of themes.points) {
      expect(allText).toContain(point.text);
      expect(point.sources).toHaveLength(1);
      const note = clinicalNotes.find((n) => n.id === point.sources[0]!.id)!;
      expect(note.text).toContain(point.text);
      expect(point.sources[0]!.label).toMatch(/^(Progress Note|Session 3), Nov \d{1,2}, 2026$/);
    }
  });

  it('flags high-priority notes, lists recommendations once, and counts what the client shared', () => {
    const flagged = summary.sections.find((s) => s.heading === 'Flagged in the notes')!;
    expect(flagged.points[0]).toMatchObject({ text: 'This note is marked high priority.' });
    const recs = summary.sections.find((s) => s.heading === 'Recommendations and follow-up')!;
    const texts = recs.points.map((p) => p.text);
    expect(texts.filter((t) => t === 'Sleep diary every morning')).toHaveLength(1);
    expect(recs.points[0]!.sources.map((s) => s.id)).toEqual(['n1', 'n2']);
    expect(texts.at(-1)).toBe('Follow-up frequency in the latest note: Every 2 Weeks.');
    const journal = summary.sections.find((s) => s.heading === 'From the client’s journal')!;
    expect(journal.points[0]!.text).toBe(
      '6 journal entries shared in this range: 2 positive, 1 neutral and 3 negative.',
    );
    expect(journal.points[1]!.text).toBe('Emotions checked in most often: Fear (3) and Calm (2).');
    expect(summary.sections.at(-1)!.points[0]!.sources[0]).toMatchObject({ type: 'document', id: 's1' });
    expect(summary.basedOn).toEqual({ notes: 3, journalEntries: 6, sharedDocuments: 1 });
    expect(summary.disclaimer).toBe(notesSummaryMessages.disclaimer);
    expect(summary.overview).toBe(
      '3 notes (2 signed) about Iris from 2026-10-27 to 2026-11-25. Each point below is taken from the notes it names; read them for the full context.',
    );
  });

  it('leaves out sections it has nothing for', () => {
    const bare = localDocument('notesSummary', {
      ...summaryInput,
      journal: { entries: 0, emotions: [], sentiment: { positive: 0, neutral: 0, negative: 0 } },
      documents: [],
    });
    expect(bare.sections.map((s) => s.heading)).not.toContain('From the client’s journal');
    expect(bare.sections.map((s) => s.heading)).not.toContain('Shared by the client');
  });

  it('refines: shorter halves the points, a focus leads with the topic, unknown asks are refused', () => {
    const shorter = localDocument('notesSummary', {
      ...summaryInput,
      refine: { previous: summary, instruction: 'Make it shorter' },
    });
    const count = (s: typeof summary) => s.sections.reduce((n, x) => n + x.points.length, 0);
    expect(count(shorter)).toBeLessThan(count(summary));
    const focus = localDocument('notesSummary', {
      ...summaryInput,
      refine: { previous: summary, instruction: 'focus on panic' },
    });
    expect(focus.sections[0]!.heading).toBe('Focus: panic');
    expect(focus.sections[0]!.points[0]!.text).toMatch(/panic/i);
    const absent = localDocument('notesSummary', {
      ...summaryInput,
      refine: { previous: summary, instruction: 'focus on appetite' },
    });
    expect(absent.sections[0]!.points[0]!.text).toBe('The notes in this range do not mention appetite.');
    expect(() => refinementOptions('translate to French')).toThrow(AppError);
    expect(refinementOptions('more detail please')).toEqual({ length: 'long', focus: undefined });
  });
});

describe('the local care-plan draft', () => {
  const plan = localDocument('carePlan', planInput);

  it('never invents a diagnosis and keeps the previous plan’s', () => {
    expect(plan.diagnosis).toEqual({ code: '', description: undefined });
    const next = localDocument('carePlan', {
      ...planInput,
      previous: { ...plan, diagnosis: { code: 'F41.1', description: 'Generalized anxiety disorder' } },
    });
    expect(next.diagnosis.code).toBe('F41.1');
  });

  it('makes goals of the client’s goals (therapist first), strategies of the recommendations', () => {
    expect(plan.goals.map((g) => g.title)).toEqual([
      'Use breathing before meetings',
      'Sleep seven hours a night',
    ]);
    const objective = plan.goals[1]!.objectives[0]!;
    expect(objective.objectiveValue).toBe('Mentioned in 4 journal entries so far');
    expect(objective.strategy.map((s) => s.intervention)).toEqual([
      'Sleep diary every morning',
      'CBT-I sleep hygiene handout',
      'Mindfulness breathing before meetings',
    ]);
    expect(objective.strategy.map((s) => s.modality)).toEqual([undefined, 'CBT', 'Mindfulness']);
    expect(plan.frequency).toBe('Every 2 Weeks');
    expect(plan.date).toBe('2026-11-25');
    expect(plan.time).toEqual({ hour: 11, minute: 5, period: 'AM' });
    expect(plan.justification).toBe(
      'Drafted from 3 notes (2 signed) and 2 active goals of Iris. Review every part before signing.',
    );
    for (const line of plan.problem!.split('\n'))
      expect(line).toMatch(/\((Progress Note|Session 3), Nov \d+, 2026\)$/);
  });

  it('refines a plan: shorter keeps one problem line and two strategies, a focus reorders goals', () => {
    const shorter = localDocument('carePlan', {
      ...planInput,
      refine: { previous: plan, instruction: 'shorter' },
    });
    expect(shorter.problem!.split('\n')).toHaveLength(1);
    for (const g of shorter.goals)
      for (const o of g.objectives) expect(o.strategy.length).toBeLessThanOrEqual(2);
    const focus = localDocument('carePlan', {
      ...planInput,
      refine: { previous: plan, instruction: 'focus on sleep' },
    });
    expect(focus.goals[0]!.title).toBe('Sleep seven hours a night');
  });
});

import { describe, expect, it } from 'vitest';
import {
  carePlanCompletion,
  carePlanGoalText,
  carePlanSchema,
  carePlanSignBlocker,
  updateCarePlanSchema,
} from './care-plan.js';

const base = { date: '2026-11-25', time: { hour: 10, minute: 0, period: 'AM' } };
const objective = (completion: number) => ({ id: `o${completion}`, title: 'Sleep 7 hours', completion });

describe('the care plan document (Part 2 §3)', () => {
  it('defaults the title, frequency, diagnosis, goals and isDeclared', () => {
    const plan = carePlanSchema.parse(base);
    expect(plan).toMatchObject({
      title: 'Treatment Plan',
      frequency: 'Every 4 Months',
      diagnosis: { code: '' },
      goals: [],
      isDeclared: false,
    });
  });

  it('reads ICD-10-CM codes, normalising the dot and case, and refuses anything else', () => {
    const plan = carePlanSchema.parse({ ...base, diagnosis: { code: 'f411', description: 'GAD' } });
    expect(plan.diagnosis).toEqual({ code: 'F41.1', description: 'GAD' });
    const bad = carePlanSchema.safeParse({ ...base, diagnosis: { code: 'ANX' } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('Enter a valid ICD-10-CM code (for example F41.1)');
  });

  it('bounds goals, objectives and strategies and defaults an objective', () => {
    const plan = carePlanSchema.parse({
      ...base,
      goals: [{ id: 'g1', title: 'Better sleep', objectives: [{ id: 'o1', title: 'Sleep diary' }] }],
    });
    expect(plan.goals[0]!.objectives[0]).toMatchObject({
      completion: 0,
      status: 'not-started',
      strategy: [],
    });
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `g${i}`, title: `Goal ${i}` }));
    expect(carePlanSchema.safeParse({ ...base, goals: many(11) }).success).toBe(false);
    expect(
      carePlanSchema.safeParse({ ...base, goals: [{ id: 'g', title: 'x', objectives: [objective(101)] }] })
        .success,
    ).toBe(false);
    expect(carePlanSchema.safeParse({ ...base, goals: [{ id: 'bad id!', title: 'x' }] }).success).toBe(false);
  });

  it('sanitises its texts', () => {
    const plan = carePlanSchema.parse({ ...base, problem: 'Worry <script>x</script>at night' });
    expect(plan.problem).not.toContain('<script>');
    expect(carePlanSchema.parse({ ...base, problem: 'One (Note 1)\nTwo (Note 2)' }).problem).toBe(
      'One (Note 1)\nTwo (Note 2)',
    );
  });

  it('needs a diagnosis code and a goal to be signed', () => {
    const plan = carePlanSchema.parse(base);
    expect(carePlanSignBlocker(plan)).toBe('Add a diagnosis code before signing the care plan.');
    const coded = carePlanSchema.parse({ ...base, diagnosis: { code: 'F41.1' } });
    expect(carePlanSignBlocker(coded)).toBe('Add at least one goal before signing the care plan.');
    const ready = carePlanSchema.parse({
      ...base,
      diagnosis: { code: 'F41.1' },
      goals: [{ id: 'g', title: 'Sleep' }],
    });
    expect(carePlanSignBlocker(ready)).toBeNull();
  });

  it('averages objective completion and shortens a goal for the goals feature', () => {
    const plan = carePlanSchema.parse({
      ...base,
      goals: [
        { id: 'a', title: 'A', objectives: [objective(20), objective(60)] },
        { id: 'b', title: 'B', objectives: [objective(100)] },
      ],
    });
    expect(carePlanCompletion(plan)).toBe(60);
    expect(carePlanCompletion({ goals: [] })).toBe(0);
    expect(carePlanGoalText({ title: 'x'.repeat(600) })).toHaveLength(500);
  });

  it('reads an update: manual by default, editSigned false by default', () => {
    expect(updateCarePlanSchema.parse({ isSigned: true })).toEqual({
      isSigned: true,
      editMode: 'manual',
      editSigned: false,
    });
    expect(updateCarePlanSchema.safeParse({ editMode: 'rewrite' }).success).toBe(false);
  });
});

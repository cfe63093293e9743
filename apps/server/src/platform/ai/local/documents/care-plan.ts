import { carePlanDefaults, noteFrequencies, type CarePlanDocument } from '@mindledger/domain';
import type { CarePlanInput } from '../../port.js';
import {
  noteLabel,
  recommendationsOf,
  scoredSentences,
  stem,
  topSentences,
  wordsOf,
} from './clinical-text.js';
import { refinementOptions } from './notes-summary.js';

/** Therapy modalities the draft recognises in a recommendation, as the provider wrote them. */
const modalities: [RegExp, string][] = [
  [/\bcbt\b|cognitive[- ]behaviou?ral/i, 'CBT'],
  [/\bdbt\b|dialectical/i, 'DBT'],
  [/\bact\b|acceptance and commitment/i, 'ACT'],
  [/\bemdr\b/i, 'EMDR'],
  [/mindful/i, 'Mindfulness'],
  [/exposure/i, 'Exposure therapy'],
  [/psychoeducat/i, 'Psychoeducation'],
  [/behaviou?ral activation/i, 'Behavioral activation'],
  [/sleep hygiene|cbt-i/i, 'Sleep hygiene'],
  [/journal/i, 'Journaling'],
  [/relaxation|breathing/i, 'Relaxation training'],
];

function modalityOf(text: string): string | undefined {
  return modalities.find(([pattern]) => pattern.test(text))?.[1];
}

const isFrequency = (v: string): v is (typeof noteFrequencies)[number] =>
  (noteFrequencies as readonly string[]).includes(v);

/**
 * A care-plan draft from the provider's notes and the client's active goals: the problem is cut
 * from the notes (sentences named with their note), goals are the client's own, strategies are the
 * notes' recommendations. The diagnosis is never made up: it is the client's latest plan's, or
 * empty for the provider to fill in. Refining an existing plan starts from that plan.
 */
export function carePlanDraft(input: CarePlanInput): CarePlanDocument {
  if (input.refine) return refinedPlan(input, input.refine.previous, input.refine.instruction);
  const latest = input.notes.at(-1);
  const recommendations = recommendationsOf(input.notes);
  const strategy = recommendations.slice(0, 5).map((r) => ({
    intervention: r.text,
    modality: modalityOf(r.text),
    frequency: latest?.frequency,
  }));
  const problem = problemFrom(input, 3);
  const goals = [...input.goals]
    .sort((a, b) => (a.type === b.type ? b.mentions - a.mentions : a.type === 'therapist' ? -1 : 1))
    .slice(0, 5)
    .map((goal, i) => ({
      id: `goal-${i + 1}`,
      title: goal.text,
      objectives: [
        {
          id: `goal-${i + 1}-objective-1`,
          title: `Make steady progress on "${goal.text}"`,
          objectiveValue:
            goal.mentions > 0
              ? `Mentioned in ${goal.mentions} journal ${goal.mentions === 1 ? 'entry' : 'entries'} so far`
              : undefined,
          duration: undefined,
          strategy,
          completion: 0,
          status: 'not-started' as const,
        },
      ],
    }));
  const base = input.previous;
  const signedNotes = input.notes.filter((n) => n.signed).length;
  return {
    title: base?.title ?? carePlanDefaults.title,
    date: input.today,
    time: input.time,
    diagnosis: base?.diagnosis ?? { code: '', description: undefined },
    justification: input.notes.length
      ? `Drafted from ${input.notes.length} ${input.notes.length === 1 ? 'note' : 'notes'} (${signedNotes} signed) and ${input.goals.length} active ${input.goals.length === 1 ? 'goal' : 'goals'} of ${input.clientFirstName}. Review every part before signing.`
      : `Drafted from ${input.clientFirstName}'s ${input.goals.length} active goals; there are no notes yet. Review every part before signing.`,
    problem: problem || base?.problem,
    discharge: base?.discharge,
    AdditionalInfo: base?.AdditionalInfo,
    goals,
    frequency: latest && isFrequency(latest.frequency) ? latest.frequency : carePlanDefaults.frequency,
    isDeclared: base?.isDeclared ?? false,
  };
}

function problemFrom(input: CarePlanInput, count: number): string {
  return topSentences(scoredSentences(input.notes), count)
    .map((s) => `${s.text} (${noteLabel(s.note)})`)
    .join('\n');
}

/**
 * The built-in refinements of a plan (as for summaries): shorter (the problem's first line, at most
 * two strategies per objective), more detailed (more of the notes in the problem), or a focus (the
 * goals and problem lines about the topic first).
 */
function refinedPlan(
  input: CarePlanInput,
  previous: CarePlanDocument,
  instruction: string,
): CarePlanDocument {
  const options = refinementOptions(instruction);
  let plan: CarePlanDocument = structuredClone(previous);
  if (options.length === 'short') {
    plan.problem = plan.problem?.split('\n')[0];
    for (const goal of plan.goals) for (const o of goal.objectives) o.strategy = o.strategy.slice(0, 2);
  }
  if (options.length === 'long') {
    plan.problem = problemFrom(input, 6) || plan.problem;
  }
  if (options.focus) {
    const stems = options.focus.map(stem);
    const about = (text: string) => wordsOf(text).some((w) => stems.some((t) => w.startsWith(t)));
    const goalAbout = (g: CarePlanDocument['goals'][number]) =>
      about(g.title) || g.objectives.some((o) => about(o.title));
    plan = { ...plan, goals: [...plan.goals.filter(goalAbout), ...plan.goals.filter((g) => !goalAbout(g))] };
    const lines = (plan.problem ?? '').split('\n');
    plan.problem = [...lines.filter(about), ...lines.filter((l) => !about(l))].join('\n') || undefined;
  }
  return { ...plan, date: input.today, time: input.time };
}

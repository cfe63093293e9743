import {
  instruments,
  safetyItemLinkId,
  type Instrument,
  type MeasureKind,
  type SeverityBand,
} from './instruments.js';

/** A completed questionnaire's answers: item linkId → the chosen option's score. */
export type MeasureAnswers = Readonly<Record<string, number>>;

export interface MeasureScore {
  total: number;
  band: SeverityBand;
  /** PHQ-9 item 9 answered above 0: crisis resources now, and an urgent alert to the providers. */
  safetyAlert: boolean;
}

/**
 * Why answers cannot be scored (null when they can): every scored item answered once with one of
 * its options, the difficulty item optional, nothing else.
 */
export function answersProblem(instrument: Instrument, answers: MeasureAnswers): string | null {
  const known = new Set([...instrument.items.map((i) => i.linkId), instrument.difficulty.linkId]);
  for (const linkId of Object.keys(answers))
    if (!known.has(linkId)) return `${instrument.shortName} has no question ${linkId}.`;
  for (const item of instrument.items)
    if (answers[item.linkId] === undefined) return measureMessages.answerEvery;
  for (const [linkId, score] of Object.entries(answers))
    if (!Number.isInteger(score) || score < 0 || score > 3) return `${linkId}: choose one of the answers.`;
  return null;
}

/** The severity band a total falls in. */
export function bandOf(instrument: Instrument, total: number): SeverityBand {
  const band = instrument.bands.find((b) => total >= b.min && total <= b.max);
  if (!band) throw new RangeError(`${instrument.shortName} total out of range: ${total}`);
  return band;
}

/** The total (the sum of the scored items; the difficulty item is not scored), band and alert. */
export function scoreMeasure(kind: MeasureKind, answers: MeasureAnswers): MeasureScore {
  const instrument = instruments[kind];
  const problem = answersProblem(instrument, answers);
  if (problem) throw new RangeError(problem);
  const total = instrument.items.reduce((sum, item) => sum + (answers[item.linkId] ?? 0), 0);
  return {
    total,
    band: bandOf(instrument, total),
    safetyAlert: kind === 'phq9' && (answers[safetyItemLinkId] ?? 0) > 0,
  };
}

export interface ChangeFlags {
  /** Points since the previous score (negative: fewer symptoms); null for the first. */
  change: number | null;
  /** The change reaches the instrument's reliable change (5 for PHQ-9, 4 for GAD-7). */
  reliableImprovement: boolean;
  reliableWorsening: boolean;
  /** At least a 50% reduction from the first score. */
  response: boolean;
  /** Below 5, after a first score of 5 or more. */
  remission: boolean;
}

/**
 * How a score stands against the client's first and previous scores of the same measure. Response
 * and remission need a first score showing symptoms (5 or more): from a minimal start there is
 * nothing to respond or remit from.
 */
export function changeFlags(
  kind: MeasureKind,
  current: number,
  history: { first: number | null; previous: number | null },
): ChangeFlags {
  const { reliableChange } = instruments[kind];
  const change = history.previous === null ? null : current - history.previous;
  const symptomatic = history.first !== null && history.first >= 5;
  return {
    change,
    reliableImprovement: change !== null && change <= -reliableChange,
    reliableWorsening: change !== null && change >= reliableChange,
    response: symptomatic && current <= history.first! / 2,
    remission: symptomatic && current < 5,
  };
}

export const measureMessages = {
  answerEvery: 'Please answer every question.',
  notDiagnosis:
    'A questionnaire is not a diagnosis. Scores help you and your provider notice changes over time; talk with your provider about what they mean for you.',
  assignmentNotFound: 'Questionnaire not found',
  alreadyCompleted: 'This questionnaire was already completed.',
  notOpen: 'This questionnaire is no longer waiting for your answers.',
  alreadyAssigned: 'You already asked this client for this questionnaire. Stop it first to change how often.',
  notConnected: 'You can only assign questionnaires to your connected clients.',
  assigned: 'Questionnaire assigned.',
  completed: 'Thank you. Your answers were saved.',
  stopped: 'Questionnaire schedule stopped.',
  safetyNotice:
    'You mentioned thoughts of being better off dead or of hurting yourself. You deserve support right now.',
} as const;

import {
  generationSchemas,
  type DocumentInputs,
  type GeneratedShapes,
  type GenerationKind,
} from '../../port.js';
import { carePlanDraft } from './care-plan.js';
import { notesSummary } from './notes-summary.js';
import { emailTemplate } from './email-template.js';
import { interviewGuide } from './interview-guide.js';
import { selfReflectionSummary } from './self-reflection.js';
import { therapistProfile } from './therapist-profile.js';
import { weeklyReport } from './weekly-report.js';

export { analyseWeek, type WeeklyAnalysis } from './weekly-analysis.js';
export { journeyFacts, type JourneyFacts } from './journey-facts.js';

/** Bumped whenever the local engine's document wording or analysis changes. */
export const localDocumentsVersion = 'local-documents-v1';

const builders: { [K in GenerationKind]: (input: DocumentInputs[K]) => GeneratedShapes[K] } = {
  therapistProfile,
  interviewGuide,
  emailTemplate,
  selfReflectionSummary,
  weeklyReport,
  notesSummary,
  carePlan: carePlanDraft,
};

/**
 * A document of `kind` built offline from the input alone (spec ruling 10): deterministic, quoting
 * and counting only what the input holds, and checked against the domain schema before it leaves.
 */
export function localDocument<K extends GenerationKind>(
  kind: K,
  input: DocumentInputs[K],
): GeneratedShapes[K] {
  const build = builders[kind] as (input: DocumentInputs[K]) => GeneratedShapes[K];
  return generationSchemas[kind].parse(build(input)) as GeneratedShapes[K];
}

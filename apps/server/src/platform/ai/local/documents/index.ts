import { aiDocumentSchemas, type AiDocumentKind, type AiDocuments } from '@mindledger/domain';
import type { DocumentInputs } from '../../port.js';
import { emailTemplate } from './email-template.js';
import { interviewGuide } from './interview-guide.js';
import { selfReflectionSummary } from './self-reflection.js';
import { therapistProfile } from './therapist-profile.js';
import { weeklyReport } from './weekly-report.js';

export { analyseWeek, type WeeklyAnalysis } from './weekly-analysis.js';
export { journeyFacts, type JourneyFacts } from './journey-facts.js';

/** Bumped whenever the local engine's document wording or analysis changes. */
export const localDocumentsVersion = 'local-documents-v1';

const builders: { [K in AiDocumentKind]: (input: DocumentInputs[K]) => AiDocuments[K] } = {
  therapistProfile,
  interviewGuide,
  emailTemplate,
  selfReflectionSummary,
  weeklyReport,
};

/**
 * A document of `kind` built offline from the input alone (spec ruling 10): deterministic, quoting
 * and counting only what the input holds, and checked against the domain schema before it leaves.
 */
export function localDocument<K extends AiDocumentKind>(kind: K, input: DocumentInputs[K]): AiDocuments[K] {
  const build = builders[kind] as (input: DocumentInputs[K]) => AiDocuments[K];
  return aiDocumentSchemas[kind].parse(build(input)) as AiDocuments[K];
}

import type { Coding, Questionnaire, QuestionnaireItem } from '@medplum/fhirtypes';
import { instruments, type AnswerOption, type MeasureKind, type MeasureItem } from '@mindledger/domain';

export const LOINC = 'http://loinc.org';
const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';

/** The canonical URL of a shipped questionnaire (what a QuestionnaireResponse names). */
export const questionnaireUrl = (kind: MeasureKind) => `https://mindledger.app/fhir/Questionnaire/${kind}`;

const answerOption = (option: AnswerOption) => ({
  valueCoding: {
    system: LOINC,
    code: option.code,
    display: option.text,
    extension: [{ url: ORDINAL, valueDecimal: option.score }],
  } satisfies Coding,
});

const choice = (
  item: MeasureItem,
  options: readonly AnswerOption[],
  required: boolean,
): QuestionnaireItem => ({
  linkId: item.linkId,
  code: [{ system: LOINC, code: item.code, display: item.text }],
  text: item.text,
  type: 'choice',
  required,
  answerOption: options.map(answerOption),
});

/**
 * A measure as a FHIR R4 Questionnaire, built from the one definition in the domain (decision
 * 091): the scored items, the unscored difficulty question and the read-only total, all with
 * their LOINC codes and each answer's score as its ordinal value.
 */
export function questionnaireOf(kind: MeasureKind): Questionnaire {
  const instrument = instruments[kind];
  return {
    resourceType: 'Questionnaire',
    id: kind,
    url: questionnaireUrl(kind),
    name: instrument.shortName.replace('-', ''),
    title: instrument.title,
    status: 'active',
    subjectType: ['Patient'],
    code: [{ system: LOINC, code: instrument.code, display: instrument.title }],
    copyright:
      'Public domain (Spitzer, Williams, Kroenke and colleagues): no permission is required to reproduce it.',
    item: [
      {
        linkId: `${kind}-stem`,
        text: instrument.stem,
        type: 'group',
        item: instrument.items.map((item) => choice(item, instrument.options, true)),
      },
      choice(instrument.difficulty, instrument.difficulty.options, false),
      {
        linkId: `${kind}-total`,
        code: [{ system: LOINC, code: instrument.totalCode, display: `${instrument.shortName} total score` }],
        text: `${instrument.shortName} total score`,
        type: 'integer',
        readOnly: true,
      },
    ],
  };
}

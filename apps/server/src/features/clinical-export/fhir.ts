import { createHash } from 'node:crypto';
import type {
  BundleEntry,
  CarePlan,
  CarePlanActivity,
  CodeableConcept,
  CodeSystem,
  Condition,
  DocumentReference,
  Goal,
  Observation,
  ObservationComponent,
  Patient,
  Practitioner,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  bandOf,
  changeFlags,
  changeText,
  instruments,
  milestones,
  noteServiceLabels,
  objectiveStatusLabels,
  type NoteService,
  type ObjectiveStatus,
} from '@mindledger/domain';
import { LOINC, questionnaireUrl } from '../measures/index.js';
import type {
  RecordCarePlan,
  RecordEntry,
  RecordGoal,
  RecordHeader,
  RecordMeasure,
  RecordNote,
  RecordPerson,
} from './record.js';

/**
 * FHIR R4 resources of a clinical export (issue 16; decision 093), typed with @medplum/fhirtypes.
 * Every resource is one entry of a `collection` Bundle whose fullUrl is `urn:uuid:<id>`; resources
 * refer to each other by those URNs. Journal entries are Observations coded in a code system of
 * ours (declared in the Bundle as a CodeSystem resource); measures are QuestionnaireResponses of
 * the shipped Questionnaires with a LOINC total-score Observation each.
 */
export const fhirSystems = {
  journal: 'https://mindledger.app/fhir/CodeSystem/journal',
  emotion: 'https://mindledger.app/fhir/CodeSystem/emotion',
  userId: 'https://mindledger.app/fhir/identifier/user',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  confidentiality: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  loinc: LOINC,
} as const;

/** The codes of our journal code system, with their displays (also the CodeSystem's concepts). */
export const journalCodes = {
  'journal-entry': 'Journal check-in',
  mood: 'Mood',
  'primary-emotion': 'Primary emotion',
  'secondary-emotion': 'Secondary emotion',
  'specific-feeling': 'Specific feeling',
  'emotion-intensity': 'Emotion intensity (1-10)',
  'core-emotion': 'Core emotion',
  sentiment: 'Sentiment',
  'journal-mode': 'Journal mode',
} as const;
type JournalCode = keyof typeof journalCodes;

export const urn = (id: string) => `urn:uuid:${id}`;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a URN reference fits any target type
const ref = (id: string, display?: string): Reference<any> => ({
  reference: urn(id),
  ...(display ? { display } : {}),
});

/** A stable UUID for a resource we derive from a row (a plan's Condition, a plan goal's Goal). */
export function derivedId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const journalConcept = (code: JournalCode): CodeableConcept => ({
  coding: [{ system: fhirSystems.journal, code, display: journalCodes[code] }],
  text: journalCodes[code],
});

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'unnamed';

const emotionConcept = (name: string): CodeableConcept => ({
  coding: [{ system: fhirSystems.emotion, code: slug(name), display: name }],
  text: name,
});

const surveyCategory: CodeableConcept[] = [
  { coding: [{ system: fhirSystems.observationCategory, code: 'survey', display: 'Survey' }] },
];

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The code systems of ours the Bundle uses, declared with their URLs. */
export function codeSystems(): CodeSystem[] {
  return [
    {
      resourceType: 'CodeSystem',
      id: derivedId('codesystem:journal'),
      url: fhirSystems.journal,
      name: 'MindLedgerJournal',
      title: 'MindLedger journal check-in codes',
      status: 'active',
      content: 'complete',
      caseSensitive: true,
      concept: Object.entries(journalCodes).map(([code, display]) => ({ code, display })),
    },
    {
      resourceType: 'CodeSystem',
      id: derivedId('codesystem:emotion'),
      url: fhirSystems.emotion,
      name: 'MindLedgerEmotion',
      title: 'MindLedger emotion names (the emotion wheel; codes are the names in lower case with hyphens)',
      status: 'active',
      content: 'not-present',
      caseSensitive: true,
    },
  ];
}

function person(p: RecordPerson) {
  return {
    id: p.id,
    identifier: [{ system: fhirSystems.userId, value: p.id }],
    name: [{ given: [p.firstName], family: p.lastName, text: `${p.firstName} ${p.lastName}`.trim() }],
    telecom: [{ system: 'email' as const, value: p.email }],
  };
}

export const patientResource = (p: RecordPerson): Patient => ({
  resourceType: 'Patient',
  active: true,
  ...person(p),
});
export const practitionerResource = (p: RecordPerson): Practitioner => ({
  resourceType: 'Practitioner',
  active: true,
  ...person(p),
});

/** One journal entry: the mood as the value, the emotion path, intensity and sentiment as components. */
export function entryObservation(entry: RecordEntry, patientId: string): Observation {
  const component: ObservationComponent[] = [];
  const emotion = entry.emotionData;
  if (emotion?.primaryEmotion)
    component.push({
      code: journalConcept('primary-emotion'),
      valueCodeableConcept: emotionConcept(emotion.primaryEmotion),
    });
  if (emotion?.secondaryEmotion)
    component.push({
      code: journalConcept('secondary-emotion'),
      valueCodeableConcept: emotionConcept(emotion.secondaryEmotion),
    });
  if (emotion?.specificFeeling)
    component.push({
      code: journalConcept('specific-feeling'),
      valueCodeableConcept: emotionConcept(emotion.specificFeeling),
    });
  const intensity = emotion?.intensity ?? entry.intensity;
  if (intensity !== null && intensity !== undefined)
    component.push({ code: journalConcept('emotion-intensity'), valueInteger: intensity });
  component.push({
    code: journalConcept('core-emotion'),
    valueCodeableConcept: emotionConcept(entry.coreEmotion),
  });
  component.push({ code: journalConcept('sentiment'), valueString: entry.sentiment });
  component.push({ code: journalConcept('journal-mode'), valueString: entry.journalType });
  return {
    resourceType: 'Observation',
    id: entry.id,
    ...(entry.isPrivate
      ? { meta: { security: [{ system: fhirSystems.confidentiality, code: 'R', display: 'restricted' }] } }
      : {}),
    status: 'final',
    category: surveyCategory,
    code: journalConcept('journal-entry'),
    subject: ref(patientId),
    effectiveDateTime: entry.entryAt.toISOString(),
    valueCodeableConcept: { ...emotionConcept(entry.mood), text: entry.mood },
    component,
    ...(entry.notes.trim() ? { note: [{ text: entry.notes }] } : {}),
  };
}

/** A completed PHQ-9 or GAD-7 as a response to its shipped Questionnaire (answers with LOINC codes). */
export function measureResponse(measure: RecordMeasure, patientId: string): QuestionnaireResponse {
  const instrument = instruments[measure.kind];
  const answer = (
    linkId: string,
    text: string,
    options: typeof instrument.options,
  ): QuestionnaireResponseItem[] => {
    const score = measure.answers[linkId];
    const option = options.find((o) => o.score === score);
    if (score === undefined || !option) return [];
    return [
      {
        linkId,
        text,
        answer: [{ valueCoding: { system: LOINC, code: option.code, display: option.text } }],
      },
    ];
  };
  return {
    resourceType: 'QuestionnaireResponse',
    id: measure.id,
    questionnaire: questionnaireUrl(measure.kind),
    status: 'completed',
    subject: ref(patientId),
    authored: measure.completedAt.toISOString(),
    item: [
      {
        linkId: `${measure.kind}-stem`,
        text: instrument.stem,
        item: instrument.items.flatMap((item) => answer(item.linkId, item.text, instrument.options)),
      },
      ...answer(instrument.difficulty.linkId, instrument.difficulty.text, instrument.difficulty.options),
      {
        linkId: `${measure.kind}-total`,
        text: `${instrument.shortName} total score`,
        answer: [{ valueInteger: measure.total }],
      },
    ],
  };
}

/** The total score of a measure as an Observation (LOINC total code), its band as interpretation. */
export function measureTotalObservation(measure: RecordMeasure, patientId: string): Observation {
  const instrument = instruments[measure.kind];
  const band = bandOf(instrument, measure.total);
  const flags = changeFlags(measure.kind, measure.total, measure);
  const notes = [
    changeText(flags),
    ...milestones(flags),
    measure.safetyAlert ? 'Item 9 answered above 0' : null,
  ]
    .filter(Boolean)
    .join('; ');
  return {
    resourceType: 'Observation',
    id: derivedId(`measure-total:${measure.id}`),
    status: 'final',
    category: surveyCategory,
    code: {
      coding: [{ system: LOINC, code: instrument.totalCode, display: `${instrument.shortName} total score` }],
      text: `${instrument.shortName} total score`,
    },
    subject: ref(patientId),
    effectiveDateTime: measure.completedAt.toISOString(),
    valueInteger: measure.total,
    interpretation: [{ text: `${band.label} (${band.min}-${band.max})` }],
    referenceRange: [
      { low: { value: 0 }, high: { value: instrument.maxScore }, text: `0-${instrument.maxScore}` },
    ],
    derivedFrom: [ref(measure.id)],
    ...(notes ? { note: [{ text: notes }] } : {}),
  };
}

export function goalResource(goal: RecordGoal, header: RecordHeader): Goal {
  const status = goal.completedAt ? 'completed' : goal.abandonedAt ? 'cancelled' : 'active';
  const expressedBy =
    goal.byPractitioner && header.practitioner
      ? ref(header.practitioner.id, `${header.practitioner.firstName} ${header.practitioner.lastName}`)
      : goal.type === 'personal'
        ? ref(header.patient.id)
        : undefined;
  const notes = [
    goal.type === 'therapist' ? 'Therapist goal' : 'Personal goal',
    `mentioned in ${goal.mentions} journal ${goal.mentions === 1 ? 'entry' : 'entries'}`,
    goal.notes,
  ].filter(Boolean);
  return {
    resourceType: 'Goal',
    id: goal.id,
    lifecycleStatus: status,
    ...(goal.completedAt
      ? {
          achievementStatus: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/goal-achievement',
                code: 'achieved',
                display: 'Achieved',
              },
            ],
          },
        }
      : {}),
    description: { text: goal.text },
    subject: ref(header.patient.id),
    startDate: day(goal.createdAt),
    ...(goal.targetDate ? { target: [{ dueDate: day(goal.targetDate) }] } : {}),
    ...(goal.completedAt || goal.abandonedAt
      ? { statusDate: day((goal.completedAt ?? goal.abandonedAt)!) }
      : {}),
    ...(expressedBy ? { expressedBy } : {}),
    note: [{ text: notes.join('. ') }],
  };
}

const activityStatus: Record<ObjectiveStatus, NonNullable<CarePlanActivity['detail']>['status']> = {
  'not-started': 'not-started',
  'in-progress': 'in-progress',
  completed: 'completed',
  discontinued: 'cancelled',
};

/**
 * A care plan with what it refers to: the Condition of its diagnosis code (ICD-10-CM) when it has
 * one, a Goal per plan goal, and an activity per objective with its strategies and completion.
 */
export function carePlanResources(plan: RecordCarePlan, header: RecordHeader): Resource[] {
  const doc = plan.content;
  const patient = ref(header.patient.id);
  const author = header.practitioner ? ref(header.practitioner.id) : undefined;
  const out: Resource[] = [];
  let condition: Condition | null = null;
  if (doc.diagnosis.code) {
    condition = {
      resourceType: 'Condition',
      id: derivedId(`careplan-condition:${plan.id}:${plan.version}`),
      clinicalStatus: {
        coding: [{ system: fhirSystems.conditionClinical, code: 'active', display: 'Active' }],
      },
      verificationStatus: {
        coding: [
          plan.isSigned
            ? { system: fhirSystems.conditionVerification, code: 'confirmed', display: 'Confirmed' }
            : { system: fhirSystems.conditionVerification, code: 'provisional', display: 'Provisional' },
        ],
      },
      code: {
        coding: [
          {
            system: fhirSystems.icd10cm,
            code: doc.diagnosis.code,
            ...(doc.diagnosis.description ? { display: doc.diagnosis.description } : {}),
          },
        ],
        text: doc.diagnosis.description || doc.diagnosis.code,
      },
      subject: patient,
      recordedDate: doc.date,
      ...(author ? { recorder: author } : {}),
    };
    out.push(condition);
  }
  const goals: Goal[] = doc.goals.map((goal) => ({
    resourceType: 'Goal',
    id: derivedId(`careplan-goal:${plan.id}:${plan.version}:${goal.id}`),
    lifecycleStatus:
      goal.objectives.length > 0 && goal.objectives.every((o) => o.status === 'completed')
        ? 'completed'
        : 'active',
    description: { text: goal.title },
    subject: patient,
    ...(condition ? { addresses: [ref(condition.id!)] } : {}),
  }));
  out.push(...goals);
  const activity: CarePlanActivity[] = doc.goals.flatMap((goal, g) =>
    goal.objectives.map((objective) => {
      const strategies = objective.strategy
        .map((s) => [s.intervention, s.modality, s.frequency].filter(Boolean).join(', '))
        .join('; ');
      const description = [
        objective.title,
        objective.objectiveValue ? `target: ${objective.objectiveValue}` : null,
        objective.duration ? `duration: ${objective.duration}` : null,
        strategies ? `strategies: ${strategies}` : null,
        `${objective.completion}% complete (${objectiveStatusLabels[objective.status]})`,
      ]
        .filter(Boolean)
        .join('. ');
      return {
        detail: {
          status: activityStatus[objective.status],
          description,
          goal: [ref(goals[g]!.id!)],
        },
      };
    }),
  );
  const notes = [
    doc.justification ? `Justification: ${doc.justification}` : null,
    doc.discharge ? `Discharge criteria: ${doc.discharge}` : null,
    doc.AdditionalInfo ? `Additional information: ${doc.AdditionalInfo}` : null,
    `Session frequency: ${doc.frequency}`,
  ].filter((n): n is string => n !== null);
  const carePlan: CarePlan = {
    resourceType: 'CarePlan',
    id: derivedId(`careplan:${plan.id}:${plan.version}`),
    identifier: [
      { system: 'https://mindledger.app/fhir/identifier/care-plan', value: `${plan.id}/v${plan.version}` },
    ],
    status: plan.isSigned ? 'active' : 'draft',
    intent: 'plan',
    title: doc.title,
    ...(doc.problem ? { description: doc.problem } : {}),
    subject: patient,
    period: { start: doc.date },
    created: plan.updatedAt.toISOString(),
    ...(author ? { author } : {}),
    ...(condition ? { addresses: [ref(condition.id!)] } : {}),
    ...(goals.length ? { goal: goals.map((g) => ref(g.id!)) } : {}),
    ...(activity.length ? { activity } : {}),
    note: notes.map((text) => ({ text })),
  };
  out.push(carePlan);
  return out;
}

/** "9:05 AM" from minutes after local midnight. */
export function sessionTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The text of a signed note as its attachment carries it. */
export function noteText(note: RecordNote): string {
  const service = noteServiceLabels[note.service as NoteService] ?? note.service;
  return [
    note.title,
    `Session: ${note.sessionDate} ${sessionTime(note.timeMinutes)}, ${note.duration} min, ${service}`,
    '',
    note.notes,
    ...(note.additionalNotes ? ['', `Additional notes: ${note.additionalNotes}`] : []),
    ...(note.recommendations.length
      ? ['', 'Recommendations:', ...note.recommendations.map((r) => `- ${r}`)]
      : []),
    '',
    `Follow-up: ${note.frequency}`,
    `Signed by ${note.signedByName} on ${note.signedAt.toISOString()}`,
  ].join('\n');
}

const progressNoteType: CodeableConcept = {
  coding: [{ system: LOINC, code: '11506-3', display: 'Progress note' }],
  text: 'Progress note',
};
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A signed note, and one DocumentReference per addendum that `appends` to it. */
export function noteDocuments(note: RecordNote, header: RecordHeader): DocumentReference[] {
  const author = header.practitioner ? [ref(header.practitioner.id)] : undefined;
  const main: DocumentReference = {
    resourceType: 'DocumentReference',
    id: note.id,
    status: 'current',
    docStatus: 'final',
    type: progressNoteType,
    subject: ref(header.patient.id),
    date: note.signedAt.toISOString(),
    ...(author ? { author, authenticator: author[0] } : {}),
    description: note.title,
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          language: 'en',
          title: note.title,
          data: base64(noteText(note)),
          creation: note.signedAt.toISOString(),
        },
      },
    ],
    context: { period: { start: note.sessionDate } },
  };
  const addenda: DocumentReference[] = note.addenda.map((a) => ({
    resourceType: 'DocumentReference',
    id: a.id,
    status: 'current',
    docStatus: 'amended',
    type: progressNoteType,
    subject: ref(header.patient.id),
    date: a.createdAt.toISOString(),
    ...(author ? { author } : {}),
    description: `Addendum to ${note.title} by ${a.authorName}`,
    relatesTo: [{ code: 'appends', target: ref(note.id) }],
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          language: 'en',
          title: `Addendum by ${a.authorName}`,
          data: base64(a.text),
          creation: a.createdAt.toISOString(),
        },
      },
    ],
  }));
  return [main, ...addenda];
}

/** A Bundle entry for a resource: fullUrl `urn:uuid:<id>`, or its canonical URL when it has one. */
export function bundleEntry(resource: Resource): BundleEntry {
  const canonical = 'url' in resource && typeof resource.url === 'string' ? resource.url : null;
  return {
    fullUrl: resource.resourceType === 'Questionnaire' && canonical ? canonical : urn(resource.id!),
    resource,
  };
}

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bundle, DocumentReference, Goal, Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import { blocksToText, carePlanSchema, phq9 } from '@mindledger/domain';
import { fhirErrors } from '../../../test/fhir-validate.js';
import { renderPdf } from '../../platform/pdf.js';
import {
  carePlanResources,
  derivedId,
  entryObservation,
  fhirSystems,
  goalResource,
  measureResponse,
  measureTotalObservation,
  noteDocuments,
  noteText,
  sessionTime,
} from './fhir.js';
import { fhirBundle } from './fhir-bundle.js';
import { clinicalPdfBlocks } from './pdf-report.js';
import type { RecordCarePlan, RecordEntry, RecordHeader, RecordMeasure, RecordNote } from './record.js';

const patient = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Maya',
  lastName: 'Patel',
  email: 'maya@example.test',
  timezone: 'America/Denver',
};
const practitioner = {
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Sam',
  lastName: 'Ortiz',
  email: 'sam@example.test',
  timezone: 'America/Denver',
};
const header: RecordHeader = {
  patient,
  practitioner,
  range: { start: '2026-10-01', end: '2026-10-31' },
  include: { entries: true, measures: true, goals: true, carePlans: true, notes: true },
  generatedAt: new Date('2026-11-01T10:00:00Z'),
  own: false,
};

const entry: RecordEntry = {
  id: '33333333-3333-4333-8333-333333333333',
  entryAt: new Date('2026-10-05T15:30:00Z'),
  localDay: '2026-10-05',
  userTimezone: 'America/Denver',
  mood: 'Anxious',
  notes: 'Work deadline again.',
  journalType: 'prompt',
  emotionData: {
    primaryEmotion: 'Fear',
    secondaryEmotion: 'Anxious',
    specificFeeling: 'Overwhelmed',
    intensity: 7,
    color: '#7048e8',
    category: 'negative',
    path: ['Fear', 'Anxious', 'Overwhelmed'],
  },
  coreEmotion: 'Fear',
  intensity: 7,
  sentiment: 'negative',
  isPrivate: false,
};

const answers = Object.fromEntries(phq9.items.map((item, i) => [item.linkId, i < 4 ? 2 : i === 8 ? 1 : 0]));
const measure: RecordMeasure = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'phq9',
  answers: { ...answers, [phq9.difficulty.linkId]: 1 },
  total: 9,
  safetyAlert: true,
  completedAt: new Date('2026-10-10T12:00:00Z'),
  first: 16,
  previous: 16,
};

const plan: RecordCarePlan = {
  id: '55555555-5555-4555-8555-555555555555',
  version: 2,
  isSigned: true,
  signedAt: new Date('2026-10-12T12:00:00Z'),
  updatedAt: new Date('2026-10-12T12:00:00Z'),
  content: carePlanSchema.parse({
    date: '2026-10-12',
    time: { hour: 10, minute: 0, period: 'AM' },
    diagnosis: { code: 'F41.1', description: 'Generalized anxiety disorder' },
    problem: 'Worry about work keeps the client awake.',
    goals: [
      {
        id: 'g1',
        title: 'Sleep seven hours a night',
        objectives: [
          {
            id: 'o1',
            title: 'Keep a sleep diary',
            completion: 40,
            status: 'in-progress',
            strategy: [{ intervention: 'CBT-I', modality: 'individual', frequency: 'weekly' }],
          },
        ],
      },
    ],
  }),
};

const note: RecordNote = {
  id: '66666666-6666-4666-8666-666666666666',
  title: 'Progress Note',
  notes: 'Client reports better sleep.',
  additionalNotes: null,
  category: 'session',
  sessionDate: '2026-10-12',
  timeMinutes: 9 * 60 + 5,
  duration: 60,
  service: 'in-person',
  recommendations: ['Sleep diary every morning'],
  frequency: 'Every 2 Weeks',
  signedAt: new Date('2026-10-12T17:00:00Z'),
  signedByName: 'Sam Ortiz',
  addenda: [
    {
      id: '77777777-7777-4777-8777-777777777777',
      authorName: 'Sam Ortiz',
      text: 'Correction: 45 minutes.',
      createdAt: new Date('2026-10-13T09:00:00Z'),
    },
  ],
};

describe('FHIR builders', () => {
  it('makes a journal entry an Observation of our code system with the emotion path as components', () => {
    const obs = entryObservation(entry, patient.id);
    expect(obs.code.coding?.[0]).toEqual({
      system: fhirSystems.journal,
      code: 'journal-entry',
      display: 'Journal check-in',
    });
    expect(obs.category?.[0]?.coding?.[0]?.code).toBe('survey');
    expect(obs.subject?.reference).toBe(`urn:uuid:${patient.id}`);
    expect(obs.valueCodeableConcept?.text).toBe('Anxious');
    const component = (code: string) => obs.component?.find((c) => c.code.coding?.[0]?.code === code);
    expect(component('primary-emotion')?.valueCodeableConcept?.text).toBe('Fear');
    expect(component('specific-feeling')?.valueCodeableConcept?.coding?.[0]?.code).toBe('overwhelmed');
    expect(component('emotion-intensity')?.valueInteger).toBe(7);
    expect(component('sentiment')?.valueString).toBe('negative');
    expect(obs.note).toEqual([{ text: 'Work deadline again.' }]);
    expect(obs.meta).toBeUndefined();
    expect(entryObservation({ ...entry, isPrivate: true }, patient.id).meta?.security?.[0]?.code).toBe('R');
  });

  it('makes a measure a QuestionnaireResponse with LOINC answers and a LOINC total Observation', () => {
    const qr = measureResponse(measure, patient.id);
    expect(qr.questionnaire).toBe('https://mindledger.app/fhir/Questionnaire/phq9');
    const items = qr.item?.[0]?.item ?? [];
    expect(items).toHaveLength(9);
    expect(items[0]?.answer?.[0]?.valueCoding).toEqual({
      system: 'http://loinc.org',
      code: 'LA6570-1',
      display: 'More than half the days',
    });
    expect(qr.item?.at(-1)).toMatchObject({ linkId: 'phq9-total', answer: [{ valueInteger: 9 }] });
    const total = measureTotalObservation(measure, patient.id);
    expect(total.code.coding?.[0]?.code).toBe('44261-6');
    expect(total.valueInteger).toBe(9);
    expect(total.interpretation?.[0]?.text).toBe('Mild (5-9)');
    expect(total.derivedFrom?.[0]?.reference).toBe(`urn:uuid:${measure.id}`);
    expect(total.note?.[0]?.text).toBe(
      '7 points lower than last time; Reliable improvement; Item 9 answered above 0',
    );
    expect(
      measureTotalObservation({ ...measure, kind: 'gad7', total: 3 }, patient.id).code.coding?.[0]?.code,
    ).toBe('70274-6');
  });

  it('makes a care plan a CarePlan with its ICD-10-CM Condition, plan Goals and an activity per objective', () => {
    const resources = carePlanResources(plan, header);
    const types = resources.map((r) => r.resourceType);
    expect(types).toEqual(['Condition', 'Goal', 'CarePlan']);
    const condition = resources[0] as { code: { coding: { system: string; code: string }[] } };
    expect(condition.code.coding[0]).toMatchObject({
      system: 'http://hl7.org/fhir/sid/icd-10-cm',
      code: 'F41.1',
    });
    const carePlan = resources[2] as {
      status: string;
      activity: { detail: { status: string; description: string } }[];
    };
    expect(carePlan.status).toBe('active');
    expect(carePlan.activity[0]?.detail.status).toBe('in-progress');
    expect(carePlan.activity[0]?.detail.description).toContain('strategies: CBT-I, individual, weekly');
    expect(carePlanResources({ ...plan, isSigned: false }, header).at(-1)).toMatchObject({ status: 'draft' });
  });

  it('makes a signed note a DocumentReference and each addendum one that appends to it', () => {
    const [main, addendum] = noteDocuments(note, header) as [DocumentReference, DocumentReference];
    expect(main.type?.coding?.[0]?.code).toBe('11506-3');
    expect(main.docStatus).toBe('final');
    const text = Buffer.from(main.content[0]!.attachment.data!, 'base64').toString('utf8');
    expect(text).toBe(noteText(note));
    expect(text).toContain('Session: 2026-10-12 9:05 AM, 60 min, In-person');
    expect(addendum.relatesTo).toEqual([{ code: 'appends', target: { reference: `urn:uuid:${note.id}` } }]);
    expect(sessionTime(0)).toBe('12:00 AM');
    expect(sessionTime(13 * 60 + 30)).toBe('1:30 PM');
  });

  it('says who set a goal and how often it was mentioned', () => {
    const goal = goalResource(
      {
        id: '88888888-8888-4888-8888-888888888888',
        type: 'therapist',
        text: 'Walk daily',
        notes: null,
        byPractitioner: true,
        createdAt: new Date('2026-10-01T00:00:00Z'),
        targetDate: null,
        completedAt: new Date('2026-10-20T00:00:00Z'),
        abandonedAt: null,
        mentions: 1,
      },
      header,
    ) as Goal;
    expect(goal.lifecycleStatus).toBe('completed');
    expect(goal.achievementStatus?.coding?.[0]?.code).toBe('achieved');
    expect(goal.expressedBy?.reference).toBe(`urn:uuid:${practitioner.id}`);
    expect(goal.note?.[0]?.text).toBe('Therapist goal. mentioned in 1 journal entry');
  });

  it('derives stable UUIDs', () => {
    expect(derivedId('x')).toBe(derivedId('x'));
    expect(derivedId('x')).not.toBe(derivedId('y'));
    expect(derivedId('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

async function bundleOf(entries: RecordEntry[][]): Promise<Bundle> {
  let json = '';
  async function* pages() {
    yield* entries;
  }
  for await (const part of fhirBundle('99999999-9999-4999-8999-999999999999', header, {
    entries: pages(),
    measures: [measure],
    goals: [],
    carePlans: [plan],
    notes: [note],
  }))
    json += part;
  return JSON.parse(json) as Bundle;
}

describe('the Bundle', () => {
  it('is one collection whose every resource is valid R4, and whose references all resolve', async () => {
    const bundle = await bundleOf([[entry], [{ ...entry, id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' }]]);
    expect(bundle.type).toBe('collection');
    const resources = bundle.entry!.map((e) => e.resource!);
    expect(await fhirErrors([bundle])).toEqual([]);
    expect(await fhirErrors(resources)).toEqual([]);
    const counts = resources.reduce<Record<string, number>>(
      (n, r) => ({ ...n, [r.resourceType]: (n[r.resourceType] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({
      Patient: 1,
      Practitioner: 1,
      CodeSystem: 2,
      Questionnaire: 2,
      Observation: 3,
      QuestionnaireResponse: 1,
      Condition: 1,
      Goal: 1,
      CarePlan: 1,
      DocumentReference: 2,
    });
    const fullUrls = new Set(bundle.entry!.map((e) => e.fullUrl));
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    for (const r of references) expect(fullUrls).toContain(r.slice('"reference":"'.length, -1));
    const qr = resources.find((r) => r.resourceType === 'QuestionnaireResponse') as QuestionnaireResponse;
    expect(fullUrls).toContain(qr.questionnaire);
    const obs = resources.filter((r) => r.resourceType === 'Observation') as Observation[];
    expect(obs.map((o) => o.code.coding?.[0]?.code).sort()).toEqual([
      '44261-6',
      'journal-entry',
      'journal-entry',
    ]);
  });

  it('finds structural errors (the validator is not a rubber stamp)', async () => {
    const broken = { ...entryObservation(entry, patient.id), status: undefined, colour: 'red' };
    expect((await fhirErrors([broken as unknown as Observation])).length).toBeGreaterThan(0);
  });
});

describe('the PDF summary', () => {
  const weeks = [
    {
      weekStart: '2026-09-28',
      entries: 3,
      days: 3,
      averageIntensity: 6.5,
      positive: 1,
      neutral: 0,
      negative: 2,
    },
    {
      weekStart: '2026-10-05',
      entries: 2,
      days: 2,
      averageIntensity: 4,
      positive: 2,
      neutral: 0,
      negative: 0,
    },
  ];
  const blocks = clinicalPdfBlocks(header, {
    weeks,
    emotions: [{ emotion: 'Fear', count: 3, averageIntensity: 6.7 }],
    measures: [measure],
    goals: [],
    carePlans: [plan],
    notes: [note],
  });

  it('holds identification, the trends, measures with bands, the care plan and signed notes with addenda', () => {
    const text = blocksToText(blocks);
    for (const words of [
      'Clinical record: Maya Patel',
      'Period: Oct 1, 2026 to Oct 31, 2026',
      'Client: Maya Patel',
      'Provider: Sam Ortiz',
      '5 entries on 5 days over 2 weeks with entries; private entries are not included.',
      'Week of Sep 28, 2026: 3 entries on 3 days; 1 positive, 0 neutral, 2 negative; average intensity 6.5',
      'Fear: 3 entries, average intensity 6.7',
      '2026-10-10: 9 of 27, Mild (7 points lower than last time; Reliable improvement). Item 9',
      'Diagnosis: F41.1, Generalized anxiety disorder (ICD-10-CM)',
      'Keep a sleep diary: 40% (In progress)',
      'Progress Note: Oct 12, 2026, 9:05 AM',
      'Addendum by Sam Ortiz, 2026-10-13',
      'Correction: 45 minutes.',
    ])
      expect(text).toContain(words);
    expect(blocks.filter((b) => b.type === 'chart')).toHaveLength(3);
  });

  it.skipIf(!existsSync('/usr/bin/pdftotext'))(
    'renders through the one PDF renderer with real text',
    async () => {
      const pdf = await renderPdf(blocks, { title: 'Clinical record: Maya Patel', disclaimer: '' });
      const text = execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Clinical record: Maya Patel');
      expect(text).toContain('Moderately severe');
      expect(text).toContain('Correction: 45 minutes.');
    },
  );

  it('says when a part is empty, and a client copy says private entries are in it', () => {
    const text = blocksToText(
      clinicalPdfBlocks(
        { ...header, own: true, practitioner: null },
        { weeks: [], emotions: [], measures: [], goals: [], carePlans: [], notes: [] },
      ),
    );
    expect(text).toContain('My record: Maya Patel');
    expect(text).toContain('No journal entries in this period.');
    expect(text).toContain('No questionnaires were completed in this period.');
    expect(text).toContain('No care plan.');
    expect(text).not.toContain('Provider:');
  });
});

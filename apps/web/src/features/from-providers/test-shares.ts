import {
  notesSummaryMarkup,
  notesSummaryMessages,
  type CarePlanDocument,
  type NotesSummary,
} from '@mindledger/domain';
import type { ProviderShare, SharedItem } from './api';

/** Builders of what providers share with a client, for component tests. */

export function makeCarePlanDoc(
  overrides: Partial<CarePlanDocument> = {},
): CarePlanDocument & { isSigned: boolean } {
  return {
    title: 'Treatment Plan',
    date: '2026-11-20',
    time: { hour: 3, minute: 30, period: 'PM' },
    diagnosis: { code: 'F41.1', description: 'Generalized anxiety disorder' },
    justification: undefined,
    problem: 'Worry about work keeps the client awake most nights.',
    discharge: undefined,
    AdditionalInfo: undefined,
    goals: [
      {
        id: 'g1',
        title: 'Sleep seven hours a night',
        objectives: [
          {
            id: 'o1',
            title: 'Keep a sleep diary',
            objectiveValue: '5 mornings a week',
            duration: '8 weeks',
            strategy: [{ intervention: 'CBT-I sleep hygiene', modality: 'Individual', frequency: 'Weekly' }],
            completion: 40,
            status: 'in-progress',
          },
          {
            id: 'o2',
            title: 'No screens after 10 PM',
            objectiveValue: undefined,
            duration: undefined,
            strategy: [],
            completion: 100,
            status: 'completed',
          },
        ],
      },
    ],
    frequency: 'Every 2 Weeks',
    isDeclared: false,
    isSigned: true,
    ...overrides,
  };
}

export function makeShare(overrides: Partial<ProviderShare> = {}): ProviderShare {
  const id = overrides.id ?? '00000000-0000-4000-8000-000000000a01';
  return {
    _id: id,
    id,
    kind: 'notesSummary',
    itemId: '00000000-0000-4000-8000-000000000b01',
    version: 1,
    providerId: '00000000-0000-4000-8000-000000000002',
    providerName: 'Ada Hart',
    sharedAt: '2026-11-30T18:00:00.000Z',
    ...overrides,
  };
}

const summaryJson: NotesSummary = {
  title: 'Notes Summary: Cora',
  range: { start: '2026-11-01', end: '2026-11-30' },
  overview: 'Three sessions; sleep and work worry came up most.',
  sections: [
    {
      heading: 'Across the sessions',
      points: [
        {
          text: 'Sleep improved after reducing screens before bed.',
          sources: [{ type: 'note', id: 'n1', label: 'Progress Note, Nov 12, 2026' }],
        },
      ],
    },
  ],
  basedOn: { notes: 2, journalEntries: 4, sharedDocuments: 0 },
  disclaimer: notesSummaryMessages.disclaimer,
};

export function sharedItemOf(share: ProviderShare): SharedItem {
  if (share.kind === 'carePlan') return { ...share, kind: 'carePlan', carePlan: makeCarePlanDoc() };
  return {
    ...share,
    kind: 'notesSummary',
    noteSum: notesSummaryMarkup(summaryJson),
    jsonSummary: summaryJson,
  };
}

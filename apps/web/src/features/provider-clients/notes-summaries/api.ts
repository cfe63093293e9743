import type { CarePlanDocument, NotesSummary, SummaryRangeLabel } from '@mindledger/domain';
import { api } from '../../../api/client';

/**
 * The provider's AI summaries of a client's notes, and the care plans listed beside them
 * (docs/API-clinical-documents.md). Every edit or refinement adds a version; sharing sends the
 * current version to the client, frozen.
 */

const ai = (path: string) => `/api/proxy/ai/${path}`;
const id = (value: string) => encodeURIComponent(value);

/** How a version came to be: generated, edited by hand, or refined by an instruction. */
export type SummaryVersionMode = 'generated' | 'manual' | 'refine';

export interface SummaryVersionMeta {
  version: number;
  editMode: SummaryVersionMode;
  refinementDetails: string | null;
  createdAt: string;
  createdByName: string;
}

/** A summary as the server presents it (its current version, or the version asked for). */
export interface NotesSummaryRecord {
  _id: string;
  id: string;
  patientId: string;
  startDate: string;
  endDate: string;
  version: number;
  /** The markup of the summary renderer: '#' headings, '-' bullets, '**bold**'. */
  noteSum: string;
  jsonSummary: NotesSummary;
  editMode: SummaryVersionMode;
  refinmentDetails: string | null;
  shared: boolean;
  sharedVersions: number[];
  /** Newest first; only on the one-summary answers. */
  versions?: SummaryVersionMeta[];
  createdAt: string;
  updatedAt: string;
}

export type SummaryUpdate =
  { editMode: 'manual'; noteSum: string } | { editMode: 'refine'; refinmentDetails: string };

export interface SummaryAnswer {
  success: boolean;
  message?: string;
  data: NotesSummaryRecord;
}

export interface ShareAnswer {
  success: boolean;
  warning: boolean;
  message: string;
}

/** A care plan as the Summaries tab lists it (read-only there; edited on the Notes/Plans tab). */
export interface CarePlanRecord {
  _id: string;
  id: string;
  patientId: string;
  version: number;
  carePlan: CarePlanDocument & { isSigned: boolean };
  isSigned: boolean;
  signedAt: string | null;
  shared: boolean;
  createdAt: string;
  updatedAt: string;
}

export const notesSummariesKeys = {
  all: ['provider-notes-summaries'] as const,
  of: (patientId: string) => [...notesSummariesKeys.all, patientId] as const,
  list: (patientId: string) => [...notesSummariesKeys.of(patientId), 'list'] as const,
  detail: (patientId: string, summaryId: string) =>
    [...notesSummariesKeys.of(patientId), 'summary', summaryId] as const,
  version: (patientId: string, summaryId: string, version: number) =>
    [...notesSummariesKeys.detail(patientId, summaryId), 'version', version] as const,
  carePlans: (patientId: string) => ['provider-care-plans', patientId, 'list'] as const,
};

export const notesSummariesApi = {
  list: async (patientId: string, signal?: AbortSignal): Promise<NotesSummaryRecord[]> =>
    (
      await api.post<{ data: NotesSummaryRecord[] }>(
        ai('get-patient-notes-summary'),
        { patientId },
        { signal },
      )
    ).data,
  get: async (summaryId: string, signal?: AbortSignal): Promise<NotesSummaryRecord> =>
    (await api.get<{ data: NotesSummaryRecord }>(ai(`notes-summary/${id(summaryId)}`), { signal })).data,
  version: async (summaryId: string, version: number, signal?: AbortSignal): Promise<NotesSummaryRecord> =>
    (
      await api.get<{ data: NotesSummaryRecord }>(ai(`notes-summary/${id(summaryId)}/versions/${version}`), {
        signal,
      })
    ).data,
  generate: (patientId: string, range: SummaryRangeLabel) =>
    api.post<SummaryAnswer>(ai('generate-notes-summary'), { patientId, range }),
  update: (summaryId: string, body: SummaryUpdate) =>
    api.put<SummaryAnswer>(ai(`update-patient-notes-summary/${id(summaryId)}`), body),
  share: (summaryId: string) => api.post<ShareAnswer>(ai('share-summary'), { notesSummaryId: summaryId }),
  carePlans: async (patientId: string, signal?: AbortSignal): Promise<CarePlanRecord[]> =>
    (await api.get<{ data: CarePlanRecord[] }>(ai(`get-careplan/${id(patientId)}`), { signal })).data,
};

import type { CarePlanDocument } from '@mindledger/domain';
import { api } from '../../../api/client';

/**
 * The provider's care (treatment) plans for one client (docs/API-clinical-documents.md, Part 2 §3
 * 'Treatment plan (care plan) document'). Every edit, refinement or edit of a signed plan is a new
 * version; signing marks the current version signed; sharing sends the current version, frozen.
 */

const ai = (path: string) => `/api/proxy/ai/${path}`;
const id = (value: string) => encodeURIComponent(value);

/** How a version came to be: generated from notes and goals, edited by hand, or refined. */
export type CarePlanVersionMode = 'generated' | 'manual' | 'refine';

export interface CarePlanVersionMeta {
  version: number;
  editMode: CarePlanVersionMode;
  refinementDetails: string | null;
  isSigned: boolean;
  signedAt: string | null;
  createdAt: string;
  createdByName: string;
}

/** A care plan as the server presents it (its current version, or the version asked for). */
export interface CarePlanRecord {
  _id: string;
  id: string;
  patientId: string;
  version: number;
  /** The document; its isSigned is this version's. */
  carePlan: CarePlanDocument & { isSigned: boolean };
  /** The plan's current version is signed. */
  isSigned: boolean;
  signedAt: string | null;
  editMode: CarePlanVersionMode;
  refinmentDetails: string | null;
  shared: boolean;
  sharedVersions: number[];
  /** Newest first; only on the one-plan answers. */
  versions?: CarePlanVersionMeta[];
  createdAt: string;
  updatedAt: string;
}

/** PUT update-careplan/{id}. The document never carries isSigned (the server sets it). */
export type CarePlanUpdate = {
  carePlan?: CarePlanDocument;
  isSigned?: boolean;
  /** Set when the plan's current version is signed: the change becomes a new draft. */
  editSigned?: boolean;
} & ({ editMode: 'manual' } | { editMode: 'refine'; refinmentDetails: string });

export interface CarePlanAnswer {
  success: boolean;
  message?: string;
  data: CarePlanRecord;
}

export interface CarePlanShareAnswer {
  success: boolean;
  warning: boolean;
  message: string;
}

export interface TherapistGoalAnswer {
  success: boolean;
  message?: string;
  data: { id: string; text: string };
}

// The list key is the one the Summaries tab reads the plans under, so either tab refreshes both.
export const carePlansKeys = {
  all: ['provider-care-plans'] as const,
  of: (patientId: string) => [...carePlansKeys.all, patientId] as const,
  list: (patientId: string) => [...carePlansKeys.of(patientId), 'list'] as const,
  detail: (patientId: string, planId: string) => [...carePlansKeys.of(patientId), 'plan', planId] as const,
  version: (patientId: string, planId: string, version: number) =>
    [...carePlansKeys.detail(patientId, planId), 'version', version] as const,
};

export const carePlansApi = {
  list: async (patientId: string, signal?: AbortSignal): Promise<CarePlanRecord[]> =>
    (await api.get<{ data: CarePlanRecord[] }>(ai(`get-careplan/${id(patientId)}`), { signal })).data,
  get: async (planId: string, signal?: AbortSignal): Promise<CarePlanRecord> =>
    (await api.get<{ data: CarePlanRecord }>(ai(`get-careplan-by-id/${id(planId)}`), { signal })).data,
  version: async (planId: string, version: number, signal?: AbortSignal): Promise<CarePlanRecord> =>
    (await api.get<{ data: CarePlanRecord }>(ai(`careplan/${id(planId)}/versions/${version}`), { signal }))
      .data,
  generate: (patientId: string) => api.post<CarePlanAnswer>(ai('generate-careplan'), { patientId }),
  update: (planId: string, body: CarePlanUpdate) =>
    api.put<CarePlanAnswer>(ai(`update-careplan/${id(planId)}`), body),
  addTherapistGoal: (planId: string, goalId: string) =>
    api.post<TherapistGoalAnswer>(
      ai(`careplan/${id(planId)}/goals/${id(goalId)}/therapist-goal`),
      undefined,
      {
        idempotent: true,
      },
    ),
  share: (planId: string) => api.post<CarePlanShareAnswer>(ai('share-summary'), { carePlanId: planId }),
};

import type { CrisisResources, MeasureKind, SeverityBand } from '@mindledger/domain';
import { api } from '../../api/client';

/** PHQ-9 and GAD-7 (docs/API-measures.md): the client's questionnaires and history. */

const v1 = (path: string) => `/api/proxy/v1/${path}`;

export interface MeasureAssignment {
  id: string;
  kind: MeasureKind;
  name: string;
  everyWeeks: number | null;
  dueAt: string;
  due: boolean;
  stopped: boolean;
  providerId: string;
  providerName: string;
  createdAt: string;
}

export interface MeasureFlags {
  change: number | null;
  reliableImprovement: boolean;
  reliableWorsening: boolean;
  response: boolean;
  remission: boolean;
}

export interface MeasureResponse {
  id: string;
  kind: MeasureKind;
  name: string;
  total: number;
  maxScore: number;
  band: string;
  bandText: string;
  flags: MeasureFlags;
  safetyAlert: boolean;
  assigned: boolean;
  completedAt: string;
  answers?: Record<string, number>;
}

export interface MeasureSeries {
  kind: MeasureKind;
  name: string;
  bands: SeverityBand[];
  maxScore: number;
  responses: MeasureResponse[];
}

export interface MeasuresOverview {
  assignments: MeasureAssignment[];
  measures: MeasureSeries[];
  disclaimer?: string;
}

export interface MeasureResult {
  response: MeasureResponse;
  safetyAlert: boolean;
  crisisResources: CrisisResources | null;
  safetyNotice: string | null;
  disclaimer: string;
}

export const measuresKeys = {
  all: ['measures'] as const,
  mine: () => [...measuresKeys.all, 'mine'] as const,
  client: (patientId: string) => [...measuresKeys.all, 'client', patientId] as const,
};

export const measuresApi = {
  ofClient: async (patientId: string, signal?: AbortSignal): Promise<MeasuresOverview> =>
    (
      await api.get<{ data: MeasuresOverview }>(
        v1(`provider/clients/${encodeURIComponent(patientId)}/measures`),
        { signal },
      )
    ).data,
  assign: (input: { patientId: string; kind: MeasureKind; everyWeeks: 1 | 2 | 4 | null }) =>
    api.post<{ message: string; data: MeasureAssignment }>(v1('provider/measures/assign'), input, {
      idempotent: true,
    }),
  stop: (id: string) =>
    api.post<{ message: string; data: MeasureAssignment }>(
      v1(`provider/measures/assignments/${encodeURIComponent(id)}/stop`),
    ),
  mine: async (signal?: AbortSignal): Promise<MeasuresOverview> =>
    (await api.get<{ data: MeasuresOverview }>(v1('measures'), { signal })).data,
  answer: async (
    target: { assignmentId: string } | { kind: MeasureKind },
    answers: Record<string, number>,
  ): Promise<MeasureResult> =>
    'assignmentId' in target
      ? (
          await api.post<{ data: MeasureResult }>(
            v1(`measures/assignments/${encodeURIComponent(target.assignmentId)}/responses`),
            { answers },
            { idempotent: true },
          )
        ).data
      : (
          await api.post<{ data: MeasureResult }>(
            v1('measures/responses'),
            { kind: target.kind, answers },
            { idempotent: true },
          )
        ).data,
};

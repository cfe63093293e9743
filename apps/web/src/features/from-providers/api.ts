import type { CarePlanDocument, NotesSummary } from '@mindledger/domain';
import { api } from '../../api/client';

/**
 * What the client's providers share with them (docs/API-clinical-documents.md, "What a provider
 * shares with the client"): one frozen version of a notes summary or a care plan, while connected.
 */

const ai = (path: string) => `/api/proxy/ai/${path}`;

export type ProviderShareKind = 'notesSummary' | 'carePlan';

export const shareKindLabels: Record<ProviderShareKind, string> = {
  notesSummary: 'Notes summary',
  carePlan: 'Care plan',
};

export interface ProviderShare {
  _id: string;
  id: string;
  kind: ProviderShareKind;
  itemId: string;
  version: number;
  providerId: string;
  providerName: string;
  sharedAt: string;
}

export type SharedItem =
  | (ProviderShare & { kind: 'notesSummary'; noteSum: string; jsonSummary: NotesSummary })
  | (ProviderShare & { kind: 'carePlan'; carePlan: CarePlanDocument & { isSigned: boolean } });

export const fromProvidersKeys = {
  all: ['from-providers'] as const,
  list: () => [...fromProvidersKeys.all, 'list'] as const,
  item: (shareId: string) => [...fromProvidersKeys.all, 'item', shareId] as const,
};

export const fromProvidersApi = {
  list: async (signal?: AbortSignal): Promise<ProviderShare[]> =>
    (await api.get<{ data: ProviderShare[] }>(ai('shared-with-me'), { signal })).data,
  item: async (shareId: string, signal?: AbortSignal): Promise<SharedItem> =>
    (await api.get<{ data: SharedItem }>(ai(`shared-with-me/${encodeURIComponent(shareId)}`), { signal }))
      .data,
};

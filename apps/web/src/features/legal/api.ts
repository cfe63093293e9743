import {
  defaultPrivacyEmail,
  type AcceptedDocumentView,
  type ConsentsView,
  type LegalDocumentId,
  type LegalPublicInfo,
  type MarketingAuthorizationInput,
  type PendingDocumentView,
} from '@mindledger/domain';
import { api } from '../../api/client';

export interface AcceptanceStatus {
  pending: PendingDocumentView[];
  accepted: AcceptedDocumentView[];
}

export interface PublicDocument {
  document: LegalDocumentId;
  title: string;
  version: string;
  effectiveDate: string;
  requiresAcceptance: boolean;
  path: string;
}

interface PublicInfoAnswer extends Partial<LegalPublicInfo> {
  documents?: PublicDocument[];
}

/** What the texts name when the server could not be asked (offline): the defaults, said plainly. */
export const fallbackPublicInfo: LegalPublicInfo = {
  privacyEmail: defaultPrivacyEmail,
  privacyPostalAddress: null,
  aiProcessing: { thirdParty: false },
};

export const legalKeys = {
  publicInfo: ['legal', 'documents'] as const,
  acceptance: (userId: string) => ['legal', 'acceptance', userId] as const,
  consents: (userId: string) => ['legal', 'consents', userId] as const,
};

function readStatus(answer: Partial<AcceptanceStatus> | undefined): AcceptanceStatus {
  return {
    pending: Array.isArray(answer?.pending) ? answer.pending : [],
    accepted: Array.isArray(answer?.accepted) ? answer.accepted : [],
  };
}

/** The legal calls (docs/API-legal.md). */
export const legalApi = {
  publicInfo: async (signal?: AbortSignal): Promise<LegalPublicInfo> => {
    const answer = await api.get<PublicInfoAnswer>('legal/documents', { signal });
    return {
      privacyEmail: answer?.privacyEmail || fallbackPublicInfo.privacyEmail,
      privacyPostalAddress: answer?.privacyPostalAddress ?? null,
      aiProcessing: answer?.aiProcessing ?? fallbackPublicInfo.aiProcessing,
    };
  },
  acceptance: async (signal?: AbortSignal): Promise<AcceptanceStatus> =>
    readStatus(await api.get<Partial<AcceptanceStatus>>('legal/acceptance', { signal })),
  accept: async (documents: { document: string; version: string }[]) =>
    readStatus(await api.post<Partial<AcceptanceStatus>>('legal/accept', { documents })),
  consents: async (signal?: AbortSignal): Promise<ConsentsView> =>
    (await api.get<{ data: ConsentsView }>('consents', { signal })).data,
  setResearch: async (optOut: boolean) =>
    api.put<{ data: ConsentsView; message?: string }>('consents/research', { optOut }),
  grantMarketing: async (input: MarketingAuthorizationInput) =>
    api.post<{ data: ConsentsView; message?: string }>('consents/marketing-authorization', input, {
      idempotent: true,
    }),
  revokeMarketing: async () =>
    api.post<{ data: ConsentsView; message?: string }>('consents/marketing-authorization/revoke', {}),
};

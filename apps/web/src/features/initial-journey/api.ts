import type { AiDocumentKind, SafetyNotice, SharedSummaryKind, SummaryTableName } from '@mindledger/domain';
import { api } from '../../api/client';

/** The Initial Journey calls (docs/API-initial-journey.md). */

const ai = (path: string) => `/api/proxy/ai/${path}`;

export interface JourneyMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  createdAt: string;
}

export interface GeneratedDocument {
  id: string;
  kind: AiDocumentKind;
  content: unknown;
  generatedAt: string;
  sharedAt?: string;
  /** The owner's view only: how many private entries the document draws on (decision 103). */
  privateEntriesUsed?: number;
}

export interface DocumentShare {
  id: string;
  kind: SharedSummaryKind | 'weeklyReport';
  summaryTableName: SummaryTableName | null;
  documentId: string | null;
  doctorName: string;
  doctorEmail: string;
  sharedAt: string;
  /** How many private entries the client consented to share what the document says of. */
  privateEntriesConsented?: number;
}

export type JourneyDocumentKind = Exclude<AiDocumentKind, 'weeklyReport'>;

export interface JourneySections {
  documents: Record<JourneyDocumentKind, GeneratedDocument | null>;
  chatHistory: { messageCount: number; shared?: boolean };
  shares: DocumentShare[];
}

export interface ConversationPage {
  messages: JourneyMessage[];
  total: number;
  page: number;
  hasNext: boolean;
}

export interface SharedSummary {
  id: string;
  kind: SharedSummaryKind | 'weeklyReport';
  summaryTableName: SummaryTableName | null;
  sharedAt: string;
  document: GeneratedDocument | null;
}

export interface ShareResult {
  success: boolean;
  warning: boolean;
  message: string;
  data: DocumentShare | null;
}

/** The generation call of each document (Part 2 §7). */
export const generatePaths: Record<JourneyDocumentKind, string> = {
  therapistProfile: 'generate-therapist-profile',
  interviewGuide: 'generate-therapist-interview-qs',
  emailTemplate: 'generate-email-template',
  selfReflectionSummary: 'generate-self-reflection-summary',
};

export const journeyKeys = {
  all: ['initial-journey'] as const,
  sections: (patientId?: string) => ['initial-journey', 'sections', patientId ?? 'me'] as const,
  conversation: (patientId?: string) => ['initial-journey', 'conversation', patientId ?? 'me'] as const,
  shared: (patientId: string) => ['initial-journey', 'shared', patientId] as const,
};

export const journeyApi = {
  sections: (patientId?: string, signal?: AbortSignal) =>
    api
      .post<{ data: JourneySections }>(
        'get-initial-journey-childs',
        { data: patientId ? { patientId } : {} },
        { signal },
      )
      .then((r) => r.data),
  conversation: (patientId?: string, signal?: AbortSignal) =>
    api
      .get<{ data: ConversationPage }>(ai('get-conversation'), { signal, query: { all: 'true', patientId } })
      .then((r) => r.data),
  send: (message: string) =>
    api
      .post<{ data: { reply: string; safety: SafetyNotice; messages: JourneyMessage[] } }>(
        ai('initial-journey'),
        {
          message,
        },
      )
      .then((r) => r.data),
  generate: (kind: JourneyDocumentKind) =>
    api.post<{ success: boolean; message: string; data: GeneratedDocument }>(generatePaths[kind], {
      data: {},
    }),
  reset: () => api.post<{ message: string }>('reset-self-reflection-journey'),
  share: (
    summaryTableName: SummaryTableName,
    doctorEmail: string | undefined,
    documentId?: string,
    includesPrivateEntriesConsent?: boolean,
  ) =>
    api.post<ShareResult>(ai('share-summary'), {
      summaryTableName,
      doctorEmail,
      documentId,
      ...(includesPrivateEntriesConsent ? { includesPrivateEntriesConsent: true } : {}),
    }),
  withdraw: (shareId: string) =>
    api.delete<{ message: string }>(ai(`share-summary/${encodeURIComponent(shareId)}`)),
  shared: (patientId: string, signal?: AbortSignal) =>
    api
      .get<{ data: SharedSummary[] }>(ai(`shared-summaries/${encodeURIComponent(patientId)}`), { signal })
      .then((r) => r.data),
  chatPdf: () => api.get<Blob>('initial-journey/chat-history.pdf', { responseType: 'blob' }),
  pdf: (documentId: string) =>
    api.get<Blob>(`ai-documents/${encodeURIComponent(documentId)}/pdf`, { responseType: 'blob' }),
};

import {
  initialJourneySections,
  type ConnectionState,
  type InvitationStatus,
  type InvitedDirection,
  type ProviderRowResponse,
} from '@mindledger/domain';
import { api } from '../../api/client';
import type { MessageResponse } from '../../api/types';

/** Client side of the client–provider connections (docs/API-connections.md). */

export type { InvitationStatus, InvitedDirection };
/** 'active' | 'inactive' | 'disconnected' (the domain's connection states). */
export type ConnectionStatus = ConnectionState;

/** A provider as the client's lists show them: the domain's one shape. */
export type ProviderRow = ProviderRowResponse;

export interface ProvidersPage {
  success: boolean;
  doctors: ProviderRow[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

export interface ProvidersParams {
  search?: string;
  page: number;
  limit: number;
}

export interface InviteResponse extends MessageResponse {
  invitation?: ProviderRow;
  emailInvitation?: boolean;
}

export interface AccessEntry {
  providerName: string;
  providerId: string;
  resourceType: string;
  occurredAt: string;
  /**
   * 'access': the provider opened it; 'privateEntriesConsent': the client shared a document that
   * draws on `privateEntries` private entries with them, consenting to it (decision 103).
   */
  event?: 'access' | 'privateEntriesConsent';
  privateEntries?: number;
}

export interface AccessHistoryPage {
  success: boolean;
  entries: AccessEntry[];
  total: number;
  hasNext: boolean;
}

export const connectionsKeys = {
  all: ['connections'] as const,
  doctors: (params: ProvidersParams) => ['connections', 'doctors', params] as const,
  accessHistory: (page: number, limit: number) => ['connections', 'access-history', page, limit] as const,
  accepted: ['connections', 'accepted'] as const,
};

/** A provider whose invitation is accepted (`get-accepted-doctors`), as a share target. */
export interface AcceptedProvider {
  _id: string;
  doctorName: string;
  doctorEmail: { email: string };
}

export const connectionsApi = {
  providers: (params: ProvidersParams, signal?: AbortSignal) =>
    api.get<ProvidersPage>('get-doctors', {
      signal,
      query: { search: params.search, page: params.page, limit: params.limit },
    }),
  updateStatus: (id: string, newStatus: 'accepted' | 'rejected') =>
    api.put<MessageResponse & { invitation?: ProviderRow }>('update-doctor-status', { id, newStatus }),
  remove: (id: string) => api.put<MessageResponse>('delete-doctor', { id }),
  invite: (email: string) => api.post<InviteResponse>('add-doctor', { email }, { idempotent: true }),
  accessHistory: (page: number, limit: number, signal?: AbortSignal) =>
    api.get<AccessHistoryPage>('access-history', { signal, query: { page, limit } }),
  acceptedProviders: (signal?: AbortSignal) =>
    api.get<{ doctors: AcceptedProvider[] }>('get-accepted-doctors', { signal }).then((r) => r.doctors),
  consent: (token: string) => api.post<MessageResponse>('provider/reactivation/consent', { token }),
};

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  deleted: 'Removed',
};

/** Part 1 §4: accepted green, rejected red, everything else amber. */
export function invitationStatusColor(status: string): string {
  if (status === 'accepted') return 'green';
  if (status === 'rejected') return 'red';
  return 'yellow';
}

export function invitationStatusLabel(status: string): string {
  return invitationStatusLabels[status as InvitationStatus] ?? capitalize(status);
}

export const connectionStatusLabels: Record<ConnectionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  disconnected: 'Disconnected',
};

export function connectionStatusColor(status: string): string {
  if (status === 'active') return 'green';
  if (status === 'disconnected') return 'gray';
  return 'orange';
}

export function connectionStatusLabel(status: string): string {
  return connectionStatusLabels[status as ConnectionStatus] ?? capitalize(status);
}

export function capitalize(value: string): string {
  return value ? `${value.charAt(0).toUpperCase()}${value.slice(1)}` : value;
}

/** The locked-choice messages of Part 1 §4 (also the server's 409 texts). */
export const lockedMessages = {
  accepted: 'This action is disabled because the user is already Accepted.',
  rejected: 'This user is Rejected by Client.',
} as const;

/** 'user-detail' → 'User detail': the audit resource type, readable. */
export function resourceTypeLabel(value: string): string {
  const known: Record<string, string> = {
    'user-detail': 'Profile',
    profile: 'Profile',
    journal: 'Journal entries',
    journals: 'Journal entries',
    'get-doc-patient': 'Client list details',
    summary: 'Summaries',
    summaries: 'Summaries',
    goals: 'Goals',
    mood: 'Mood check-ins',
  };
  return known[value] ?? capitalize(value.replace(/[-_]+/g, ' '));
}

/** What an access-history row says: what the provider opened, or what the client shared with consent. */
export function accessEntryLabel(entry: AccessEntry): string {
  if (entry.event !== 'privateEntriesConsent') return resourceTypeLabel(entry.resourceType);
  const document =
    initialJourneySections.find((s) => s.kind === entry.resourceType)?.title ??
    resourceTypeLabel(entry.resourceType);
  const count = entry.privateEntries ?? 0;
  return `You shared ${document}, which draws on ${count} private ${count === 1 ? 'entry' : 'entries'}, with your consent`;
}

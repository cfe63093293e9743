import { api } from '../../api/client';
import type { MessageResponse, User } from '../../api/types';
import type { ClientRowResponse, InactiveClientResponse } from '@mindledger/domain';
import type { ConnectionStatus, InvitationStatus } from '../connections';

/** Provider side of the client–provider connections (docs/API-connections.md). */

/** A client as the provider's lists show them: the domain's one shape. */
export type ClientRow = ClientRowResponse;

export interface ClientsParams {
  page: number;
  limit: number;
  search?: string;
  status?: 'pending' | 'accepted' | 'rejected';
  connectionStatus?: ConnectionStatus;
}

/**
 * An invitation the provider sent that no client has accepted, by the address typed: the same for
 * an address with a client account or without one (the server tells them apart to no one).
 */
export interface SentInvitation {
  id: string;
  email: string;
  sentOn: string;
}

export interface ClientsPage {
  success: boolean;
  patients: ClientRow[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
  pendingEmailInvitations: SentInvitation[];
}

export interface ConnectionStatusResponse {
  success: boolean;
  status: InvitationStatus;
  connectionStatus: ConnectionStatus;
  accessLevel: 'full' | 'none';
  hasAccess: boolean;
}

/** An inactive or disconnected client: the domain's one shape. */
export type InactiveClient = InactiveClientResponse;

export interface InactiveParams {
  includeDisconnected: boolean;
  searchTerm?: string;
  reasonFilter?: string;
  statusFilter: 'all' | 'inactive' | 'disconnected';
  page: number;
  limit: number;
}

export interface InactivePage {
  success: boolean;
  clients: InactiveClient[];
  total: number;
  hasNext: boolean;
}

export interface HistoryEvent {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  fromConnectionStatus: string | null;
  toConnectionStatus: string | null;
  reason: string | null;
  actorRole: string | null;
  createdAt: string;
}

export type BulkAction = 'reactivate' | 'disconnect' | 'mark-inactive';

export interface BulkResult {
  clientId: string;
  success: boolean;
  message: string;
}

export interface BulkResponse {
  success: boolean;
  results: BulkResult[];
}

export const providerClientsKeys = {
  all: ['provider-clients'] as const,
  list: (params: ClientsParams) => ['provider-clients', 'list', params] as const,
  pending: ['provider-clients', 'pending'] as const,
  detail: (id: string) => ['provider-clients', 'detail', id] as const,
  connection: (id: string) => ['provider-clients', 'connection', id] as const,
  inactive: (params: InactiveParams) => ['provider-clients', 'inactive', params] as const,
  history: (id: string) => ['provider-clients', 'history', id] as const,
};

const clientPath = (id: string) => `provider/clients/${encodeURIComponent(id)}`;

export const providerClientsApi = {
  list: (params: ClientsParams, signal?: AbortSignal) =>
    api.post<ClientsPage>('get-patients', { data: params }, { signal }),
  invite: (body: { email: string; firstName?: string; lastName?: string }) =>
    api.post<MessageResponse>('add-patient', body, { idempotent: true }),
  updateStatus: (id: string, newStatus: 'accepted' | 'rejected') =>
    api.put<MessageResponse>('update-patient-status', { id, newStatus }),
  cancelInvitation: (id: string) => api.put<MessageResponse>('delete-patient-invitation', { id }),
  detail: (id: string, signal?: AbortSignal) =>
    api.get<{ success: boolean; user: User }>(`user-detail/${encodeURIComponent(id)}`, { signal }),
  connection: (id: string, signal?: AbortSignal) =>
    api.get<ConnectionStatusResponse>(`${clientPath(id)}/connection-status`, { signal }),
  markInactive: (id: string, body: { reason: string; notes?: string }) =>
    api.patch<MessageResponse>(`${clientPath(id)}/mark-inactive`, body),
  requestReactivation: (id: string) =>
    api.post<MessageResponse & { expiresAt?: string }>(`${clientPath(id)}/generate-reactivation-token`),
  disconnect: (id: string, reason?: string) =>
    api.patch<MessageResponse>(`${clientPath(id)}/disconnect`, reason ? { reason } : {}),
  inactive: (params: InactiveParams, signal?: AbortSignal) =>
    api.get<InactivePage>('provider/inactive-clients', {
      signal,
      query: {
        includeDisconnected: params.includeDisconnected,
        searchTerm: params.searchTerm,
        reasonFilter: params.reasonFilter,
        statusFilter: params.statusFilter,
        page: params.page,
        limit: params.limit,
      },
    }),
  history: (id: string, signal?: AbortSignal) =>
    api.get<{ success: boolean; history: HistoryEvent[] }>(`${clientPath(id)}/status-history`, { signal }),
  bulkUpdate: (clientIds: string[], action: BulkAction, reason?: string) =>
    api.patch<BulkResponse>('provider/inactive-clients/bulk-update', { clientIds, action, reason }),
};

export function clientName(row: {
  displayName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}) {
  return (
    row.displayName?.trim() ||
    `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() ||
    row.email ||
    'Unnamed client'
  );
}

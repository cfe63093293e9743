import { listUsersQuery, type UserStatus } from '@mindledger/domain';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { MessageResponse, User, UserResponse, UserStats, UsersPage } from '../../api/types';

/** The getAllUsers query, as the shared schema outputs it. */
export type UsersListParams = z.output<typeof listUsersQuery>;

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (query: UsersListParams) => ['admin', 'users', 'list', query] as const,
  stats: ['admin', 'users', 'stats'] as const,
};

export const adminUsersApi = {
  list: (params: UsersListParams, signal?: AbortSignal) => {
    const query = listUsersQuery.parse(params);
    return api.get<UsersPage>('getAllUsers', {
      signal,
      query: {
        search: query.search,
        role: query.role,
        status: query.status,
        page: query.page,
        limit: query.limit,
      },
    });
  },
  stats: () => api.get<{ stats: UserStats }>('getUserStats').then((response) => response.stats),
  approve: (id: string) => api.post<UserResponse>(`users/${encodeURIComponent(id)}/approve`),
  remove: (id: string) => api.delete<MessageResponse>(`users/${encodeURIComponent(id)}/delete`),
};

/** The account status the filters speak of, derived from the user object. */
export function statusOf(user: Pick<User, 'isActivated' | 'isApproved' | 'userRole'>): UserStatus {
  if (!user.isActivated) return 'pending_activation';
  if (user.userRole === 'provider' && !user.isApproved) return 'pending_approval';
  return 'active';
}

export const statusLabels: Record<UserStatus, string> = {
  active: 'Active',
  pending_activation: 'Pending activation',
  pending_approval: 'Pending approval',
};

export const statusColors: Record<UserStatus, string> = {
  active: 'green',
  pending_activation: 'gray',
  pending_approval: 'yellow',
};

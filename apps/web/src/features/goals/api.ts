import { useQuery } from '@tanstack/react-query';
import type {
  GoalCategory,
  GoalRequest,
  GoalResponse,
  GoalStatus,
  GoalType,
  MoodType,
} from '@mindledger/domain';
import { api } from '../../api/client';

/** The goal calls of the client (Part 1 §7 Goals; docs/API-goals.md). */

/** A goal as the API answers it: the one shape of the domain (`GoalResponse`). */
export type Goal = GoalResponse;

export interface GoalLists {
  personal: Goal[];
  therapist: Goal[];
  all: Goal[];
}

export type GoalTypeFilter = GoalType | 'all';
export type GoalStatusFilter = GoalStatus | 'all';

export interface GoalListParams {
  type: GoalTypeFilter;
  status: GoalStatusFilter;
  search?: string;
}

export const defaultGoalListParams: GoalListParams = { type: 'all', status: 'active' };

export interface GoalStats {
  totalMentions: number;
  completedGoals: number;
  completionRate: number;
  averageMentions: number;
}

export interface PresetGoal {
  id: string;
  text: string;
  notes: string;
  emoji: string;
  category: GoalCategory;
  priority: number;
}

export interface PresetCategory {
  category: GoalCategory;
  count: number;
}

export interface MentionPoint {
  date: string;
  moodType: MoodType;
  entryId: string | null;
}

/** An entry that mentions a goal; the journaling calls add date, mood, emoji and notes later. */
export interface GoalEntryLink {
  entryId: string;
  linkedAt: string;
  date?: string | null;
  mood?: string | null;
  emoji?: string | null;
  notes?: string | null;
}

/** The body of POST /goals/ and PUT /goals/{id}: the domain's one request shape. */
export type GoalBody = GoalRequest;

interface Data<T> {
  success: boolean;
  data: T;
}

/** A page of a goal list: the goals and what pages on. */
export interface GoalPage extends Data<Goal[]> {
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

interface Message<T> extends Data<T> {
  message?: string;
}

export const goalsKeys = {
  all: ['goals'] as const,
  list: (params: GoalListParams) => ['goals', 'list', params] as const,
  archived: (type: GoalTypeFilter) => ['goals', 'archived', type] as const,
  stats: () => ['goals', 'stats'] as const,
  presets: (category: GoalCategory) => ['goals', 'presets', category] as const,
  presetCategories: () => ['goals', 'preset-categories'] as const,
  mentionHistory: (id: string) => ['goals', 'mention-history', id] as const,
  entries: (id: string) => ['goals', 'entries', id] as const,
};

/** Part 1 §7: goal queries are not cached and are refetched on mount. */
export const goalQueryOptions = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' } as const;

export const goalsApi = {
  list: (params: GoalListParams, signal?: AbortSignal) =>
    api
      .get<Data<GoalLists>>('goals/', {
        signal,
        query: { type: params.type, status: params.status, search: params.search },
      })
      .then((r) => r.data),
  /** One page of archived goals (the server answers at most 100 a page). */
  archived: (type: GoalTypeFilter, page = 1, signal?: AbortSignal) =>
    api.get<GoalPage>('goals/archived', {
      signal,
      query: { type: type === 'all' ? undefined : type, page },
    }),
  stats: (signal?: AbortSignal) => api.get<Data<GoalStats>>('goals/stats', { signal }).then((r) => r.data),
  create: (body: GoalBody) => api.post<Message<Goal>>('goals/', body, { idempotent: true }),
  update: (id: string, body: GoalBody) => api.put<Message<Goal>>(`goals/${id}`, body),
  remove: (id: string) => api.delete<Message<undefined>>(`goals/${id}`, { deleted: true }),
  complete: (id: string) => api.patch<Message<Goal>>(`goals/${id}/complete`, { completed: true }),
  abandon: (id: string) => api.patch<Message<Goal>>(`goals/${id}/abandon`, { abandoned: true }),
  toggleHome: (id: string) => api.patch<Message<Goal>>(`goals/${id}/toggle-home`),
  presets: (category: GoalCategory, signal?: AbortSignal) =>
    api.get<Data<PresetGoal[]>>('goals/preset', { signal, query: { category } }).then((r) => r.data),
  presetCategories: (signal?: AbortSignal) =>
    api.get<Data<PresetCategory[]>>('goals/preset/categories', { signal }).then((r) => r.data),
  adopt: (presetId: string) =>
    api.post<Message<Goal>>(`goals/preset/${encodeURIComponent(presetId)}/adopt`, {}, { idempotent: true }),
  mentionHistory: (id: string, signal?: AbortSignal) =>
    api.get<Data<MentionPoint[]>>(`goals/mention-history/${id}`, { signal }).then((r) => r.data),
  entries: (id: string, signal?: AbortSignal) =>
    api.get<Data<GoalEntryLink[]>>(`goals/journal/entries/by-goal/${id}`, { signal }).then((r) => r.data),
};

/**
 * The client's goals split into personal, therapist and all (GET /goals/; active by default).
 * Shared with the goal selection card of a journal entry.
 */
export function useGoals(params: GoalListParams = defaultGoalListParams) {
  return useQuery({
    queryKey: goalsKeys.list(params),
    queryFn: ({ signal }) => goalsApi.list(params, signal),
    ...goalQueryOptions,
  });
}

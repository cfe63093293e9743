import { goalLimits } from '@mindledger/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { goalQueryOptions, goalsApi, goalsKeys, useGoals, type Goal } from './api';
import { goalLimitReachedText } from './GoalFooter';
import type { GoalCounts } from './GoalsSidebar';
import type { GoalViewState } from './view';

function matches(goal: Goal, search: string): boolean {
  const key = search.trim().toLowerCase();
  return !key || goal.text.toLowerCase().includes(key) || goal.notes.toLowerCase().includes(key);
}

/**
 * Everything the goals page shows: the active goals (counts, limits), the list for the current
 * view, the archived goals and the stats. Every goal query refetches on mount (Part 1 §7).
 */
export function useGoalsPageData(state: GoalViewState, search: string) {
  const active = useGoals();
  const listParams = { type: state.type, status: state.status, search: search || undefined };
  const list = useQuery({
    queryKey: goalsKeys.list(listParams),
    queryFn: ({ signal }) => goalsApi.list(listParams, signal),
    enabled: state.tab === 'goals',
    placeholderData: keepPreviousData,
    ...goalQueryOptions,
  });
  // Archived goals accumulate: read a page at a time, older ones on demand.
  const archived = useInfiniteQuery({
    queryKey: goalsKeys.archived('all'),
    queryFn: ({ signal, pageParam }) => goalsApi.archived('all', pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNext ? last.page + 1 : undefined),
    ...goalQueryOptions,
  });
  const archivedGoals = archived.data?.pages.flatMap((page) => page.data);
  const stats = useQuery({
    queryKey: goalsKeys.stats(),
    queryFn: ({ signal }) => goalsApi.stats(signal),
    ...goalQueryOptions,
  });

  const counts: GoalCounts | null =
    active.data && archived.data
      ? {
          personal: active.data.personal.length,
          therapist: active.data.therapist.length,
          archived: archived.data.pages[0]?.total ?? 0,
        }
      : null;
  const activeCounts = active.data
    ? { personal: active.data.personal.length, therapist: active.data.therapist.length }
    : null;
  const blockedReason =
    activeCounts &&
    (activeCounts.personal >= goalLimits.personal ||
      activeCounts.personal + activeCounts.therapist >= goalLimits.total)
      ? goalLimitReachedText
      : null;

  const current =
    state.tab === 'archived'
      ? {
          goals: archivedGoals?.filter(
            (g) => (state.type === 'all' || g.type === state.type) && matches(g, search),
          ),
          isPending: archived.isPending,
          error: archived.error,
          refetch: () => void archived.refetch(),
          more: archived.hasNextPage
            ? { load: () => void archived.fetchNextPage(), loading: archived.isFetchingNextPage }
            : undefined,
        }
      : {
          goals: list.data?.all,
          isPending: list.isPending,
          error: list.error,
          refetch: () => void list.refetch(),
          more: undefined,
        };

  const find = (id: string): Goal | undefined =>
    [...(list.data?.all ?? []), ...(active.data?.all ?? []), ...(archivedGoals ?? [])].find(
      (g) => g.id === id,
    );

  return {
    counts,
    activeCounts,
    activeGoals: active.data?.all ?? [],
    blockedReason,
    stats: stats.data ?? null,
    current,
    find,
  };
}

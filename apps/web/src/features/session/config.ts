import { useQuery } from '@tanstack/react-query';
import { sessionTimings as defaultTimings, type SessionTimings } from '@mindledger/domain';
import { api } from '../../api/client';

const keys = Object.keys(defaultTimings) as (keyof SessionTimings)[];

/** Server values where they are positive numbers, the domain's defaults elsewhere. */
export function mergeTimings(
  fromServer: Partial<Record<keyof SessionTimings, unknown>> | undefined,
): SessionTimings {
  const merged = { ...defaultTimings } as SessionTimings;
  for (const key of keys) {
    const value = fromServer?.[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) merged[key] = value;
  }
  return merged;
}

let latest: SessionTimings = { ...defaultTimings };
let loading: Promise<SessionTimings> | null = null;

/** GET client-config once per page load; the domain's defaults when it fails. */
export function loadSessionTimings(): Promise<SessionTimings> {
  loading ??= api
    .get<{ sessionTimings?: Partial<SessionTimings> }>('client-config')
    .then((response) => mergeTimings(response?.sessionTimings))
    .catch(() => ({ ...defaultTimings }))
    .then((timings) => {
      latest = timings;
      return timings;
    });
  return loading;
}

export function currentSessionTimings(): SessionTimings {
  return latest;
}

export function useSessionTimings(): SessionTimings {
  const { data } = useQuery({
    queryKey: ['client-config', 'session-timings'],
    queryFn: loadSessionTimings,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  return data ?? latest;
}

/** Forget the loaded values (tests). */
export function resetSessionTimingsCache(): void {
  loading = null;
  latest = { ...defaultTimings };
}

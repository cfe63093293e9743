import type { CrisisResources, EntryRequest, EntryResponse, Sentiment } from '@mindledger/domain';
import { localTimestamp } from '@mindledger/domain';
import { api } from '../../api/client';

/** Journal entries ("moods") as the server answers them: the domain's one shape. */
export type JournalEntry = EntryResponse;

export interface Safety {
  level: 'none' | 'concern' | 'crisis';
  matched?: string[];
  /** The person's crisis resources, when the level is not 'none' (ruling 12). */
  resources?: CrisisResources | null;
}

export interface EntryPage {
  success: boolean;
  data: JournalEntry[];
  total: number;
  /** A search counts the newest 1,000 matches only: true when there are more. */
  totalCapped?: boolean;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

/** A day of a week answer: its entry count and newest entry, however many it has. */
export interface WeekDaySummary {
  date: string;
  count: number;
  latest: { id: string; mood: string; emoji: string | null; color: string | null } | null;
}

/** A week answer: exact day summaries and total, and the first page of its entries (oldest first). */
export interface WeekResponse {
  weekStart: string;
  weekEnd: string;
  days: WeekDaySummary[];
  total: number;
  entries: JournalEntry[];
  limit: number;
  hasMore: boolean;
  next: string | null;
}

export interface StreakResponse {
  streak: number;
  today: string;
  entries: { date: string; count: number }[];
}

export const timeRangeNames = ['1 Week', '2 Weeks', '30 Days', '90 Days'] as const;
export type TimeRangeName = (typeof timeRangeNames)[number];

export interface Analytics {
  timerange?: TimeRangeName;
  from?: string;
  to?: string;
  total: number;
  averageIntensity: number | null;
  byMood: Record<string, number>;
  byCoreEmotion: Record<string, number>;
  bySentiment: Record<Sentiment, number>;
  byPrimaryEmotion: Record<string, number>;
  series: {
    date: string;
    count: number;
    averageIntensity: number | null;
    positive: number;
    neutral: number;
    negative: number;
  }[];
}

/** The body of create-mood / update-mood (the server re-checks every rule). */
export type EntryInput = EntryRequest;

export interface SavedEntry {
  success: boolean;
  message: string;
  data: JournalEntry;
  safety: Safety;
}

export const journalKeys = {
  all: ['journal'] as const,
  list: (page: number, limit: number, search: string) => ['journal', 'list', page, limit, search] as const,
  entry: (id: string) => ['journal', 'entry', id] as const,
  week: (day: string) => ['journal', 'week', day] as const,
  streak: () => ['journal', 'streak'] as const,
  analytics: (range: TimeRangeName, date?: string) => ['journal', 'analytics', range, date ?? ''] as const,
  latest: () => ['journal', 'latest'] as const,
};

/** The user's IANA time zone, sent with every entry so its day is counted where the user lives. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const journalApi = {
  list: (params: { page: number; limit: number; search?: string }, signal?: AbortSignal) =>
    api.get<EntryPage>('get-all-mood', { query: params, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<{ data: JournalEntry }>(`get-mood/${encodeURIComponent(id)}`, { signal }),
  latest: (signal?: AbortSignal) => api.get<{ data: JournalEntry | null }>('get-latest-mood', { signal }),
  week: (day: string, signal?: AbortSignal) =>
    api.get<{ data: WeekResponse }>(`get-mood-by-week/${encodeURIComponent(day)}`, { signal }),
  streak: (signal?: AbortSignal) => api.get<StreakResponse>('streak-dates', { signal }),
  analytics: (timerange: TimeRangeName, date?: string, signal?: AbortSignal) =>
    api.get<{ data: Analytics }>('get-mood-analytics/', { query: { timerange, date }, signal }),
  /** The analytics a provider would see (no private entry): the snapshot a client shares. */
  sharedAnalytics: (timerange: TimeRangeName) =>
    api.get<{ data: Analytics }>('get-mood-analytics/', { query: { timerange, shared: 'true' } }),
  /** Part 2 §7 "Dashboard sharing": the snapshot goes to one connected provider. */
  shareDashboard: (doctorEmail: string, dashboardData: Analytics) =>
    api.post<{ message: string; data: { id: string } }>(
      'dashboard/share',
      { doctorEmail, dashboardData },
      { idempotent: true },
    ),
  create: (input: EntryInput) =>
    api.post<SavedEntry>(
      'create-mood',
      { userTimezone: browserTimeZone(), userLocalTimestamp: localTimestamp(), ...input },
      { idempotent: true },
    ),
  update: (id: string, input: Partial<EntryInput>) =>
    api.put<SavedEntry>(`update-mood/${encodeURIComponent(id)}`, input),
  updateDayDetails: (body: Record<string, unknown>) => api.put<SavedEntry>('update-mood-swp', body),
  remove: (id: string) =>
    api.delete<{ success: boolean; message: string }>(`delete-mood/${encodeURIComponent(id)}`),
};

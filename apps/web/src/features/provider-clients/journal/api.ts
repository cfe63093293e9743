import type { Sentiment } from '@mindledger/domain';
import { api } from '../../../api/client';
import type { Analytics, EntryPage, JournalEntry, WeekResponse } from '../../journal';

/**
 * The provider's reads of one client's journal (docs/API-moods.md, Part 1 §6–§7). Every call goes
 * through the server's access policy; entries the client marked private are never in an answer.
 */

/** Entries per page of the Journals tab. */
export const journalPageSize = 10;
/** Part 1 §9: patient analytics over the latest 1000 entries. */
export const analyticsLimit = 1000;

/** Part 1 §8 combined-fetch failure texts not already defined by the client's own cards. */
export const allMoodFetchFailed = 'all mood fetch failed';
export const countFetchFailed = 'count fetch failed';

export const noEntriesTitle = 'No journal entries shared yet.';
export const noEntriesHint =
  'Entries your client writes will appear here. Entries they mark private are never shown.';
export const noCheckInsYet = 'No check-ins yet.';

/** patient-mood-count: the year's check-ins by mood, core emotion and sentiment. */
export interface MoodCount {
  year: number;
  total: number;
  byMood: Record<string, number>;
  byCoreEmotion: Record<string, number>;
  bySentiment: Record<Sentiment, number>;
}

/** patient-mood-by-week: the entries of one Monday..Sunday week (the client's local days). */
export type ClientWeek = WeekResponse;

export const clientJournalKeys = {
  all: ['provider-client-journal'] as const,
  of: (patientId: string) => [...clientJournalKeys.all, patientId] as const,
  list: (patientId: string, page: number, search: string) =>
    [...clientJournalKeys.of(patientId), 'list', page, search] as const,
  latest: (patientId: string) => [...clientJournalKeys.of(patientId), 'latest'] as const,
  week: (patientId: string, startDate: string) =>
    [...clientJournalKeys.of(patientId), 'week', startDate] as const,
  count: (patientId: string, year: number) => [...clientJournalKeys.of(patientId), 'count', year] as const,
  analytics: (patientId: string) =>
    [...clientJournalKeys.of(patientId), 'analytics', analyticsLimit] as const,
};

const id = (patientId: string) => encodeURIComponent(patientId);

export const clientJournalApi = {
  /** The client's shared entries, newest first (search: every word must match). */
  list: (patientId: string, params: { page: number; search?: string }, signal?: AbortSignal) =>
    api.get<EntryPage>(`get-all-patient-mood/${id(patientId)}`, {
      query: { page: params.page, limit: journalPageSize, search: params.search || undefined },
      signal,
    }),
  latest: async (patientId: string, signal?: AbortSignal): Promise<JournalEntry | null> =>
    (await api.get<{ data: JournalEntry | null }>(`get-latest-patient-mood/${id(patientId)}`, { signal }))
      .data,
  week: async (patientId: string, startDate: string, signal?: AbortSignal): Promise<ClientWeek> =>
    (
      await api.get<{ data: ClientWeek }>(`/api/dashboard/patient-mood-by-week/${id(patientId)}`, {
        query: { startDate },
        signal,
      })
    ).data,
  count: async (patientId: string, year: number, signal?: AbortSignal): Promise<MoodCount> =>
    (
      await api.get<{ data: MoodCount }>(`/api/dashboard/patient-mood-count/${id(patientId)}`, {
        query: { year },
        signal,
      })
    ).data,
  analytics: async (patientId: string, signal?: AbortSignal): Promise<Analytics> =>
    (
      await api.get<{ data: Analytics }>(`/api/dashboard/patient-mood-analytics/${id(patientId)}`, {
        query: { limit: analyticsLimit },
        signal,
      })
    ).data,
};

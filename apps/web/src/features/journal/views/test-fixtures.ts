import { vi, type Mock } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import type {
  Analytics,
  EntryPage,
  JournalEntry,
  StreakResponse,
  WeekDaySummary,
  WeekResponse,
} from '../api';
import { addDays, mondayOf } from './dates';

let counter = 0;

/** A journal entry as the server answers it (test data). */
export function makeEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const date = overrides.date ?? '2026-11-16';
  return {
    _id: id,
    id,
    patientId: 'p1',
    mood: 'Fine',
    emoji: '🙂',
    notes: 'A quiet day.',
    journalType: 'prompt',
    journalMode: 'prompt',
    chatMessages: [],
    isAIGenerated: false,
    emotionData: null,
    originalEmotionData: null,
    emotion: {
      core: 'Calm',
      nuanced: 'Calm',
      intensity: 5,
      originalCore: 'Calm',
      originalNuanced: 'Calm',
      mapped: false,
      mappedAt: '2026-11-16T10:00:00.000Z',
    },
    sentiment: 'positive',
    aiMetadata: null,
    conversationInsights: null,
    photoData: null,
    activities: [],
    sleepRoutine: null,
    productivity: null,
    betterme: null,
    therapyProcess: null,
    goal: { selectedGoals: [] },
    isPrivate: false,
    customDate: null,
    userLocalTimestamp: null,
    userTimezone: 'America/Denver',
    date,
    entryAt: `${date}T18:00:00.000Z`,
    createdAt: `${date}T18:00:00.000Z`,
    updatedAt: `${date}T18:00:00.000Z`,
    deleted: false,
    isDeleted: false,
    deletedAt: null,
    status: 'active',
    active: true,
    ...overrides,
  };
}

/** The server's day summaries of `dates` over `entries`: count and newest entry of each day. */
export function daySummaries(dates: string[], entries: JournalEntry[]): WeekDaySummary[] {
  return dates.map((date) => {
    const mine = entries.filter((e) => e.date === date);
    const newest = mine.reduce<JournalEntry | undefined>(
      (a, e) => (!a || e.entryAt > a.entryAt ? e : a),
      undefined,
    );
    const latest = newest
      ? { id: newest.id, mood: newest.mood, emoji: newest.emoji, color: newest.emotionData?.color ?? null }
      : null;
    return { date, count: mine.length, latest };
  });
}

/** A week answer as the server gives it, all entries on one page. */
export function weekAnswer(day: string, entries: JournalEntry[]): { success: true; data: WeekResponse } {
  const weekStart = mondayOf(day);
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const mine = entries.filter((e) => days.includes(e.date));
  return {
    success: true,
    data: {
      weekStart,
      weekEnd: days[6]!,
      days: daySummaries(days, mine),
      total: mine.length,
      entries: mine,
      limit: 100,
      hasMore: false,
      next: null,
    },
  };
}

export function pageAnswer(entries: JournalEntry[], page = 1, limit = 10): EntryPage {
  const slice = entries.slice((page - 1) * limit, page * limit);
  const pages = Math.max(1, Math.ceil(entries.length / limit));
  return { success: true, data: slice, total: entries.length, page, limit, pages, hasNext: page < pages };
}

export function emptyAnalytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    timerange: '1 Week',
    total: 0,
    averageIntensity: null,
    byMood: {},
    byCoreEmotion: {},
    bySentiment: { positive: 0, neutral: 0, negative: 0 },
    byPrimaryEmotion: {},
    series: [],
    ...overrides,
  };
}

export interface HomeServer {
  entries: JournalEntry[];
  streak: StreakResponse;
  analytics: (range: string) => Analytics;
  /** Answers an error status for calls whose path ends with one of these names. */
  failing: Map<string, number>;
  /** The week answer as given, instead of one built from `entries`. */
  week?: WeekResponse;
}

export type FetchMock = Mock<typeof fetch>;

/** A fetch stand-in for the journal calls of the home page, backed by `server`. */
export function stubHomeFetch(server: HomeServer): FetchMock {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/proxy\/v1\//, '');
    const name = path.split('/')[0]!;
    const status = server.failing.get(name);
    if (status) return jsonResponse({ success: false, message: 'Server error' }, { status });
    if (name === 'streak-dates') return jsonResponse({ success: true, ...server.streak });
    if (name === 'get-mood-by-week')
      return jsonResponse(
        server.week ? { success: true, data: server.week } : weekAnswer(path.split('/')[1]!, server.entries),
      );
    if (name === 'get-all-mood') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const found = server.entries
        .filter((e) => !search || `${e.mood} ${e.notes}`.toLowerCase().includes(search))
        .sort((a, b) => b.entryAt.localeCompare(a.entryAt));
      return jsonResponse(pageAnswer(found, page, limit));
    }
    if (name === 'get-mood-analytics') {
      return jsonResponse({ success: true, data: server.analytics(url.searchParams.get('timerange') ?? '') });
    }
    if (name === 'get-accepted-doctors')
      return jsonResponse({
        success: true,
        doctors: [{ _id: 'p1', doctorName: 'Rosa Diaz', doctorEmail: { email: 'rosa@example.test' } }],
      });
    if (path === 'dashboard/share' && init?.method === 'POST')
      return jsonResponse(
        { success: true, message: 'Dashboard shared successfully.', data: { id: 'd1' } },
        { status: 201 },
      );
    if (name === 'delete-mood' && init?.method === 'DELETE') {
      const id = path.split('/')[1]!;
      server.entries = server.entries.filter((e) => e.id !== id);
      return jsonResponse({ success: true, message: 'Journal entry deleted', id });
    }
    return jsonResponse({ success: false, message: `unexpected ${path}` }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function newHomeServer(overrides: Partial<HomeServer> = {}): HomeServer {
  return {
    entries: [],
    streak: { streak: 0, today: '2026-11-18', entries: [] },
    analytics: () => emptyAnalytics(),
    failing: new Map(),
    ...overrides,
  };
}

export const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { addDays, mondayOf, todayIn, type Analytics, type JournalEntry } from '../../journal';
import { emptyAnalytics, makeEntry, weekAnswer } from '../../journal/views/test-fixtures';
import type { MoodCount } from './api';
import { ClientDashboardTab } from './ClientDashboardTab';

const patientId = '00000000-0000-4000-8000-000000000501';
const today = todayIn('UTC');
const monday = mondayOf(today);
const year = Number(today.slice(0, 4));

let latest: JournalEntry | null;
let week: JournalEntry[];
let count: MoodCount;
let analytics: Analytics;
let failing: Set<string>;
let fetchMock: Mock<typeof fetch>;
const assigned: object[] = [];
const response = (id: string, total: number, band: string, extra: object = {}) => ({
  id,
  kind: 'phq9',
  name: 'PHQ-9',
  total,
  maxScore: 27,
  band,
  bandText: '',
  flags: {
    change: null,
    reliableImprovement: false,
    reliableWorsening: false,
    response: false,
    remission: false,
  },
  safetyAlert: false,
  assigned: true,
  completedAt: '2026-11-10T10:00:00.000Z',
  ...extra,
});
const measures = {
  assignments: [
    {
      id: 'as1',
      kind: 'phq9',
      name: 'PHQ-9',
      everyWeeks: 2,
      dueAt: '2026-12-08T10:00:00.000Z',
      due: false,
      stopped: false,
      providerId: 'someone-else',
      providerName: 'Ben Roe',
      createdAt: '2026-11-10T10:00:00.000Z',
    },
  ],
  measures: [
    {
      kind: 'phq9',
      name: 'PHQ-9',
      bands: [],
      maxScore: 27,
      responses: [
        response('r1', 16, 'Moderately severe'),
        response('r2', 8, 'Mild', {
          safetyAlert: true,
          completedAt: '2026-11-24T10:00:00.000Z',
          flags: {
            change: -8,
            reliableImprovement: true,
            reliableWorsening: false,
            response: true,
            remission: false,
          },
        }),
      ],
    },
    { kind: 'gad7', name: 'GAD-7', bands: [], maxScore: 21, responses: [] },
  ],
};

const callsTo = (name: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.includes(`/${name}/`));

beforeEach(() => {
  // recharts measures a 0×0 container in jsdom and says so.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
  const todays = makeEntry({ date: today, entryAt: `${today}T09:00:00.000Z`, notes: 'Slept well.' });
  latest = todays;
  week = [
    todays,
    makeEntry({ date: monday, mood: 'Very bad', emoji: '😣', entryAt: `${monday}T08:00:00.000Z` }),
  ];
  count = {
    year,
    total: 3,
    byMood: { Fine: 2, 'Very bad': 1 },
    byCoreEmotion: { Calm: 2, Sad: 1 },
    bySentiment: { positive: 2, neutral: 0, negative: 1 },
  };
  analytics = emptyAnalytics({
    timerange: undefined,
    total: 3,
    averageIntensity: 5.5,
    byMood: { Fine: 2, 'Very bad': 1 },
    byCoreEmotion: { Calm: 2, Sad: 1 },
    bySentiment: { positive: 2, neutral: 0, negative: 1 },
    series: [{ date: today, count: 3, averageIntensity: 5.5, positive: 2, neutral: 0, negative: 1 }],
  });
  failing = new Set();
  assigned.length = 0;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.split('/').at(-2) ?? '';
    if (url.pathname.endsWith(`/provider/clients/${patientId}/measures`))
      return jsonResponse({ success: true, data: measures });
    if (url.pathname.endsWith('/provider/measures/assign')) {
      assigned.push(JSON.parse(String(init?.body)) as object);
      return jsonResponse({ success: true, message: 'Questionnaire assigned.', data: {} }, { status: 201 });
    }
    if (!url.pathname.endsWith(`/${patientId}`))
      return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    if (failing.has(name)) return jsonResponse({ success: false, message: 'Bad' }, { status: 400 });
    switch (name) {
      case 'get-latest-patient-mood':
        return jsonResponse({ success: true, data: latest });
      case 'patient-mood-by-week': {
        return jsonResponse(weekAnswer(url.searchParams.get('startDate')!, week));
      }
      case 'patient-mood-count':
        return jsonResponse({ success: true, data: count });
      case 'patient-mood-analytics':
        return jsonResponse({ success: true, data: analytics });
      default:
        return jsonResponse({ success: false, message: 'unexpected' }, { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  // a toast of an earlier test ('Questionnaire assigned.') is an alert too
  await clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  authStore.reset();
});

function renderDashboard() {
  return renderWithProviders(
    <ClientDashboardTab patientId={patientId} clientName="Cora" timeZone="UTC" />,
    '/provider/patient-overview/x',
  );
}

describe('provider dashboard tab', () => {
  it('shows the latest entry, this week, the year’s counts and the analytics', async () => {
    renderDashboard();
    const latestCard = await screen.findByRole('region', { name: 'Latest entry' });
    expect(await within(latestCard).findByText('Slept well.')).toBeInTheDocument();
    expect(within(latestCard).getByText('Today')).toBeInTheDocument();

    const weekCard = screen.getByRole('region', { name: 'This week’s check-ins' });
    // On a Monday both entries fall on today: the day shows its latest entry and says there are two.
    const todayLabel = monday === today ? /\(Today\): 🙂 Fine, 2 check-ins$/ : /\(Today\): 🙂 Fine$/;
    expect(await within(weekCard).findByRole('img', { name: todayLabel })).toBeInTheDocument();
    if (monday !== today)
      expect(within(weekCard).getByRole('img', { name: /: 😣 Very bad$/ })).toBeInTheDocument();
    expect(within(weekCard).getAllByRole('listitem')).toHaveLength(7);
    expect(within(weekCard).getByText(/^2 check-ins on \d of 7 days$/)).toBeInTheDocument();

    const counts = screen.getByRole('region', { name: 'Check-ins by year' });
    expect(await within(counts).findByTestId('year-total')).toHaveTextContent(`3 check-ins in ${year}`);
    const byMood = within(counts).getByRole('list', { name: 'By mood' });
    expect(
      within(byMood)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['🙂 Fine2', '😣 Very bad1']);
    const bySentiment = within(counts).getByRole('list', { name: 'By sentiment' });
    expect(
      within(bySentiment)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Positive2', 'Neutral0', 'Negative1']);

    const card = screen.getByRole('region', { name: 'Mood analytics' });
    expect(await within(card).findByText('5.5/10')).toBeInTheDocument();
    const cores = await within(card).findByRole(
      'list',
      { name: 'Check-ins by core emotion' },
      { timeout: 5000 },
    );
    expect(
      within(cores)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Calm 2', 'Sad 1']);
    await userEvent.click(within(card).getByText('By mood'));
    expect(await within(card).findByRole('list', { name: 'Check-ins by mood' })).toBeInTheDocument();

    expect(callsTo('patient-mood-analytics')[0]!.searchParams.get('limit')).toBe('1000');
    expect(callsTo('patient-mood-count')[0]!.searchParams.get('year')).toBe(String(year));
    expect(callsTo('patient-mood-by-week')[0]!.searchParams.get('startDate')).toBe(monday);
  });

  it('moves between weeks, never past this one', async () => {
    renderDashboard();
    const weekCard = await screen.findByRole('region', { name: 'This week’s check-ins' });
    expect(within(weekCard).getByRole('button', { name: 'Next week' })).toBeDisabled();
    await userEvent.click(within(weekCard).getByRole('button', { name: 'Previous week' }));
    const earlier = await screen.findByRole('region', { name: 'Check-ins of the week' });
    expect(await within(earlier).findByText('No check-ins this week.')).toBeInTheDocument();
    expect(callsTo('patient-mood-by-week').at(-1)!.searchParams.get('startDate')).toBe(addDays(monday, -7));
    await userEvent.click(within(earlier).getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('region', { name: 'This week’s check-ins' })).toBeInTheDocument();
  });

  it('says so when there are no check-ins yet', async () => {
    latest = null;
    week = [];
    count = {
      ...count,
      total: 0,
      byMood: {},
      byCoreEmotion: {},
      bySentiment: { positive: 0, neutral: 0, negative: 0 },
    };
    analytics = emptyAnalytics({ timerange: undefined });
    renderDashboard();
    await waitFor(() => expect(screen.getAllByText('No check-ins yet.')).toHaveLength(2));
    expect(await screen.findByText('No check-ins this week.')).toBeInTheDocument();
    expect(await screen.findByText(`No check-ins in ${year}.`)).toBeInTheDocument();
  });

  it('shows the questionnaires with their latest band, the change and any item-9 alert, and assigns one', async () => {
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Questionnaires' });
    expect(await within(card).findByText('PHQ-9 · Every 2 weeks')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Stop the PHQ-9' })).toBeNull(); // another provider's
    const phq = within(card).getByRole('region', { name: 'PHQ-9 scores' });
    // the latest score, its band and the latest answer's item-9 alert beside them
    const latestScore = within(phq).getByText('8 of 27').parentElement!;
    expect(within(latestScore).getByText('Mild')).toBeInTheDocument();
    expect(within(latestScore).getByText('Item 9 above 0')).toBeInTheDocument();
    // and on that answer's row (the earlier answer had none)
    const answers = within(phq).getByRole('list', { name: 'PHQ-9 answers' });
    expect(within(answers).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(within(answers).getAllByRole('listitem')[0]!).getByText('Item 9 above 0'),
    ).toBeInTheDocument();
    expect(within(answers).getAllByText('Item 9 above 0')).toHaveLength(1);
    expect(
      within(phq).getByText('8 points lower than last time · Response · Reliable improvement'),
    ).toBeInTheDocument();
    expect(within(card).getByText('No GAD-7 answers yet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assigned).toEqual([{ patientId, kind: 'phq9', everyWeeks: null }]));
  });

  it('marks a latest entry the risk check flags, and no other', async () => {
    latest = { ...latest!, riskLevel: 'crisis' };
    const first = renderDashboard();
    const card = await screen.findByRole('region', { name: 'Latest entry' });
    expect(await within(card).findByText('Risk language')).toBeInTheDocument();
    first.unmount();
    latest = { ...latest, riskLevel: 'none' };
    renderDashboard();
    const calm = await screen.findByRole('region', { name: 'Latest entry' });
    expect(await within(calm).findByText('Slept well.')).toBeInTheDocument();
    expect(within(calm).queryByText('Risk language')).not.toBeInTheDocument();
  });

  it('shows the spec’s failure text on each card and retries one card alone', async () => {
    failing = new Set([
      'get-latest-patient-mood',
      'patient-mood-by-week',
      'patient-mood-count',
      'patient-mood-analytics',
    ]);
    renderDashboard();
    const textOf = async (region: string) =>
      (await within(await screen.findByRole('region', { name: region })).findByRole('alert')).textContent;
    expect(await textOf('Latest entry')).toContain('all mood fetch failed');
    expect(await textOf('This week’s check-ins')).toContain('date fetch failed');
    expect(await textOf('Check-ins by year')).toContain('count fetch failed');
    expect(await textOf('Mood analytics')).toContain('analytics fetch failed');

    failing.delete('patient-mood-count');
    const counts = screen.getByRole('region', { name: 'Check-ins by year' });
    await userEvent.click(within(counts).getByRole('button', { name: 'Try Again' }));
    expect(await within(counts).findByTestId('year-total')).toHaveTextContent('3');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3), { timeout: 5_000 });
  });
});

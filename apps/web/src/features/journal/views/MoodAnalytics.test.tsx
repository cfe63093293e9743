import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { MoodAnalytics } from './MoodAnalytics';
import { emptyAnalytics, newHomeServer, stubHomeFetch, urlOf, type HomeServer } from './test-fixtures';

let server: HomeServer;

const week = emptyAnalytics({
  timerange: '1 Week',
  total: 4,
  averageIntensity: 6.25,
  byMood: { Awesome: 3, 'Not fine': 1 },
  byCoreEmotion: { Happy: 3, Uneasy: 1 },
  bySentiment: { positive: 3, neutral: 0, negative: 1 },
  series: [
    { date: '2026-11-16', count: 2, averageIntensity: 6, positive: 2, neutral: 0, negative: 0 },
    { date: '2026-11-17', count: 2, averageIntensity: 6.5, positive: 1, neutral: 0, negative: 1 },
  ],
});
const month = emptyAnalytics({
  timerange: '30 Days',
  total: 9,
  averageIntensity: 5,
  byMood: { Fine: 9 },
  byCoreEmotion: { Calm: 9 },
  bySentiment: { positive: 9, neutral: 0, negative: 0 },
  series: [{ date: '2026-11-01', count: 9, averageIntensity: 5, positive: 9, neutral: 0, negative: 0 }],
});

describe('mood analytics', () => {
  beforeEach(() => {
    // recharts measures a 0×0 container in jsdom and says so.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    authStore.signIn(makeJwt(900), makeUser());
    server = newHomeServer({
      analytics: (range) => (range === '1 Week' ? week : range === '30 Days' ? month : emptyAnalytics()),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows a week by default and switches between the four ranges', async () => {
    const fetchMock = stubHomeFetch(server);
    renderWithProviders(<MoodAnalytics />, '/user/home');
    const ranges = screen.getByRole('radiogroup', { name: 'Date range' });
    expect(
      within(ranges)
        .getAllByRole('radio')
        .map((r) => r.closest('div')?.textContent),
    ).toEqual(['1 Week', '2 Weeks', '30 Days', '90 Days']);
    expect(within(ranges).getByRole('radio', { name: '1 Week' })).toBeChecked();
    expect(await screen.findByText('6.3/10')).toBeInTheDocument();
    expect(screen.getByText('Check-ins').nextSibling).toHaveTextContent('4');
    // The charts arrive in their own chunk.
    const byMood = await screen.findByRole('list', { name: 'Check-ins by mood' }, { timeout: 5000 });
    expect(
      within(byMood)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Awesome 3', 'Not fine 1']);

    await userEvent.click(screen.getByRole('radio', { name: 'By core emotion' }));
    const byCore = await screen.findByRole('list', { name: 'Check-ins by core emotion' }, { timeout: 5000 });
    expect(
      within(byCore)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Happy 3', 'Uneasy 1']);

    await userEvent.click(screen.getByRole('radio', { name: '30 Days' }));
    await waitFor(() => expect(screen.getByText('Check-ins').nextSibling).toHaveTextContent('9'));
    const asked = fetchMock.mock.calls
      .map(urlOf)
      .filter((url) => url.pathname.endsWith('/get-mood-analytics/'))
      .map((url) => url.searchParams.get('timerange'));
    expect(asked).toEqual(['1 Week', '30 Days']);

    await userEvent.click(screen.getByRole('radio', { name: '90 Days' }));
    expect(await screen.findByText('No check-ins in this period yet.')).toBeInTheDocument();
  });

  it('says when the statistics cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.failing.set('get-mood-analytics', 400);
    stubHomeFetch(server);
    renderWithProviders(<MoodAnalytics />, '/user/home');
    expect(await screen.findByText('analytics fetch failed')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('analytics fetch failed', expect.anything());
    server.failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('6.3/10')).toBeInTheDocument();
  });

  it('shares a snapshot without private entries with a connected provider', async () => {
    const fetchMock = stubHomeFetch(server);
    const user = userEvent.setup();
    renderWithProviders(<MoodAnalytics />, '/user/home');
    await user.click(await screen.findByRole('button', { name: 'Share with provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((call) => urlOf(call).pathname.endsWith('/dashboard/share'))).toBe(
        true,
      ),
    );
    const snapshot = fetchMock.mock.calls
      .map((call) => urlOf(call))
      .find((u) => u.searchParams.get('shared'));
    expect(snapshot?.searchParams.get('shared')).toBe('true');
    expect(snapshot?.searchParams.get('timerange')).toBe('1 Week');
    const [, init] = fetchMock.mock.calls.find((call) => urlOf(call).pathname.endsWith('/dashboard/share'))!;
    const body = JSON.parse(String(init?.body)) as { doctorEmail: string; dashboardData: { total: number } };
    expect(body.doctorEmail).toBe('rosa@example.test');
    expect(body.dashboardData.total).toBe(4);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { makeEntry, newHomeServer, stubHomeFetch } from '../journal/views/test-fixtures';
import { PatientHomePage } from './PatientHomePage';

describe('patient home', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-18T18:00:00Z') });
    authStore.signIn(makeJwt(900), makeUser({ firstName: 'Maya' }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('greets the client and gathers the journal widgets', async () => {
    stubHomeFetch(
      newHomeServer({
        entries: [makeEntry({ date: '2026-11-18', mood: 'Awesome', emoji: '😀', notes: 'Walk daily' })],
        streak: { streak: 3, today: '2026-11-18', entries: [{ date: '2026-11-18', count: 1 }] },
      }),
    );
    const { router } = renderRoutes(
      [
        { path: '/user/home', element: <PatientHomePage /> },
        { path: '/user/journaling-feature', element: <p>Journaling screen</p> },
        { path: '/user/mood-selector', element: <p>Mood selector</p> },
      ],
      '/user/home?m=1&search=walk',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Maya' })).toBeInTheDocument();
    expect(document.title).toBe('Welcome, Maya | MindLedger');
    expect(screen.getByRole('link', { name: 'New Journal Entry' })).toHaveAttribute(
      'href',
      '/user/journaling-feature',
    );
    expect(screen.getByRole('link', { name: 'Quick check-in' })).toHaveAttribute(
      'href',
      '/user/mood-selector',
    );
    // a PHQ-9 or GAD-7 taken on one's own (issue 16)
    expect(screen.getByRole('link', { name: 'Questionnaires' })).toHaveAttribute('href', '/user/measures');
    for (const title of ['Daily Streak', "This Week's Journey", 'Your Journal'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // The statistics load on their own (when scrolled to; at once without IntersectionObserver).
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Mood Insights' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Date range' })).toBeInTheDocument();
    expect(await screen.findByText('3 Days')).toBeInTheDocument();
    expect(await screen.findByText('Great progress! 1 day(s) down, 6 to go')).toBeInTheDocument();
    expect(screen.getByLabelText('Search entries')).toHaveValue('walk');
    expect(
      await screen.findByRole('article', { name: 'Awesome, Wednesday, November 18' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Quick check-in' }));
    expect(await screen.findByText('Mood selector')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/mood-selector');
  });

  it('shows empty statistics without loading them when there is no entry at all', async () => {
    const fetchMock = stubHomeFetch(newHomeServer());
    renderRoutes([{ path: '/user/home', element: <PatientHomePage /> }], '/user/home');
    expect(await screen.findByText('No check-ins in this period yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Mood Insights' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Date range' })).toBeNull();
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('get-mood-analytics'))).toBe(false);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { chosenDateKey } from '../entry/draft';
import { deletedIdsKey } from './deleted-ids';
import { StreakCard, streakHabitText } from './StreakCard';
import { makeEntry, newHomeServer, stubHomeFetch, weekAnswer, type HomeServer } from './test-fixtures';
import { futureDateMessage, WeekJourneyCard } from './WeekJourneyCard';

let server: HomeServer;

function renderCards() {
  return renderRoutes(
    [
      {
        path: '/user/home',
        element: (
          <>
            <StreakCard />
            <WeekJourneyCard />
          </>
        ),
      },
      { path: '/user/journaling-feature', element: <p>Journaling screen</p> },
    ],
    '/user/home',
  );
}

describe('streak and week cards', () => {
  beforeEach(() => {
    // Wednesday 18 November 2026, 11:00 in Denver (the user's zone).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-18T18:00:00Z') });
    authStore.signIn(makeJwt(900), makeUser());
    server = newHomeServer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the streak in days with its encouragement', async () => {
    server.streak = { streak: 5, today: '2026-11-18', entries: [] };
    stubHomeFetch(server);
    renderCards();
    expect(screen.getByRole('heading', { name: 'Daily Streak' })).toBeInTheDocument();
    expect(await screen.findByText('5 Days')).toBeInTheDocument();
    expect(screen.getByText(streakHabitText)).toBeInTheDocument();
    expect(streakHabitText).toBe("You're building an amazing habit! Keep it up");
  });

  it('says 1 Day for a one-day streak and 0 Days with a nudge', async () => {
    server.streak = { streak: 1, today: '2026-11-18', entries: [] };
    stubHomeFetch(server);
    const first = renderCards();
    expect(await screen.findByText('1 Day')).toBeInTheDocument();
    expect(screen.getByText(streakHabitText)).toBeInTheDocument();
    expect(screen.queryByText('Write an entry today to start a new streak.')).not.toBeInTheDocument();
    first.unmount();
    server.streak = { streak: 0, today: '2026-11-18', entries: [] };
    renderCards();
    expect(await screen.findByText('0 Days')).toBeInTheDocument();
    expect(screen.getByText('Write an entry today to start a new streak.')).toBeInTheDocument();
    // no praise for a habit not started yet (issue 18)
    expect(screen.queryByText(streakHabitText)).not.toBeInTheDocument();
  });

  it('shows Monday to Sunday with entries, open days and future days', async () => {
    server.entries = [
      makeEntry({ date: '2026-11-16', mood: 'Fine', emoji: '😊' }),
      makeEntry({ date: '2026-11-17', mood: 'Not fine', emoji: '🙁', entryAt: '2026-11-17T15:00:00.000Z' }),
      makeEntry({ date: '2026-11-17', mood: 'Awesome', emoji: '😀', entryAt: '2026-11-17T20:00:00.000Z' }),
    ];
    server.streak = { streak: 2, today: '2026-11-18', entries: [] };
    const fetchMock = stubHomeFetch(server);
    renderCards();
    expect(screen.getByRole('heading', { name: "This Week's Journey" })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Monday, November 16: 😊 Fine' })).toBeInTheDocument();
    // The latest entry of the day gives the emoji.
    expect(
      screen.getByRole('img', { name: 'Tuesday, November 17: 😀 Awesome, 2 entries' }),
    ).toHaveTextContent('😀');
    const week = screen.getByRole('list', { name: 'Days of this week' });
    const labels = within(week)
      .getAllByRole('listitem')
      .map((li) => li.firstElementChild?.textContent);
    expect(labels).toEqual(['Mon', 'Tue', 'Today', 'Thu', 'Fri', 'Sat', 'Sun']);
    const today = screen.getByRole('button', { name: /^Wednesday, November 18 \(Today\)/ });
    expect(today).toHaveTextContent('+');
    expect(within(today.closest('li')!).getByText('Ready?')).toBeInTheDocument();
    expect(screen.getAllByText('Ready?')).toHaveLength(1);
    expect(screen.getByText('Great progress! 2 day(s) down, 5 to go')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some((call) => String(call[0]).endsWith('/get-mood-by-week/2026-11-18')),
    ).toBe(true);
  });

  it('says a future day is yet to come and does not leave the page', async () => {
    stubHomeFetch(server);
    const { router } = renderCards();
    const friday = await screen.findByRole('button', { name: /^Friday, November 20/ });
    expect(friday).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Start your week strong! 7 days of opportunity await')).toBeInTheDocument();
    await userEvent.click(friday);
    expect(await screen.findByText(futureDateMessage)).toBeInTheDocument();
    expect(futureDateMessage).toBe('This date is yet to come.');
    expect(router.state.location.pathname).toBe('/user/home');
    expect(sessionStorage.getItem(chosenDateKey)).toBeNull();
  });

  it('stores the chosen past day and opens the journaling screen', async () => {
    stubHomeFetch(server);
    const { router } = renderCards();
    expect(await screen.findAllByText('Ready?')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: /^Monday, November 16/ }));
    expect(await screen.findByText('Journaling screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/journaling-feature');
    expect(sessionStorage.getItem('ml.journalDate')).toBe('2026-11-16');
  });

  it('leaves out entries deleted in this browser', async () => {
    const gone = makeEntry({ date: '2026-11-16', mood: 'Fine', emoji: '😊' });
    server.entries = [gone];
    localStorage.setItem(deletedIdsKey, JSON.stringify([gone.id]));
    stubHomeFetch(server);
    renderCards();
    expect(await screen.findByRole('button', { name: /^Monday, November 16/ })).toHaveTextContent('+');
    expect(screen.getByText('Start your week strong! 7 days of opportunity await')).toBeInTheDocument();
  });

  it("takes each day's count and newest entry from the server's summary, beyond the first page", async () => {
    const answer = weekAnswer('2026-11-18', []);
    answer.data.days[0] = {
      date: '2026-11-16',
      count: 240,
      latest: { id: 'e-240', mood: 'Awesome', emoji: '😀', color: null },
    };
    answer.data.total = 240;
    answer.data.hasMore = true;
    answer.data.next = 'next-page';
    server.week = answer.data;
    stubHomeFetch(server);
    renderCards();
    expect(
      await screen.findByRole('img', { name: 'Monday, November 16: 😀 Awesome, 240 entries' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Great progress! 1 day(s) down, 6 to go')).toBeInTheDocument();
  });

  it("falls back to the day's next entry when its newest was deleted in this browser", async () => {
    const kept = makeEntry({
      date: '2026-11-17',
      mood: 'Fine',
      emoji: '😊',
      entryAt: '2026-11-17T15:00:00.000Z',
    });
    const gone = makeEntry({
      date: '2026-11-17',
      mood: 'Awesome',
      emoji: '😀',
      entryAt: '2026-11-17T20:00:00.000Z',
    });
    server.entries = [kept, gone];
    localStorage.setItem(deletedIdsKey, JSON.stringify([gone.id]));
    stubHomeFetch(server);
    renderCards();
    expect(await screen.findByRole('img', { name: 'Tuesday, November 17: 😊 Fine' })).toBeInTheDocument();
  });

  it('reports a failed read as date fetch failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.failing.set('streak-dates', 400);
    server.failing.set('get-mood-by-week', 400);
    stubHomeFetch(server);
    renderCards();
    await waitFor(() => expect(screen.getAllByText('date fetch failed')).toHaveLength(2));
    expect(console.error).toHaveBeenCalledWith('date fetch failed', expect.anything());
    server.failing.clear();
    await userEvent.click(screen.getAllByRole('button', { name: 'Try Again' })[0]!);
    expect(await screen.findByText('0 Days')).toBeInTheDocument();
  });
});

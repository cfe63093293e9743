import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { Goal } from './api';
import { GoalsPage } from './GoalsPage';
import { makeGoal } from './test-goals';

let active: Goal[];
let archived: Goal[];
let fetchMock: Mock<typeof fetch>;
let failWith: { status: number; message: string; code?: string } | null;
const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');

function lists(goals: Goal[]) {
  return {
    personal: goals.filter((g) => g.type === 'personal'),
    therapist: goals.filter((g) => g.type === 'therapist'),
    all: goals,
  };
}

describe('goals page', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser({ timezone: 'UTC' }));
    failWith = null;
    active = [
      makeGoal(1, { text: 'Walk every morning', priority: 5, homePageVisible: true }),
      makeGoal(2, { text: 'Read before bed', isPreset: true, presetId: 'personal-gratitude' }),
      makeGoal(3, { text: 'Practise box breathing', type: 'therapist' }),
    ];
    archived = [makeGoal(4, { text: 'Drink more water', completed: true, status: 'completed' })];
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/api/proxy/v1', '');
      const method = init?.method ?? 'GET';
      if (failWith && method !== 'GET')
        return jsonResponse(
          { success: false, message: failWith.message, ...(failWith.code ? { code: failWith.code } : {}) },
          { status: failWith.status },
        );
      if (path === '/goals/' && method === 'GET') {
        const type = url.searchParams.get('type') ?? 'all';
        const status = url.searchParams.get('status') ?? 'active';
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const pool = status === 'active' ? active : status === 'all' ? [...active, ...archived] : archived;
        const goals = pool.filter(
          (g) =>
            (type === 'all' || g.type === type) &&
            (status === 'all' || g.status === status) &&
            g.text.toLowerCase().includes(search),
        );
        return jsonResponse({ success: true, data: lists(goals), goals });
      }
      if (path === '/goals/archived') {
        // Pages of 100, as the server answers them.
        const page = Number(url.searchParams.get('page') ?? 1);
        const pages = Math.max(1, Math.ceil(archived.length / 100));
        const data = archived.slice((page - 1) * 100, page * 100);
        return jsonResponse({
          success: true,
          data,
          total: archived.length,
          page,
          limit: 100,
          pages,
          hasNext: page < pages,
        });
      }
      if (path === '/goals/stats')
        return jsonResponse({
          success: true,
          data: { totalMentions: 7, completedGoals: 1, completionRate: 25, averageMentions: 1.8 },
        });
      if (path === '/goals/' && method === 'POST')
        return jsonResponse(
          { success: true, message: 'Goal created successfully.', data: makeGoal(9) },
          { status: 201 },
        );
      if (path.endsWith('/complete'))
        return jsonResponse({ success: true, message: 'Goal completed.', data: active[0] });
      if (path.startsWith('/goals/mention-history/')) return jsonResponse({ success: true, data: [] });
      if (path.startsWith('/goals/journal/entries/by-goal/'))
        return jsonResponse({
          success: true,
          data: [
            { entryId: 'e1', linkedAt: '2025-03-04T10:00:00.000Z' },
            { entryId: 'e2', linkedAt: '2025-03-05T10:00:00.000Z', mood: 'Fine', notes: 'A calm walk' },
          ],
        });
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows three skeleton cards while loading', () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderWithProviders(<GoalsPage />, '/user/goals');
    expect(screen.getAllByTestId('goal-skeleton')).toHaveLength(3);
  });

  it('shows the sidebar counts, quick stats, usage and the typed cards', async () => {
    const { container } = renderWithProviders(<GoalsPage />, '/user/goals');
    expect(await screen.findByText('Walk every morning')).toBeInTheDocument();
    const categories = screen.getByRole('navigation', { name: 'Goal categories' });
    expect(within(categories).getByRole('button', { name: /Personal Goals/ })).toHaveTextContent('2');
    expect(within(categories).getByRole('button', { name: /Therapist Goals/ })).toHaveTextContent('1');
    expect(await within(categories).findByRole('button', { name: /Archived Goals/ })).toHaveTextContent('1');
    expect(await screen.findByText('25%')).toBeInTheDocument();
    expect(screen.getByText('Total Mentions').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Avg. Mentions').nextSibling).toHaveTextContent('1.8');
    expect(screen.getByText('3 of 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Goal Usage' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('2 of 5 personal goals used')).toBeInTheDocument();
    expect(screen.getByText('1 of 5 therapist goals used')).toBeInTheDocument();
    expect(screen.queryByText('Goal limit reached')).toBeNull();
    const types = [...container.querySelectorAll('li > [data-goal-type]')].map((el) =>
      el.getAttribute('data-goal-type'),
    );
    expect(types).toEqual(['personal', 'personal', 'therapist']);
    expect(screen.getByLabelText('Search goals')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Type')).toHaveValue('all');

    await userEvent.click(within(categories).getByRole('button', { name: /Archived Goals/ }));
    expect(await screen.findByText('Drink more water')).toBeInTheDocument();
    expect(screen.queryByText('Walk every morning')).toBeNull();
  });

  it('counts every archived goal and shows older ones a page at a time', async () => {
    archived = Array.from({ length: 130 }, (_, i) =>
      makeGoal(100 + i, { text: `Old goal ${i + 1}`, completed: true, status: 'completed' }),
    );
    renderWithProviders(<GoalsPage />, '/user/goals');
    const categories = await screen.findByRole('navigation', { name: 'Goal categories' });
    expect(await within(categories).findByRole('button', { name: /Archived Goals/ })).toHaveTextContent(
      '130',
    );
    await userEvent.click(within(categories).getByRole('button', { name: /Archived Goals/ }));
    expect(await screen.findByText('Old goal 100')).toBeInTheDocument();
    expect(screen.queryByText('Old goal 101')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show older goals' }));
    expect(await screen.findByText('Old goal 130')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older goals' })).toBeNull();
  });

  it('shows an empty state per category', async () => {
    active = [];
    archived = [];
    renderWithProviders(<GoalsPage />, '/user/goals');
    expect(await screen.findByText('No goals yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Personal Goals/ }));
    expect(await screen.findByText('No personal goals yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New goal' }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: /Therapist Goals/ }));
    expect(await screen.findByText('No therapist goals yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Archived Goals/ }));
    expect(await screen.findByText('No archived goals yet')).toBeInTheDocument();
  });

  it('says Goal limit reached and disables creating at five personal goals', async () => {
    active = [1, 2, 3, 4, 5].map((n) => makeGoal(n));
    renderWithProviders(<GoalsPage />, '/user/goals');
    expect(await screen.findByText('Goal limit reached')).toBeInTheDocument();
    expect(screen.getByText('5 of 5 personal goals used')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'New goal' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Goal limit reached');
    expect(screen.getByRole('button', { name: 'Browse presets' })).toBeDisabled();
  });

  it('maps a failed action to the goal error toast', async () => {
    failWith = { status: 403, message: 'Only your provider can edit a therapist goal.' };
    renderWithProviders(<GoalsPage />, '/user/goals');
    await userEvent.click(await screen.findByRole('button', { name: 'Goal actions: Walk every morning' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Complete' }));
    expect(await screen.findByText('You do not have permission to perform this action')).toBeInTheDocument();

    failWith = { status: 403, message: 'Maximum of 5 personal goals reached', code: 'GOAL_LIMIT' };
    await userEvent.click(screen.getByRole('button', { name: 'New goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'New goal' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Goal/ }), 'Stretch daily');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(
      await screen.findByText('You have reached the maximum number of goals for this category'),
    ).toBeInTheDocument();
  });

  it('completes a goal with a success toast and refetches the lists and stats', async () => {
    renderWithProviders(<GoalsPage />, '/user/goals');
    await userEvent.click(await screen.findByRole('button', { name: 'Goal actions: Walk every morning' }));
    const before = fetchMock.mock.calls.filter((c) => urlOf(c).pathname.endsWith('/goals/stats')).length;
    await userEvent.click(screen.getByRole('menuitem', { name: 'Complete' }));
    expect(await screen.findByText('Goal completed.')).toBeInTheDocument();
    const complete = fetchMock.mock.calls.find((c) => urlOf(c).pathname.endsWith('/complete'))!;
    expect(complete[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(complete[1]?.body))).toEqual({ completed: true });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter((c) => urlOf(c).pathname.endsWith('/goals/stats')).length).toBe(
        before + 1,
      ),
    );
  });

  it('opens the detail view from a card with the entries that mention the goal', async () => {
    renderWithProviders(<GoalsPage />, '/user/goals');
    await userEvent.click(await screen.findByRole('button', { name: 'Read before bed' }));
    const drawer = await screen.findByRole('dialog', { name: 'Goal details' });
    expect(within(drawer).getByRole('heading', { name: 'Read before bed' })).toBeInTheDocument();
    expect(await within(drawer).findByText('Mar 4, 2025')).toBeInTheDocument();
    expect(within(drawer).getByText('Mar 5, 2025 · Fine')).toBeInTheDocument();
    expect(within(drawer).getByText('A calm walk')).toBeInTheDocument();
    expect(await within(drawer).findByText(/No mentions yet/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});

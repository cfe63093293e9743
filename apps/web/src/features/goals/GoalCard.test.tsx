import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { GoalCard } from './GoalCard';
import { GoalFooter } from './GoalFooter';
import { daysBefore, makeGoal } from './test-goals';
import type { GoalActions } from './useGoalActions';

const now = new Date();
const actions: GoalActions = {
  busyId: null,
  complete: vi.fn(),
  abandon: vi.fn(),
  toggleHome: vi.fn(),
  remove: vi.fn(),
};

function renderCard(goal = makeGoal(1), onOpen = vi.fn()) {
  const utils = renderRoutes(
    [
      {
        path: '/user/goals',
        element: <GoalCard goal={goal} actions={actions} onOpen={onOpen} onEdit={vi.fn()} now={now} />,
      },
      { path: '/user/home', element: <p>Home page</p> },
    ],
    '/user/goals',
  );
  return { ...utils, onOpen };
}

describe('goal card', () => {
  it('shows the texts, badges, mention count and the high-priority dot', () => {
    const goal = makeGoal(1, {
      text: 'Walk every morning',
      notes: 'Ten minutes is enough',
      emoji: '🚶',
      homePageVisible: true,
      isPreset: true,
      mentionCount: 4,
      priority: 5,
      createdAt: daysBefore(now, 3),
      lastMentionDate: daysBefore(now, 2),
    });
    const { container } = renderCard(goal);
    const card = container.querySelector('[data-goal-type]')!;
    expect(card).toHaveAttribute('data-goal-type', 'personal');
    const scope = within(card as HTMLElement);
    expect(scope.getByText('Walk every morning')).toBeInTheDocument();
    expect(scope.getByText('Ten minutes is enough')).toBeInTheDocument();
    expect(scope.getByText('🚶')).toBeInTheDocument();
    expect(scope.getByText('Home')).toBeInTheDocument();
    expect(scope.getByText('Preset')).toBeInTheDocument();
    expect(scope.getByText('4 mentions')).toBeInTheDocument();
    expect(scope.getByText(/Created 3 days ago/)).toBeInTheDocument();
    expect(scope.getByText(/Last mention 2 days ago/)).toBeInTheDocument();
    expect(scope.getByRole('img', { name: 'High priority' })).toBeInTheDocument();
  });

  it('says Created today, has no dot at priority 3 and no last mention when never mentioned', () => {
    const { container } = renderCard(makeGoal(2, { type: 'therapist', createdAt: now.toISOString() }));
    expect(container.querySelector('[data-goal-type]')).toHaveAttribute('data-goal-type', 'therapist');
    expect(screen.getByText('Created today')).toBeInTheDocument();
    expect(screen.queryByText(/Last mention/)).toBeNull();
    expect(screen.queryByRole('img', { name: 'High priority' })).toBeNull();
    expect(screen.queryByText('Home')).toBeNull();
    expect(screen.queryByText('Preset')).toBeNull();
  });

  it('hides Edit and Delete of a therapist goal but keeps complete, abandon and home', async () => {
    renderCard(makeGoal(3, { type: 'therapist', text: 'Practise breathing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Goal actions: Practise breathing' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Complete', 'Abandon', 'Show on home']);
  });

  it('opens from the keyboard and goes to the ledger with the text as search', async () => {
    const { onOpen, router } = renderCard(makeGoal(4, { text: 'Sleep by 11 & rest' }));
    screen.getByRole('button', { name: 'Sleep by 11 & rest' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'View in Ledger' }));
    expect(router.state.location.pathname).toBe('/user/home');
    expect(router.state.location.search).toBe('?search=Sleep%20by%2011%20%26%20rest');
  });
});

describe('goal footer', () => {
  it('reads N of MAX per type and says when the limit is reached', () => {
    renderRoutes(
      [{ path: '*', element: <GoalFooter counts={{ personal: 2, therapist: 1 }} type="all" /> }],
      '/',
    );
    expect(screen.getByText('2 of 5 personal goals used')).toBeInTheDocument();
    expect(screen.getByText('1 of 5 therapist goals used')).toBeInTheDocument();
    expect(screen.queryByText('Goal limit reached')).toBeNull();
  });

  it('shows Goal limit reached at five personal goals', () => {
    renderRoutes(
      [{ path: '*', element: <GoalFooter counts={{ personal: 5, therapist: 0 }} type="personal" /> }],
      '/',
    );
    expect(screen.getByText('5 of 5 personal goals used')).toBeInTheDocument();
    expect(screen.queryByText(/therapist goals used/)).toBeNull();
    expect(screen.getByText('Goal limit reached')).toBeInTheDocument();
  });
});

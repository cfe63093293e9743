import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/helpers';
import { GoalSelectionCard, type GoalSelectionCardProps } from './GoalSelectionCard';
import { noActiveGoalsText, type GoalOption } from './types';

const goal = (n: number, type: GoalOption['type'], mentionCount = n): GoalOption => ({
  id: `${type}-${n}`,
  text: `${type === 'personal' ? 'Personal' : 'Therapist'} goal ${n}`,
  emoji: type === 'personal' ? '🏃' : '🧘',
  mentionCount,
  type,
});
const personal = [1, 2, 3, 4, 5, 6, 7].map((n) => goal(n, 'personal'));
const therapist = [1, 2, 3, 4, 5, 6].map((n) => goal(n, 'therapist'));

type HarnessProps = Partial<Omit<GoalSelectionCardProps, 'selectedIds' | 'onChange'>> & {
  initial?: string[];
  spy?: (ids: string[]) => void;
};

function Harness({ initial = [], spy, ...props }: HarnessProps) {
  const [ids, setIds] = useState(initial);
  return (
    <GoalSelectionCard
      personal={personal}
      therapist={therapist}
      {...props}
      selectedIds={ids}
      onChange={(next) => {
        spy?.(next);
        setIds(next);
      }}
    />
  );
}

function renderCard(props: HarnessProps = {}) {
  return renderRoutes(
    [
      { path: '/user/journaling-feature', element: <Harness {...props} /> },
      { path: '/user/goals', element: <h1>Goals page</h1> },
    ],
    '/user/journaling-feature',
  );
}

const toggles = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-pressed'));

describe('goal selection card', () => {
  it('offers at most 5 personal and 5 therapist goals as labelled toggle buttons', () => {
    renderCard();
    expect(screen.getByRole('heading', { level: 2, name: 'Goals' })).toBeInTheDocument();
    const personalGroup = screen.getByRole('group', { name: 'Personal Goals' });
    const therapistGroup = screen.getByRole('group', { name: 'Therapist Goals' });
    expect(within(personalGroup).getAllByRole('button')).toHaveLength(5);
    expect(within(therapistGroup).getAllByRole('button')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /^Personal goal 6/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Therapist goal 6/ })).toBeNull();

    const first = within(personalGroup).getByRole('button', { name: /^Personal goal 1/ });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(first).toHaveAttribute('data-goal-type', 'personal');
    expect(first).toHaveTextContent('🏃');
    expect(first).toHaveTextContent('1 mention');
    expect(within(personalGroup).getByRole('button', { name: /^Personal goal 3/ })).toHaveTextContent(
      '3 mentions',
    );
    expect(within(therapistGroup).getByRole('button', { name: /^Therapist goal 2/ })).toHaveAttribute(
      'data-goal-type',
      'therapist',
    );
    expect(toggles()).toHaveLength(10);
  });

  it('toggles goals; the first chosen one gives the card its icon and title', async () => {
    const spy = vi.fn();
    renderCard({ spy });
    const therapistGoal = screen.getByRole('button', { name: /^Therapist goal 2/ });
    await userEvent.click(therapistGoal);
    expect(spy).toHaveBeenLastCalledWith(['therapist-2']);
    expect(therapistGoal).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: /^Personal goal 1/ }));
    expect(spy).toHaveBeenLastCalledWith(['therapist-2', 'personal-1']);

    const card = screen.getByRole('region', { name: 'Therapist goal 2' });
    expect(card).toHaveAttribute('data-goal-type', 'therapist');
    expect(card).toHaveTextContent('🧘');
    expect(screen.getByText('2 goals selected')).toBeInTheDocument();

    // Pressing again un-chooses it.
    await userEvent.click(therapistGoal);
    expect(spy).toHaveBeenLastCalledWith(['personal-1']);
    expect(therapistGoal).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('heading', { level: 2, name: 'Personal goal 1' })).toBeInTheDocument();
  });

  it('is keyboard-operable', async () => {
    const spy = vi.fn();
    renderCard({ spy });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /^Personal goal 1/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(spy).toHaveBeenLastCalledWith(['personal-1']);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(spy).toHaveBeenLastCalledWith(['personal-1', 'personal-2']);
  });

  it('shows chosen goals as removable chips with Clear All', async () => {
    const spy = vi.fn();
    renderCard({ spy });
    await userEvent.click(screen.getByRole('button', { name: /^Personal goal 2/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Therapist goal 1/ }));
    const chips = screen.getByRole('group', { name: 'Chosen goals' });
    expect(within(chips).getByText('Personal goal 2')).toBeInTheDocument();
    expect(within(chips).getByText('Therapist goal 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Personal goal 2' }));
    expect(spy).toHaveBeenLastCalledWith(['therapist-1']);
    expect(screen.getByRole('button', { name: /^Personal goal 2/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Remove Personal goal 2' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Personal goal 4/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('group', { name: 'Chosen goals' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();
    expect(toggles().every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('collapses into the Selected Goals summary and Edit re-opens the chooser', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: /^Therapist goal 3/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Personal goal 5/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    const summary = screen.getByRole('region', { name: 'Selected Goals' });
    expect(within(summary).getByRole('heading', { level: 2, name: 'Selected Goals' })).toBeInTheDocument();
    expect(summary).toHaveAttribute('data-goal-type', 'therapist');
    expect(summary).toHaveTextContent('🧘');
    expect(within(summary).getAllByText('Therapist goal 3').length).toBeGreaterThan(0);
    expect(within(summary).getByRole('button', { name: 'Remove Personal goal 5' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Personal Goals' })).toBeNull();

    await userEvent.click(within(summary).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('group', { name: 'Personal Goals' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Therapist goal 3/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens an entry that already has goals on its summary; clearing it there re-opens the chooser', async () => {
    renderCard({ initial: ['personal-3'] });
    expect(screen.getByRole('heading', { level: 2, name: 'Selected Goals' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Goals' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Personal goal 1/ }));
    // Choosing again keeps the chooser open until Done.
    expect(screen.getByRole('group', { name: 'Personal Goals' })).toBeInTheDocument();
  });

  it('with no active goals says so and sends the client to the Goals page', async () => {
    const { router } = renderCard({ personal: [], therapist: [] });
    expect(screen.getByText(noActiveGoalsText)).toBeInTheDocument();
    expect(
      screen.getByText('No active goals found. Visit the Goals page to create your first goal!'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Goals' }));
    expect(await screen.findByRole('heading', { name: 'Goals page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/goals');
  });

  it('shows only the groups that have goals', () => {
    renderCard({ personal: [] });
    expect(screen.queryByRole('group', { name: 'Personal Goals' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Therapist Goals' })).toBeInTheDocument();
  });

  it('shows skeletons while loading and a retry on error', async () => {
    const onRetry = vi.fn();
    const { unmount } = renderCard({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading goals...');
    expect(screen.queryByRole('group', { name: 'Personal Goals' })).toBeNull();
    unmount();

    renderCard({ error: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load your goals');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

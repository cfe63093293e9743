import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import type { ClientGoal } from './api';
import { ClientGoalsSection } from './ClientGoalsSection';

const patientId = '00000000-0000-4000-8000-000000000501';
let seq = 0;

function makeGoal(overrides: Partial<ClientGoal> = {}): ClientGoal {
  seq += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-0000000009${String(seq).padStart(2, '0')}`;
  const text = overrides.text ?? `Goal ${seq}`;
  return {
    _id: id,
    id,
    patientId,
    createdBy: patientId,
    type: 'personal',
    text,
    title: text,
    notes: '',
    emoji: '🎯',
    priority: 3,
    highPriority: false,
    categories: [],
    targetDate: null,
    homePageVisible: false,
    isPreset: false,
    presetId: null,
    mentionCount: 0,
    lastMentionDate: null,
    completed: false,
    completedAt: null,
    abandoned: false,
    abandonedAt: null,
    deleted: false,
    status: 'active',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

let goals: ClientGoal[];
let failWith: { status: number; message: string; code?: string } | null;
let fetchMock: Mock<typeof fetch>;
const calls = (method: string, pattern: RegExp) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && pattern.test(new URL(String(input), 'http://x').pathname),
  );
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body)) as Record<string, unknown>;

function answer(goal: ClientGoal, message: string) {
  return jsonResponse({ success: true, message, data: goal });
}

beforeEach(() => {
  seq = 0;
  goals = [];
  failWith = null;
  authStore.signIn(
    makeJwt(900),
    makeUser({ userRole: 'provider', id: '00000000-0000-4000-8000-000000000002' }),
  );
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const active = () => goals.filter((g) => g.status === 'active');
    if (method === 'GET' && url.pathname.endsWith('/goals/')) {
      if (url.searchParams.get('patientId') !== patientId)
        return jsonResponse({ success: false }, { status: 404 });
      if (failWith)
        return jsonResponse(
          { success: false, message: failWith.message, ...(failWith.code ? { code: failWith.code } : {}) },
          { status: failWith.status },
        );
      const list = active();
      return jsonResponse({
        success: true,
        data: {
          personal: list.filter((g) => g.type === 'personal'),
          therapist: list.filter((g) => g.type === 'therapist'),
          all: list,
        },
      });
    }
    if (failWith)
      return jsonResponse(
        { success: false, message: failWith.message, ...(failWith.code ? { code: failWith.code } : {}) },
        { status: failWith.status },
      );
    if (method === 'POST' && url.pathname.endsWith('/goals/')) {
      const body = JSON.parse(String(init?.body)) as Partial<ClientGoal>;
      const goal = makeGoal({ ...body, type: 'therapist', targetDate: body.targetDate ?? null });
      goals.push(goal);
      return answer(goal, 'Goal created successfully.');
    }
    const match = /\/goals\/([^/]+)(?:\/(complete|abandon))?$/.exec(url.pathname);
    const goal = goals.find((g) => g.id === match?.[1]);
    if (!goal) return jsonResponse({ success: false, message: 'Goal not found' }, { status: 404 });
    if (method === 'PUT') {
      Object.assign(goal, JSON.parse(String(init?.body)));
      return answer(goal, 'Goal updated successfully.');
    }
    if (method === 'PATCH' && match?.[2] === 'complete') {
      Object.assign(goal, { completed: true, status: 'completed' });
      return answer(goal, 'Goal completed.');
    }
    if (method === 'PATCH' && match?.[2] === 'abandon') {
      Object.assign(goal, { abandoned: true, status: 'abandoned' });
      return answer(goal, 'Goal abandoned.');
    }
    return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const renderSection = () =>
  renderWithProviders(<ClientGoalsSection patientId={patientId} clientLabel="Cora Vale" />);
const section = () => screen.getByRole('region', { name: 'Goals' });

describe('client goals in the provider overview', () => {
  it('lists therapist goals with actions and the client’s personal goals read-only, with their counts', async () => {
    goals = [
      makeGoal({
        type: 'therapist',
        text: 'Practise box breathing',
        emoji: '🧘',
        priority: 5,
        highPriority: true,
      }),
      makeGoal({
        type: 'therapist',
        text: 'Sleep before midnight',
        notes: 'At least 5 nights a week',
        categories: ['health'],
        targetDate: '2026-12-01T00:00:00.000Z',
        mentionCount: 3,
      }),
      makeGoal({ type: 'personal', text: 'Walk every morning', emoji: '🚶', mentionCount: 1 }),
    ];
    renderSection();
    const therapist = await screen.findByRole('region', { name: 'Therapist goals' });
    const personal = screen.getByRole('region', { name: 'Personal goals' });

    const breathing = within(therapist).getByText('Practise box breathing').closest('li')!;
    expect(breathing).toHaveAttribute('data-goal-type', 'therapist');
    expect(within(breathing).getByText('High priority')).toBeInTheDocument();
    const sleep = within(therapist).getByText('Sleep before midnight').closest('li')!;
    expect(sleep).toHaveTextContent('At least 5 nights a week');
    expect(sleep).toHaveTextContent('Health');
    expect(sleep).toHaveTextContent('Target Dec 1, 2026');
    expect(sleep).toHaveTextContent('3 mentions');
    for (const name of ['Edit', 'Complete', 'Abandon'])
      expect(within(sleep).getByRole('button', { name: `${name} Sleep before midnight` })).toBeVisible();
    expect(within(therapist).getByText('2 of 5 therapist goals used')).toBeInTheDocument();
    expect(screen.queryByText('Goal limit reached')).toBeNull();

    const walk = within(personal).getByText('Walk every morning').closest('li')!;
    expect(walk).toHaveAttribute('data-goal-type', 'personal');
    expect(within(walk).queryByRole('button')).toBeNull();
    expect(within(personal).getByText('1 of 5 personal goals used')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Add therapist goal' })).toBeEnabled();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.searchParams.get('status')).toBe('active');
  });

  it('starts empty, validates, and adds a therapist goal for the client', async () => {
    renderSection();
    expect(await screen.findByText('No goals yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add therapist goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add therapist goal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    expect(await within(dialog).findByText('Text is required')).toBeInTheDocument();
    expect(calls('POST', /goals\/$/)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Goal/ }), 'Keep a thought record');
    await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'Three entries a week');
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), '4');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'health');
    await userEvent.type(within(dialog).getByLabelText('Target date (optional)'), '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));

    expect(await screen.findByText('Goal created successfully.')).toBeInTheDocument();
    expect(bodyOf(calls('POST', /goals\/$/)[0]!)).toEqual({
      type: 'therapist',
      patientId,
      text: 'Keep a thought record',
      notes: 'Three entries a week',
      emoji: '🎯',
      priority: 4,
      categories: ['health'],
      targetDate: '2026-12-01',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add therapist goal' })).toBeNull());
    const therapist = await screen.findByRole('region', { name: 'Therapist goals' });
    expect(within(therapist).getByText('Keep a thought record')).toBeInTheDocument();
    expect(within(therapist).getByText('1 of 5 therapist goals used')).toBeInTheDocument();
    expect(screen.getByText('0 of 5 personal goals used')).toBeInTheDocument();
  });

  it('edits a therapist goal with its current values filled in', async () => {
    goals = [
      makeGoal({
        type: 'therapist',
        text: 'Sleep before midnight',
        notes: 'Weeknights',
        emoji: '🌙',
        priority: 2,
        categories: ['health'],
        targetDate: '2026-12-01T00:00:00.000Z',
      }),
    ];
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sleep before midnight' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit therapist goal' });
    const text = within(dialog).getByRole('textbox', { name: /^Goal/ });
    expect(text).toHaveValue('Sleep before midnight');
    expect(within(dialog).getByLabelText('Emoji')).toHaveValue('🌙');
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('health');
    expect(within(dialog).getByLabelText('Target date (optional)')).toHaveValue('2026-12-01');

    await userEvent.clear(text);
    await userEvent.type(text, 'Sleep before 11 pm');
    await userEvent.clear(within(dialog).getByLabelText(/^Notes/));
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), '');
    await userEvent.clear(within(dialog).getByLabelText('Target date (optional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Goal updated successfully.')).toBeInTheDocument();
    const [put] = calls('PUT', /goals\/.+$/);
    expect(bodyOf(put!)).toEqual({
      text: 'Sleep before 11 pm',
      notes: '',
      emoji: '🌙',
      priority: 2,
      categories: [],
      targetDate: null,
    });
    expect(await screen.findByText('Sleep before 11 pm')).toBeInTheDocument();
  });

  it('completes and abandons a therapist goal after confirmation', async () => {
    goals = [
      makeGoal({ type: 'therapist', text: 'Call a friend weekly' }),
      makeGoal({ type: 'therapist', text: 'Limit caffeine' }),
    ];
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Abandon Limit caffeine' }));
    let dialog = await screen.findByRole('dialog', { name: 'Abandon goal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Abandon goal' })).toBeNull());
    expect(calls('PATCH', /abandon$/)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Complete Call a friend weekly' }));
    dialog = await screen.findByRole('dialog', { name: 'Complete goal' });
    expect(dialog).toHaveTextContent('Complete “Call a friend weekly”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Goal completed.')).toBeInTheDocument();
    expect(bodyOf(calls('PATCH', /complete$/)[0]!)).toEqual({ completed: true });
    await waitFor(() => expect(screen.queryByText('Call a friend weekly')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Abandon Limit caffeine' }));
    dialog = await screen.findByRole('dialog', { name: 'Abandon goal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abandon' }));
    expect(await screen.findByText('Goal abandoned.')).toBeInTheDocument();
    expect(bodyOf(calls('PATCH', /abandon$/)[0]!)).toEqual({ abandoned: true });
    expect(await screen.findByText('No goals yet')).toBeInTheDocument();
  });

  it('says when the therapist goal limit is reached', async () => {
    goals = [1, 2, 3, 4, 5].map((n) => makeGoal({ type: 'therapist', text: `Therapist goal ${n}` }));
    renderSection();
    expect(await screen.findByText('5 of 5 therapist goals used')).toBeInTheDocument();
    expect(screen.getByText('Goal limit reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add therapist goal' })).toBeDisabled();
  });

  it('shows goal errors as the spec’s toasts', async () => {
    goals = [makeGoal({ type: 'therapist', text: 'Limit caffeine' })];
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add therapist goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add therapist goal' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Goal/ }), 'limit caffeine');
    failWith = { status: 409, message: 'You already have a goal with this description' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    expect(await screen.findByText('You already have a goal with this description')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add therapist goal' })).toBeInTheDocument();

    failWith = { status: 403, message: 'Maximum of 5 therapist goals reached', code: 'GOAL_LIMIT' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    expect(
      await screen.findByText('You have reached the maximum number of goals for this category'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the goals cannot be loaded', async () => {
    failWith = { status: 403, message: 'Forbidden' };
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to perform this action');
    failWith = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No goals yet')).toBeInTheDocument();
  });
});

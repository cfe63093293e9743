import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { GoalFormModal } from './GoalFormModal';
import { makeGoal } from './test-goals';

let fetchMock: Mock<typeof fetch>;

describe('goal form', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser());
    fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
      jsonResponse(
        {
          success: true,
          message: init?.method === 'PUT' ? 'Goal updated successfully.' : 'Goal created successfully.',
        },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the shared schema messages and sends a valid goal', async () => {
    const onClose = vi.fn();
    renderWithProviders(<GoalFormModal opened goal={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New goal' });
    const text = within(dialog).getByRole('textbox', { name: /^Goal/ });
    expect(within(dialog).getByLabelText('Emoji')).toHaveValue('🎯');
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('3');
    expect(within(dialog).getByRole('option', { name: '3 – medium' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: '5 – high' })).toBeInTheDocument();
    expect(
      within(within(dialog).getByLabelText('Category'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['personal', 'health', 'career', 'relationships', 'education', 'other']);
    expect(within(dialog).getByLabelText(/Target date/)).toHaveAttribute('type', 'date');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await within(dialog).findByText('Text is required')).toBeInTheDocument();

    await userEvent.click(text);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await within(dialog).findByText('Must not exceed 500 characters')).toBeInTheDocument();
    await userEvent.clear(text);
    await userEvent.type(text, 'Stretch');
    await userEvent.click(within(dialog).getByLabelText(/^Notes/));
    await userEvent.paste('y'.repeat(1001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await within(dialog).findByText('Must not exceed 1000 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(text);
    await userEvent.type(text, '  Stretch for ten minutes ');
    await userEvent.clear(within(dialog).getByLabelText(/^Notes/));
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), '5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'health');
    await userEvent.type(within(dialog).getByLabelText(/Target date/), '2026-01-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await screen.findByText('Goal created successfully.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://localhost').pathname).toBe('/api/proxy/v1/goals/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      text: 'Stretch for ten minutes',
      emoji: '🎯',
      priority: 5,
      category: 'health',
      targetDate: '2026-01-31',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a personal goal with its values filled in', async () => {
    const goal = makeGoal(1, {
      text: 'Walk daily',
      notes: 'Short walks',
      priority: 4,
      targetDate: '2026-02-01T00:00:00.000Z',
    });
    renderWithProviders(<GoalFormModal opened goal={goal} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit goal' });
    expect(within(dialog).getByRole('textbox', { name: /^Goal/ })).toHaveValue('Walk daily');
    expect(within(dialog).getByLabelText(/Target date/)).toHaveValue('2026-02-01');
    await userEvent.clear(within(dialog).getByLabelText(/Target date/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Goal updated successfully.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://localhost').pathname).toBe(`/api/proxy/v1/goals/${goal.id}`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      text: 'Walk daily',
      notes: 'Short walks',
      priority: 4,
      targetDate: null,
    });
  });
});

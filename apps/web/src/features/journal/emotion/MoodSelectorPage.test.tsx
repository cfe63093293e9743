import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { MoodSelectorPage } from './MoodSelectorPage';

let fetchMock: Mock<typeof fetch>;
let answer: () => Response;

const createCalls = () => fetchMock.mock.calls.filter((call) => String(call[0]).endsWith('/create-mood'));
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body ?? 'null')) as Record<string, unknown>;

function renderPage() {
  return renderRoutes(
    [
      { path: '/user/mood-selector', element: <MoodSelectorPage /> },
      { path: '/user/home', element: <h1>Client home</h1> },
    ],
    '/user/mood-selector',
  );
}

describe('mood selector page', () => {
  beforeEach(() => {
    // The autosizing textarea listens to font loading, which jsdom does not implement.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    authStore.signIn(makeJwt(900), makeUser());
    answer = () =>
      jsonResponse(
        { success: true, message: 'Mood created', data: {}, safety: { level: 'none' } },
        { status: 201 },
      );
    fetchMock = vi.fn<typeof fetch>(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the check-in in Simple mode first, with mood options and notes', () => {
    renderPage();
    expect(screen.getByRole('tab', { name: 'Simple Mode' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'How are you feeling?' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Mood' })).toBeInTheDocument();
    expect(screen.getByLabelText('Notes (optional)')).toHaveAttribute(
      'placeholder',
      'Start wherever feels right...',
    );
  });

  it('asks for a mood only when nothing is chosen; a mood alone is a check-in', async () => {
    const { router } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
    expect(await screen.findByText('Please select a mood')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Awesome' })).toHaveFocus();
    expect(createCalls()).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Awesome' }));
    expect(screen.queryByText('Please select a mood')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(screen.queryByText('Please write some notes before saving')).toBeNull();
    expect(bodyOf(createCalls()[0]!)).toMatchObject({
      mood: 'Awesome',
      emoji: '😀',
      notes: 'Quick check-in: Awesome.',
      journalType: 'prompt',
    });
  });

  it('an emotion alone is a check-in too: Neutral saves as Okay, described in the notes', async () => {
    const { router } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Neutral' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(screen.queryByText('Please select a mood')).toBeNull();
    expect(bodyOf(createCalls()[0]!)).toMatchObject({
      mood: 'Okay',
      emoji: '😐',
      notes: 'Quick check-in: neutral (Okay).',
      emotionData: { primaryEmotion: 'neutral', path: ['neutral'] },
    });
  });

  it("shows the server's message when it refuses the check-in", async () => {
    answer = () =>
      jsonResponse(
        { success: false, code: 'VALIDATION_ERROR', message: 'Notes contain invalid content' },
        { status: 400 },
      );
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Not fine' }));
    await userEvent.type(screen.getByLabelText('Notes (optional)'), 'A long day.');
    await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notes contain invalid content');
  });

  it('saves the check-in as a prompt entry, toasts and goes home', async () => {
    const { router } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Positive' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Awesome' }));
    await userEvent.type(screen.getByLabelText('Notes (optional)'), 'Walked by the sea.');
    await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(await screen.findByText('Check-in saved')).toBeInTheDocument();
    expect(createCalls()).toHaveLength(1);
    const body = bodyOf(createCalls()[0]!);
    expect(body).toMatchObject({
      mood: 'Awesome',
      emoji: '😀',
      notes: 'Walked by the sea.',
      journalType: 'prompt',
      emotionData: { primaryEmotion: 'positive', path: ['positive'], intensity: 5, category: 'positive' },
    });
    expect(createCalls()[0]![1]?.method).toBe('POST');
  });
});

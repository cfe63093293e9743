import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createMoodSchema } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { JournalingPage } from './JournalingPage';

let fetchMock: Mock<typeof fetch>;
let createAnswer: () => Response;
const user = makeUser();
const draftKey = `ml.journalDraft.${user._id}`;

const goal = (id: string, text: string, type: 'personal' | 'therapist') => ({
  _id: id,
  id,
  type,
  text,
  emoji: '🎯',
  mentionCount: 2,
  notes: '',
  priority: 3,
  homePageVisible: false,
  isPreset: false,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');
const creates = () => fetchMock.mock.calls.filter((c) => urlOf(c).pathname.endsWith('/create-mood'));
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body)) as Record<string, unknown>;

function renderPage(path = '/user/journaling-feature') {
  return renderRoutes(
    [
      { path: '/user/journaling-feature', element: <JournalingPage /> },
      { path: '/user/home', element: <h1>Client home</h1> },
    ],
    path,
  );
}

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  localStorage.clear();
  sessionStorage.clear();
  authStore.signIn(makeJwt(900), user);
  createAnswer = () =>
    jsonResponse(
      { success: true, message: 'Journal entry saved', data: { id: 'e1' }, safety: { level: 'none' } },
      { status: 201 },
    );
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/goals/'))
      return jsonResponse({
        success: true,
        data: {
          personal: [
            goal('00000000-0000-4000-8000-000000000001', 'Walk daily', 'personal'),
            goal('00000000-0000-4000-8000-000000000002', 'Sleep early', 'personal'),
          ],
          therapist: [goal('00000000-0000-4000-8000-000000000003', 'Breathe slowly', 'therapist')],
          all: [],
        },
      });
    if (url.pathname.endsWith('/create-mood')) return createAnswer();
    return jsonResponse({ success: true, data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
  localStorage.clear();
});

describe('journaling page', () => {
  it('starts in prompt mode with the prompt card, notes and goal selection', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'New journal entry', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Prompt 1 of 25')).toBeInTheDocument();
    expect(screen.getByLabelText('Journal notes')).toHaveAttribute(
      'placeholder',
      'Start wherever feels right...',
    );
    expect(screen.getByText('Choose Emotion')).toBeInTheDocument();
    expect(await screen.findByText('Walk daily')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next prompt' }));
    expect(screen.getByText('Prompt 2 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prompt 25' }));
    expect(screen.getByText('Prompt 25 of 25')).toBeInTheDocument();
  });

  it('checks the save rules with the spec texts before calling the server', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Please select a mood')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Fine' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Please write some notes before saving')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Journal notes'), 'I wrote <script>x</script>');
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Notes contain invalid content')).toBeInTheDocument();
    expect(creates()).toHaveLength(0);
  });

  it('takes a banner away once its problem is fixed, and the server’s at the next change', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Fine' }));
    await userEvent.type(screen.getByLabelText('Journal notes'), 'I wrote <script>');
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notes contain invalid content');
    await userEvent.clear(screen.getByLabelText('Journal notes'));
    // the next problem of the form shows while one is shown, until none is left
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write some notes before saving');
    await userEvent.type(screen.getByLabelText('Journal notes'), 'A quiet day.');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    createAnswer = () =>
      jsonResponse({ success: false, message: 'Notes contain invalid content' }, { status: 400 });
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent === 'Notes contain invalid content'),
      ).toBe(true),
    );
    await clearToasts();
    await userEvent.type(screen.getByLabelText('Journal notes'), ' Then rain.');
    await waitFor(() => expect(screen.queryByText('Notes contain invalid content')).not.toBeInTheDocument());
    expect(creates()).toHaveLength(1);
  });

  it('saves the entry with its goals, privacy and chosen day, clears the draft and goes home', async () => {
    sessionStorage.setItem('ml.journalDate', '2026-11-16');
    renderPage();
    expect(await screen.findByText(/Writing for Monday, November 16/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Awesome' }));
    await userEvent.type(screen.getByLabelText('Journal notes'), 'A calm walk by the river.');
    await userEvent.click(await screen.findByRole('button', { name: /Walk daily/ }));
    await userEvent.click(screen.getByRole('button', { name: /Breathe slowly/ }));
    await userEvent.click(screen.getByRole('switch', { name: /Keep this entry private/ }));
    await waitFor(() => expect(localStorage.getItem(draftKey)).toContain('A calm walk'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByRole('heading', { name: 'Client home' })).toBeInTheDocument();
    const body = bodyOf(creates()[0]!);
    expect(body).toMatchObject({
      mood: 'Awesome',
      notes: 'A calm walk by the river.',
      journalType: 'prompt',
      isPrivate: true,
      customDate: '2026-11-16',
      goal: {
        selectedGoals: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003'],
      },
    });
    expect(typeof body.userTimezone).toBe('string');
    // What the browser sends is what the server's own schema accepts (the same domain code).
    const parsed = createMoodSchema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.userLocalTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(localStorage.getItem(draftKey)).toBeNull();
    expect(sessionStorage.getItem('ml.journalDate')).toBeNull();
  });

  it('never writes the draft back after the entry is saved, even for a change just before saving', async () => {
    // A crisis answer keeps the page open, so a draft write still pending would land after the save.
    createAnswer = () =>
      jsonResponse(
        {
          success: true,
          message: 'Journal entry saved',
          data: { id: 'e1' },
          safety: { level: 'crisis', matched: ['want-to-die'] },
        },
        { status: 201 },
      );
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Awesome' }));
    await userEvent.type(screen.getByLabelText('Journal notes'), 'Saved at once.');
    await userEvent.click(screen.getByRole('switch', { name: /Keep this entry private/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Suicide & Crisis Lifeline: call or text 988.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(localStorage.getItem(draftKey)).toBeNull();
  });

  it('keeps the draft and shows the server message when saving fails', async () => {
    createAnswer = () => jsonResponse({ success: false, message: 'Please select a mood' }, { status: 400 });
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Fine' }));
    await userEvent.type(screen.getByLabelText('Journal notes'), 'Still here after a failure.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect((await screen.findAllByText('Please select a mood')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Journal notes')).toHaveValue('Still here after a failure.');
    await waitFor(() => expect(localStorage.getItem(draftKey)).toContain('Still here'));
  });

  it('restores a draft after a reload and can discard it', async () => {
    localStorage.setItem(
      draftKey,
      JSON.stringify({
        journalType: 'prompt',
        mood: 'Fine',
        notes: 'Half-written thought',
        savedAt: Date.now(),
      }),
    );
    renderPage();
    expect(await screen.findByText('We restored the draft you were writing.')).toBeInTheDocument();
    expect(screen.getByLabelText('Journal notes')).toHaveValue('Half-written thought');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('Journal notes')).toHaveValue('');
  });

  it('asks for a conversation in chat mode and shows the crisis resources when the reply says so', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Chat' }));
    expect(screen.getByText('No chat history available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Fine' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Please have a conversation before saving')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please enter a message')).toBeInTheDocument();

    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({
        success: true,
        data: {
          reply: 'I am really glad you told me.',
          safety: { level: 'crisis', matched: ['want-to-die'] },
        },
      }),
    );
    await userEvent.type(screen.getByLabelText('Your message'), 'Some nights I want to die');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('I am really glad you told me.')).toBeInTheDocument();
    expect(within(log).getByText('Some nights I want to die')).toBeInTheDocument();
    expect(screen.getByText("You don't have to go through this alone")).toBeInTheDocument();
    expect(screen.getByText('Suicide & Crisis Lifeline: call or text 988.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Suicide & Crisis Lifeline 988' })).toHaveAttribute(
      'href',
      'tel:988',
    );
  });

  it('keeps the message and offers to try again when the assistant fails', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Chat' }));
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(
        { success: false, message: 'The assistant is unavailable right now. Please try again.' },
        { status: 503 },
      ),
    );
    await userEvent.type(screen.getByLabelText('Your message'), 'Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The assistant is unavailable right now. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ success: true, data: { reply: 'What is on your mind?', safety: { level: 'none' } } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('What is on your mind?')).toBeInTheDocument();
  });
});

describe('details of the day', { timeout: 20_000 }, () => {
  it('saves activities and sleep with update-mood-swp after the entry', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Fine' }));
    await userEvent.type(screen.getByLabelText('Journal notes'), 'Good sleep, short walk.');
    await userEvent.click(screen.getByRole('button', { name: 'More about your day (optional)' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Walking' }));
    await userEvent.type(screen.getByLabelText('Hours of sleep'), '7.5');
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Sleep quality (1–5)' })).getByRole('radio', {
        name: '4',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByRole('heading', { name: 'Client home' })).toBeInTheDocument();
    const details = fetchMock.mock.calls.find((c) => urlOf(c).pathname.endsWith('/update-mood-swp'));
    expect(bodyOf(details!)).toEqual({
      moodId: 'e1',
      activities: ['Walking'],
      sleepRoutine: { hours: 7.5, quality: 4 },
      productivity: null,
      betterme: null,
      therapyProcess: null,
    });
  });
});

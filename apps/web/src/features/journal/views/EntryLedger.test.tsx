import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { deletedIdsKey, readDeletedIds } from './deleted-ids';
import { EntryLedger } from './EntryLedger';
import { makeEntry, newHomeServer, stubHomeFetch, urlOf, type HomeServer } from './test-fixtures';

let server: HomeServer;

function renderLedger(path = '/user/home') {
  return renderRoutes(
    [
      { path: '/user/home', element: <EntryLedger /> },
      { path: '/user/journaling-feature', element: <p>Journaling screen</p> },
    ],
    path,
  );
}

const articleOf = (mood: string) => screen.getByRole('article', { name: new RegExp(`^${mood},`) });

describe('entry ledger', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-18T18:00:00Z') });
    authStore.signIn(makeJwt(900), makeUser());
    server = newHomeServer();
  });
  afterEach(async () => {
    await clearToasts();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('lists entries newest first with dates, mood, emotion, excerpt, type, goals and privacy', async () => {
    server.entries = [
      makeEntry({
        date: '2026-11-01',
        mood: 'Very bad',
        emoji: '😣',
        notes: 'Old day.',
        entryAt: '2026-11-01T10:00:00Z',
      }),
      makeEntry({
        date: '2026-11-18',
        mood: 'Awesome',
        emoji: '😀',
        notes: '<b>Bold</b> walk & talk <img src=x onerror=alert(1)>',
        journalType: 'chat',
        isPrivate: true,
        entryAt: '2026-11-18T17:00:00Z',
        emotionData: {
          primaryEmotion: 'Joy',
          secondaryEmotion: 'Optimism',
          specificFeeling: 'Hopeful',
          intensity: 7,
          emoji: '🌅',
          color: '#4ade80',
          category: 'positive',
          path: ['Joy', 'Optimism', 'Hopeful'],
        },
        goal: {
          selectedGoals: [
            { goalData: { _id: 'g1', id: 'g1', text: 'Walk daily', emoji: '🚶', type: 'personal' } },
          ],
        },
      }),
      makeEntry({
        date: '2026-11-17',
        mood: 'Fine',
        emoji: '🙂',
        journalType: 'voice',
        entryAt: '2026-11-17T10:00:00Z',
      }),
      makeEntry({
        date: '2026-11-15',
        mood: 'Not fine',
        emoji: '🙁',
        journalType: 'photo',
        entryAt: '2026-11-15T10:00:00Z',
      }),
    ];
    const fetchMock = stubHomeFetch(server);
    renderLedger();
    await screen.findByRole('article', { name: /^Awesome,/ });
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Awesome, Wednesday, November 18',
      'Fine, Tuesday, November 17',
      'Not fine, Sunday, November 15',
      'Very bad, Sunday, November 1',
    ]);
    const list = urlOf(fetchMock.mock.calls.find((c) => urlOf(c).pathname.endsWith('/get-all-mood'))!);
    expect(list.searchParams.get('page')).toBe('1');
    expect(list.searchParams.get('limit')).toBe('10');

    const top = articleOf('Awesome');
    expect(within(top).getByText('Today')).toBeInTheDocument();
    expect(within(top).getByText('😀')).toBeInTheDocument();
    expect(top).toHaveTextContent('Emotion: 🌅 Joy > Optimism > Hopeful, intensity 7/10');
    expect(within(top).getByText('Bold walk & talk')).toBeInTheDocument();
    expect(top.querySelector('b, img')).toBeNull();
    expect(within(top).getByText('Chat')).toBeInTheDocument();
    expect(within(top).getByText('🚶 Walk daily')).toBeInTheDocument();
    expect(within(top).getByText('Private')).toBeInTheDocument();
    expect(within(top).getByText(/Only you can see this entry/)).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/user/journaling-feature?edit=${server.entries[1]!.id}`,
    );
    expect(within(articleOf('Fine')).getByText('Yesterday')).toBeInTheDocument();
    expect(within(articleOf('Fine')).getByText('Voice')).toBeInTheDocument();
    expect(within(articleOf('Fine')).queryByText('Private')).toBeNull();
    expect(within(articleOf('Not fine')).getByText('3 days ago')).toBeInTheDocument();
    expect(within(articleOf('Not fine')).getByText('Photo')).toBeInTheDocument();
    expect(within(articleOf('Very bad')).getByText('Nov 1')).toBeInTheDocument();
  });

  it('starts from the search in the URL and keeps the search in the URL', async () => {
    server.entries = [
      makeEntry({ mood: 'Fine', notes: 'Walk daily in the park' }),
      makeEntry({ mood: 'Awesome', notes: 'Met a friend' }),
    ];
    const fetchMock = stubHomeFetch(server);
    const { router } = renderLedger('/user/home?m=1&search=Walk%20daily');
    const input = screen.getByLabelText('Search entries');
    expect(input).toHaveValue('Walk daily');
    expect(await screen.findByRole('article', { name: /^Fine,/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Awesome,/ })).toBeNull();
    const lists = fetchMock.mock.calls.map(urlOf).filter((url) => url.pathname.endsWith('/get-all-mood'));
    expect(lists.map((url) => url.searchParams.get('search'))).toEqual(['Walk daily']);

    await userEvent.clear(input);
    await userEvent.type(input, 'friend');
    await waitFor(() => expect(router.state.location.search).toBe('?m=1&search=friend'));
    expect(await screen.findByRole('article', { name: /^Awesome,/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Fine,/ })).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, 'nothing like this');
    expect(await screen.findByText('No entries match your search.')).toBeInTheDocument();
    await userEvent.clear(input);
    await waitFor(() => expect(router.state.location.search).toBe('?m=1'));
  });

  it('pages through entries ten at a time', async () => {
    server.entries = Array.from({ length: 12 }, (_, i) =>
      makeEntry({ mood: `Mood ${i + 1}`, entryAt: `2026-11-18T${String(i + 1).padStart(2, '0')}:00:00Z` }),
    );
    stubHomeFetch(server);
    renderLedger();
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('12 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('article', { name: /^Mood 1,/ })).toBeInTheDocument();
  });

  it('offers the first entry when there is none', async () => {
    stubHomeFetch(server);
    renderLedger();
    expect(await screen.findByText('No journal entries yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Write your first entry' }));
    expect(await screen.findByText('Journaling screen')).toBeInTheDocument();
  });

  it('shows the load failure and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.failing.set('get-all-mood', 400);
    stubHomeFetch(server);
    renderLedger();
    expect(await screen.findByText('all mood fetch failed')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('all mood fetch failed', expect.anything());
    server.failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No journal entries yet')).toBeInTheDocument();
  });

  it('deletes after confirmation at once, and remembers the id', async () => {
    const keep = makeEntry({ mood: 'Fine', entryAt: '2026-11-18T10:00:00Z' });
    const gone = makeEntry({ mood: 'Awesome', entryAt: '2026-11-18T12:00:00Z' });
    server.entries = [keep, gone];
    const fetchMock = stubHomeFetch(server);
    let release: () => void = () => undefined;
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') await new Promise<void>((resolve) => (release = resolve));
      return base(input, init);
    });
    renderLedger();
    await userEvent.click(
      within(await screen.findByRole('article', { name: /^Awesome,/ })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this journal entry?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete entry' }));
    // Optimistic: gone from the list before the server has answered.
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Awesome,/ })).toBeNull());
    expect(screen.getByRole('article', { name: /^Fine,/ })).toBeInTheDocument();
    expect(readDeletedIds()).toEqual([]);
    release();
    expect(await screen.findByText('Journal entry deleted')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(deletedIdsKey)!)).toEqual([gone.id]);
    const call = fetchMock.mock.calls.find((c) => c[1]?.method === 'DELETE')!;
    expect(urlOf(call).pathname).toBe(`/api/proxy/v1/delete-mood/${gone.id}`);
    expect(screen.queryByRole('article', { name: /^Awesome,/ })).toBeNull();
  });

  it('puts the entry back and says so when the deletion fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const entry = makeEntry({ mood: 'Awesome' });
    server.entries = [entry];
    const fetchMock = stubHomeFetch(server);
    let release: () => void = () => undefined;
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        await new Promise<void>((resolve) => (release = resolve));
        return jsonResponse({ success: false, message: 'Server error' }, { status: 500 });
      }
      return base(input, init);
    });
    renderLedger();
    await userEvent.click(
      within(await screen.findByRole('article', { name: /^Awesome,/ })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete entry' }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Awesome,/ })).toBeNull());
    release();
    expect(
      await screen.findByText('Failed to delete the journal entry. It has been restored.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /^Awesome,/ })).toBeInTheDocument();
    expect(localStorage.getItem(deletedIdsKey)).toBeNull();
  });

  it('cancels a deletion from the dialog', async () => {
    server.entries = [makeEntry({ mood: 'Awesome' })];
    const fetchMock = stubHomeFetch(server);
    renderLedger();
    await userEvent.click(
      within(await screen.findByRole('article', { name: /^Awesome,/ })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('article', { name: /^Awesome,/ })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'DELETE')).toBe(false);
  });

  it('hides entries deleted earlier in this browser', async () => {
    const gone = makeEntry({ mood: 'Awesome' });
    server.entries = [gone, makeEntry({ mood: 'Fine' })];
    localStorage.setItem(deletedIdsKey, JSON.stringify([gone.id]));
    stubHomeFetch(server);
    renderLedger();
    expect(await screen.findByRole('article', { name: /^Fine,/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Awesome,/ })).toBeNull();
  });
});

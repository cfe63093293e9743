import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import type { JournalEntry } from '../../journal';
import { makeEntry, pageAnswer } from '../../journal/views/test-fixtures';
import { ClientJournalsTab } from './ClientJournalsTab';

const patientId = '00000000-0000-4000-8000-000000000501';
let entries: JournalEntry[];
let failStatus: number | null;
let fetchMock: Mock<typeof fetch>;

const listCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/proxy/v1/get-all-patient-mood/${patientId}`);

function renderTab() {
  return renderWithProviders(
    <ClientJournalsTab patientId={patientId} clientName="Cora" timeZone="UTC" />,
    '/provider/patient-overview/x',
  );
}

beforeEach(() => {
  entries = [];
  failStatus = null;
  authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== `/api/proxy/v1/get-all-patient-mood/${patientId}`)
      return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    if (failStatus) return jsonResponse({ success: false, message: 'Bad' }, { status: failStatus });
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const found = entries.filter((e) => !search || e.notes.toLowerCase().includes(search));
    return jsonResponse(
      pageAnswer(found, Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('limit'))),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.reset();
});

describe('provider journals tab', () => {
  it('shows an entry with its date, mood, emotion, type, goals, photos and notes as text', async () => {
    entries = [
      makeEntry({
        date: '2026-03-02',
        entryAt: '2026-03-02T18:05:00.000Z',
        userTimezone: 'UTC',
        mood: 'Not fine',
        emoji: '🙁',
        notes: '<b>x</b><script>alert(1)</script>\nsecond line',
        journalType: 'photo',
        emotionData: {
          primaryEmotion: 'Fear',
          secondaryEmotion: 'Anxious',
          specificFeeling: 'Worried',
          intensity: 7,
          emoji: '😟',
          color: '#7c3aed',
          category: 'negative',
          path: ['Fear', 'Anxious', 'Worried'],
        },
        photoData: {
          images: [{ fileId: 'f1', url: '/api/v1/journal-photos/p/f1?expires=1&sig=abc' }],
        },
        goal: {
          selectedGoals: [
            { goalData: { _id: 'g1', id: 'g1', text: 'Sleep by 11', emoji: '🌙', type: 'therapist' } },
          ],
        },
      }),
    ];
    renderTab();
    const article = await screen.findByRole('article', { name: 'Not fine, Monday, March 2, 2026' });
    const card = within(article);
    expect(card.getByRole('heading', { level: 3, name: 'Not fine' })).toBeInTheDocument();
    expect(card.getByText(/Monday, March 2, 2026 · 6:05 PM/)).toBeInTheDocument();
    expect(article).toHaveTextContent(/Emotion: 😟 Fear >.*Anxious >.*Worried/);
    expect(article).toHaveTextContent('Intensity 7/10');
    expect(article).toHaveTextContent('Journal type: Photo');
    // Notes are text: the markup shows literally and nothing is parsed into elements.
    const notes = card.getByText(/<b>x<\/b><script>alert\(1\)<\/script>/);
    expect(notes.textContent).toBe('<b>x</b><script>alert(1)</script>\nsecond line');
    expect(article.querySelector('b, script')).toBeNull();
    expect(
      card.getByRole('img', { name: 'Photo 1 of 1 from the entry of Monday, March 2, 2026' }),
    ).toHaveAttribute('src', '/api/v1/journal-photos/p/f1?expires=1&sig=abc');
    expect(
      within(card.getByRole('list', { name: 'Linked goals' })).getByText(/Sleep by 11/),
    ).toBeInTheDocument();
    // A photo entry has no conversation.
    expect(card.queryByRole('button', { name: /Show conversation/ })).toBeNull();
    expect(screen.getByText('1 shared entry')).toBeInTheDocument();
  });

  it('keeps a conversation collapsed until asked for, labelled with the client’s name', async () => {
    entries = [
      makeEntry({
        journalType: 'chat',
        notes: '',
        chatMessages: [
          { role: 'user', text: 'I could not sleep again.' },
          { role: 'assistant', text: 'What kept you awake?' },
        ],
      }),
    ];
    renderTab();
    const toggle = await screen.findByRole('button', { name: 'Show conversation (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('I could not sleep again.')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('I could not sleep again.')).toBeInTheDocument();
    expect(within(log).getByText('What kept you awake?')).toBeInTheDocument();
    expect(within(log).getByText('Cora')).toBeInTheDocument();
    expect(within(log).queryByText('You')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide conversation (2)' }));
    expect(screen.queryByText('I could not sleep again.')).toBeNull();
  });

  it('pages through the entries ten at a time, newest first', async () => {
    entries = Array.from({ length: 23 }, (_, i) =>
      makeEntry({ notes: `Entry number ${23 - i}`, date: '2026-03-02' }),
    );
    renderTab();
    expect(await screen.findByText('Entry number 23')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Entry number 13')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Entry number 3')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Entry number 13')).toBeInTheDocument();
    expect(listCalls().map((url) => [url.searchParams.get('page'), url.searchParams.get('limit')])).toEqual([
      ['1', '10'],
      ['2', '10'],
      ['3', '10'],
      ['2', '10'],
    ]);
  });

  it('searches on the server and starts again from the first page', async () => {
    entries = [
      ...Array.from({ length: 12 }, (_, i) => makeEntry({ notes: `Ordinary day ${i}` })),
      makeEntry({ notes: 'Panic on the train' }),
    ];
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search entries' }), 'panic');
    expect(await screen.findByText('1 entry matches “panic”')).toBeInTheDocument();
    expect(screen.getByText('Panic on the train')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const last = listCalls().at(-1)!;
    expect(last.searchParams.get('search')).toBe('panic');
    expect(last.searchParams.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search entries' }), 'zzz');
    expect(await screen.findByText('No entries match “paniczzz”.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!);
    expect(await screen.findByText('13 shared entries')).toBeInTheDocument();
  });

  it('says when nothing is shared yet', async () => {
    renderTab();
    expect(await screen.findByText('No journal entries shared yet.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Entries your client writes will appear here. Entries they mark private are never shown.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the spec’s failure text and retries', async () => {
    failStatus = 400;
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('all mood fetch failed');
    failStatus = null;
    entries = [makeEntry({ notes: 'Back again' })];
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { ImportantUpdate } from './api';
import { ImportantUpdatesPage } from './ImportantUpdatesPage';

function update(overrides: Partial<ImportantUpdate> = {}): ImportantUpdate {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    title: 'New journaling prompts',
    message: 'Fifty new prompts are waiting for you.',
    link: '/user/journaling-feature',
    audience: 'all',
    status: 'published',
    publishAt: '2030-01-10T17:00:00.000Z',
    publishedAt: '2030-01-10T17:00:05.000Z',
    withdrawnAt: null,
    deliveredCount: 120,
    readCount: 45,
    createdAt: '2030-01-10T16:59:00.000Z',
    ...overrides,
  };
}

const published = update();
const scheduled = update({
  id: '00000000-0000-4000-8000-0000000000e2',
  title: 'Maintenance on Sunday',
  audience: 'providers',
  status: 'scheduled',
  publishAt: '2030-02-01T08:00:00.000Z',
  publishedAt: null,
  deliveredCount: 0,
  readCount: 0,
});
const withdrawn = update({
  id: '00000000-0000-4000-8000-0000000000e3',
  title: 'Old notice',
  audience: 'patients',
  status: 'withdrawn',
  withdrawnAt: '2030-01-11T10:00:00.000Z',
});

let fetchMock: Mock<typeof fetch>;
let listed: ImportantUpdate[];
let listStatus: number;
let createAnswer: { status: number; body: Record<string, unknown> } | null;

function callsTo(method: string, pathEnd: string) {
  return fetchMock.mock.calls.filter(
    (call) =>
      (call[1]?.method ?? 'GET') === method &&
      new URL(String(call[0]), 'http://localhost').pathname.endsWith(pathEnd),
  );
}
function bodyOf(call: Parameters<typeof fetch> | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
}

/** Pastes instead of typing key by key (the screens run on a busy CI machine). */
async function enter(name: RegExp, text: string) {
  await userEvent.click(screen.getByRole('textbox', { name }));
  await userEvent.paste(text);
}

async function fillForm() {
  await enter(/^Title/, 'Weekly insights are here');
  await enter(/^Message/, 'See your week at a glance.');
}

describe('important updates (Admin)', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser({ userRole: 'admin', timezone: 'UTC' }));
    listed = [scheduled, published, withdrawn];
    listStatus = 200;
    createAnswer = null;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname.endsWith('/admin/important-updates') && method === 'GET') {
        if (listStatus !== 200)
          return jsonResponse({ success: false, message: 'Forbidden' }, { status: listStatus });
        return jsonResponse({
          success: true,
          updates: listed,
          total: listed.length,
          page: 1,
          pages: 1,
          hasNext: false,
        });
      }
      if (url.pathname.endsWith('/withdraw') && method === 'POST')
        return jsonResponse({
          success: true,
          message: 'Important update withdrawn',
          update: { ...published, status: 'withdrawn' },
        });
      if (url.pathname.endsWith('/admin/important-updates') && method === 'POST') {
        if (createAnswer) return jsonResponse(createAnswer.body, { status: createAnswer.status });
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        const status = body.publishAt ? 'scheduled' : 'publishing';
        return jsonResponse(
          { success: true, update: update({ ...body, status, publishAt: String(body.publishAt ?? '') }) },
          { status: 201 },
        );
      }
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('lists the updates with status, audience, publish time, counts and Withdraw where it applies', async () => {
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    expect(screen.getByRole('heading', { level: 1, name: 'Important Updates' })).toBeInTheDocument();
    expect(screen.getByText('Loading important updates...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Important updates' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Update', 'Audience', 'Status', 'Publish time', 'Delivered', 'Read', 'Actions']);
    const cells = (title: string) =>
      within(within(table).getByText(title).closest('tr')!)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells('New journaling prompts').slice(1, 6)).toEqual([
      'All users',
      'Published',
      dayjs('2030-01-10T17:00:05.000Z').format('MMM D, YYYY h:mm A'),
      '120',
      '45',
    ]);
    expect(cells('Maintenance on Sunday').slice(1, 3)).toEqual(['Providers', 'Scheduled']);
    expect(cells('Old notice').slice(1, 3)).toEqual(['Clients', 'Withdrawn']);
    expect(
      within(table).getByRole('button', { name: 'Withdraw New journaling prompts' }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Withdraw Maintenance on Sunday' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Withdraw Old notice' })).not.toBeInTheDocument();
    const url = new URL(String(callsTo('GET', '/admin/important-updates')[0]![0]), 'http://localhost');
    expect([url.searchParams.get('page'), url.searchParams.get('limit')]).toEqual(['1', '10']);
  });

  it('says No important updates yet when there are none, and shows a load error', async () => {
    listed = [];
    const { unmount } = renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    expect(await screen.findByText('No important updates yet')).toBeInTheDocument();
    unmount();
    listStatus = 403;
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load important updates');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('previews the notification as it is typed', async () => {
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    await screen.findByRole('table', { name: 'Important updates' });
    const preview = screen.getByTestId('update-preview');
    expect(preview).toHaveTextContent('Your title');
    await fillForm();
    await enter(/^Link/, 'https://mindledger.example/news');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Clients');
    expect(within(preview).getByText('Weekly insights are here')).toBeInTheDocument();
    expect(within(preview).getByText('See your week at a glance.')).toBeInTheDocument();
    expect(within(preview).getByText('Learn more')).toBeInTheDocument();
    expect(within(preview).getByText('Important Update')).toBeInTheDocument();
    expect(within(preview).getByText('Just now')).toBeInTheDocument();
    expect(screen.getByText('How the notification will look to clients.')).toBeInTheDocument();
  });

  it('checks the form before asking, then publishes now after the confirmation', async () => {
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    await screen.findByRole('table', { name: 'Important updates' });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await fillForm();
    await enter(/^Link/, 'http://insecure.example');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Link must be an https address or a path in the app')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /^Link/ }));
    await enter(/^Link/, '/user/home');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Clients');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish important update' });
    expect(dialog).toHaveTextContent('Send “Weekly insights are here” to clients now?');
    expect(callsTo('POST', '/admin/important-updates')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Important update published')).toBeInTheDocument();
    const post = callsTo('POST', '/admin/important-updates');
    expect(post).toHaveLength(1);
    expect(bodyOf(post[0])).toEqual({
      title: 'Weekly insights are here',
      message: 'See your week at a glance.',
      link: '/user/home',
      audience: 'patients',
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue(''));
    await waitFor(() => expect(callsTo('GET', '/admin/important-updates').length).toBeGreaterThan(1));
  });

  it('schedules for a later time (sent as an ISO instant)', async () => {
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    await screen.findByRole('table', { name: 'Important updates' });
    await fillForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    const at = screen.getByLabelText(/^Publish at/);
    fireEvent.change(at, { target: { value: '2000-01-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Choose a time in the future')).toBeInTheDocument();
    const local = dayjs().add(2, 'day').hour(9).minute(30).format('YYYY-MM-DDTHH:mm');
    fireEvent.change(at, { target: { value: local } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish important update' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/^Important update scheduled for/)).toBeInTheDocument();
    expect(bodyOf(callsTo('POST', '/admin/important-updates')[0])).toMatchObject({
      audience: 'all',
      publishAt: dayjs(local).toISOString(),
    });
  });

  it("shows the server's message when publishing fails", async () => {
    createAnswer = { status: 400, body: { success: false, message: 'Title is required' } };
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    await screen.findByRole('table', { name: 'Important updates' });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish important update' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Weekly insights are here');
  });

  it('withdraws an update after confirming', async () => {
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    const table = await screen.findByRole('table', { name: 'Important updates' });
    await userEvent.click(within(table).getByRole('button', { name: 'Withdraw New journaling prompts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw important update' });
    expect(dialog).toHaveTextContent('Withdraw “New journaling prompts”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Important update withdrawn')).toBeInTheDocument();
    const calls = callsTo('POST', '/withdraw');
    expect(calls).toHaveLength(1);
    expect(String(calls[0]![0])).toContain(`/admin/important-updates/${published.id}/withdraw`);
  });

  it('changes nothing when the withdrawal is canceled', async () => {
    renderWithProviders(<ImportantUpdatesPage />, '/admin/important-updates');
    const table = await screen.findByRole('table', { name: 'Important updates' });
    await userEvent.click(within(table).getByRole('button', { name: 'Withdraw Maintenance on Sunday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw important update' });
    expect(dialog).toHaveTextContent('It will not be sent.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', '/withdraw')).toHaveLength(0);
  });
});

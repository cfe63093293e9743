import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { notesSummaryMessages } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { ProviderShare } from './api';
import { FromProvidersPage } from './FromProvidersPage';
import { makeShare, sharedItemOf } from './test-shares';

let fetchMock: Mock<typeof fetch>;
let shares: ProviderShare[];
let listFailures: number;

const planShare = makeShare({
  id: '00000000-0000-4000-8000-000000000a02',
  kind: 'carePlan',
  providerName: 'Sam Ortiz',
  sharedAt: '2026-12-02T18:00:00.000Z',
});

beforeEach(() => {
  authStore.signIn(makeJwt(900), makeUser());
  shares = [];
  listFailures = 0;
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/proxy\/ai\//, '');
    if (path === 'shared-with-me') {
      if (listFailures > 0) {
        listFailures -= 1;
        return jsonResponse({ success: false, message: 'The service is busy. Try again.' }, { status: 400 });
      }
      return jsonResponse({ success: true, data: shares });
    }
    const share = shares.find((s) => path === `shared-with-me/${s.id}`);
    if (share) return jsonResponse({ success: true, data: sharedItemOf(share) });
    return jsonResponse({ success: false, message: 'Shared item not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const renderPage = (path = '/user/from-providers') =>
  renderRoutes([{ path: '/user/from-providers', element: <FromProvidersPage /> }], path);

describe('From My Providers', () => {
  it('lists what providers shared, and opens a notes summary with the disclaimer written for the client', async () => {
    shares = [planShare, makeShare()];
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'From My Providers' })).toBeInTheDocument();
    expect(
      screen.getByText('Summaries and care plans your providers chose to share with you.'),
    ).toBeVisible();
    const rows = within(await screen.findByRole('list', { name: 'Shared with you' })).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Sam OrtizShared Dec 2, 2026Care plan',
      'Ada HartShared Nov 30, 2026Notes summary',
    ]);
    expect(rows[0]).toHaveAttribute(
      'href',
      '/user/from-providers?share=00000000-0000-4000-8000-000000000a02',
    );

    await userEvent.click(rows[1]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Notes Summary: Cora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Across the sessions' })).toBeInTheDocument();
    expect(screen.getByText('Notes summary from Ada Hart · shared Nov 30, 2026')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(notesSummaryMessages.clientDisclaimer);
    await userEvent.click(screen.getByRole('link', { name: 'All shared items' }));
    expect(await screen.findByRole('list', { name: 'Shared with you' })).toBeInTheDocument();
  });

  it('opens ?share={id} directly and shows a care plan read-only', async () => {
    shares = [planShare];
    renderPage(`/user/from-providers?share=${planShare.id}`);
    const plan = await screen.findByRole('article', { name: 'Treatment Plan' });
    expect(within(plan).getByRole('heading', { level: 2, name: 'Treatment Plan' })).toBeInTheDocument();
    expect(within(plan).getByText('Signed')).toBeInTheDocument();
    expect(within(plan).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(plan).getByText('F41.1 — Generalized anxiety disorder')).toBeInTheDocument();
    expect(
      within(plan).getByText('Worry about work keeps the client awake most nights.'),
    ).toBeInTheDocument();
    expect(within(plan).getByText('Every 2 Weeks')).toBeInTheDocument();
    expect(within(plan).getByText('70% complete')).toBeInTheDocument();
    expect(
      within(plan).getByRole('heading', { level: 4, name: 'Sleep seven hours a night' }),
    ).toBeInTheDocument();
    const objectives = within(
      within(plan).getByRole('list', { name: 'Objectives of Sleep seven hours a night' }),
    ).getAllByRole('listitem');
    expect(objectives[0]).toHaveTextContent('Keep a sleep diary');
    expect(objectives[0]).toHaveTextContent('Target: 5 mornings a week');
    expect(objectives[0]).toHaveTextContent('CBT-I sleep hygiene · Individual · Weekly');
    expect(within(plan).getByText('In progress')).toBeInTheDocument();
    expect(within(plan).getByText('Completed')).toBeInTheDocument();
    const bars = within(plan).getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['Keep a sleep diary: completion', '40'],
      ['No screens after 10 PM: completion', '100'],
    ]);
    expect(screen.queryByRole('button', { name: /edit|share|sign/i })).toBeNull();
  });

  it('says when a shared item is no longer available', async () => {
    renderPage('/user/from-providers?share=00000000-0000-4000-8000-000000000a09');
    expect(await screen.findByRole('alert')).toHaveTextContent('Shared item not found');
    expect(screen.getByRole('link', { name: 'All shared items' })).toHaveAttribute(
      'href',
      '/user/from-providers',
    );
  });

  it('shows the empty state, and an error with a retry', async () => {
    listFailures = 1;
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is busy. Try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Nothing has been shared with you yet.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatBillingDate, type AdminSubscriptionRowResponse } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { SubscriptionsPage } from './SubscriptionsPage';

function subscription(overrides: Partial<AdminSubscriptionRowResponse> = {}): AdminSubscriptionRowResponse {
  const id = overrides.id ?? '00000000-0000-4000-8000-0000000000d1';
  return {
    id,
    subscriptionId: id,
    userId: '00000000-0000-4000-8000-0000000000b1',
    provider: 'local',
    plan: { id: 'standard-monthly', name: 'Standard Monthly', interval: 'month', amount: 1299 },
    plan_type: 'standard-monthly',
    planType: 'standard-monthly',
    status: 'active',
    current_period_end: '2030-02-15T12:00:00.000Z',
    currentPeriodEnd: '2030-02-15T12:00:00.000Z',
    currentPeriodStart: '2030-01-15T12:00:00.000Z',
    trialEnd: null,
    cancel_at_period_end: false,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    createdAt: '2029-10-01T12:00:00.000Z',
    latest_invoice: null,
    scheduled_change: null,
    promoCode: null,
    user: {
      id: '00000000-0000-4000-8000-0000000000b1',
      email: 'maya@example.com',
      firstName: 'Maya',
      lastName: 'Patel',
      role: 'patient',
    },
    ...overrides,
  };
}

const maya = subscription();
const trial = subscription({
  id: '00000000-0000-4000-8000-0000000000d2',
  plan: { id: 'standard-annual', name: 'Standard Annual', interval: 'year', amount: 11999 },
  plan_type: 'standard-annual',
  planType: 'standard-annual',
  status: 'trialing',
  trialEnd: '2030-03-01T12:00:00.000Z',
  current_period_end: '2030-03-01T12:00:00.000Z',
  currentPeriodEnd: '2030-03-01T12:00:00.000Z',
  scheduled_change: { new_plan: 'free-tier', effective_date: '2030-03-01T12:00:00.000Z' },
  user: { id: 'u2', email: 'theo@example.com', firstName: 'Theo', lastName: 'Lund', role: 'patient' },
});
const leaving = subscription({
  id: '00000000-0000-4000-8000-0000000000d3',
  cancel_at_period_end: true,
  cancelAtPeriodEnd: true,
  user: { id: 'u3', email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Ng', role: 'patient' },
});
const free = subscription({
  id: '00000000-0000-4000-8000-0000000000d4',
  plan: { id: 'free-tier', name: 'Free', interval: 'lifetime', amount: 0 },
  plan_type: 'free-tier',
  planType: 'free-tier',
  current_period_end: null,
  currentPeriodEnd: null,
  createdAt: 'garbage',
  user: { id: 'u4', email: 'bo@example.com', firstName: 'Bo', lastName: 'Kim', role: 'patient' },
});

let fetchMock: Mock<typeof fetch>;
let listed: AdminSubscriptionRowResponse[];
let listFails: boolean;
let patchAnswer: { status: number; body: Record<string, unknown> } | null;

function urlOf(call: Parameters<typeof fetch>): URL {
  return new URL(String(call[0]), 'http://localhost');
}
function callsTo(method: string, pathEnd: string) {
  return fetchMock.mock.calls.filter(
    (call) => (call[1]?.method ?? 'GET') === method && urlOf(call).pathname.endsWith(pathEnd),
  );
}
function listCalls() {
  return callsTo('GET', '/subscriptions').map((call) => urlOf(call).searchParams);
}

describe('admin subscriptions', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(
      makeJwt(900),
      makeUser({ id: '00000000-0000-4000-8000-0000000000a1', userRole: 'admin', timezone: 'UTC' }),
    );
    listed = [maya, trial, leaving, free];
    listFails = false;
    patchAnswer = null;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname.endsWith('/subscriptions') && method === 'GET') {
        if (listFails) return jsonResponse({ success: false, message: 'Invalid query' }, { status: 400 });
        const search = url.searchParams.get('search');
        const rows = search === 'nobody' ? [] : listed;
        return jsonResponse({
          success: true,
          subscriptions: rows,
          total: rows.length,
          page: 1,
          limit: Number(url.searchParams.get('limit')),
          pages: 1,
          hasNext: false,
        });
      }
      if (method === 'PATCH') {
        if (patchAnswer) return jsonResponse(patchAnswer.body, { status: patchAnswer.status });
        const { status } = JSON.parse(String(init?.body)) as {
          status: AdminSubscriptionRowResponse['status'];
        };
        listed = listed.map((row) => (url.pathname.includes(row.id) ? { ...row, status } : row));
        const { user: _user, ...changed } = listed.find((row) => url.pathname.includes(row.id))!;
        return jsonResponse({
          success: true,
          message: `Subscription status updated to ${status}`,
          subscription: changed,
        });
      }
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows every subscription with its user, plan, status, amount, dates and scheduled change', async () => {
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    expect(screen.getByText('Loading subscriptions...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Plan', 'Status', 'Amount', 'Period end', 'Scheduled change', 'Created', 'Actions']);
    const cells = (email: string) =>
      within(within(table).getByText(email).closest('tr')!)
        .getAllByRole('cell')
        .map((td) => td.textContent)
        .slice(0, 7);
    expect(cells('maya@example.com')).toEqual([
      'Maya Patelmaya@example.com',
      'Standard Monthly',
      'Active',
      '$12.99 / month',
      formatBillingDate('2030-02-15T12:00:00.000Z'),
      'None',
      formatBillingDate('2029-10-01T12:00:00.000Z'),
    ]);
    const march = formatBillingDate('2030-03-01T12:00:00.000Z');
    expect(cells('theo@example.com')).toEqual([
      'Theo Lundtheo@example.com',
      'Standard Annual',
      'Trialing',
      '$119.99 / year',
      `${march}Trial ends`,
      `Changes to Free on ${march}`,
      formatBillingDate('2029-10-01T12:00:00.000Z'),
    ]);
    expect(cells('ivy@example.com')[2]).toBe('Canceling');
    expect(cells('bo@example.com')).toEqual([
      'Bo Kimbo@example.com',
      'Free',
      'Active',
      '$0.00',
      'N/A',
      'None',
      'Invalid date',
    ]);
    expect(screen.getByText('4 subscriptions')).toBeInTheDocument();
  });

  it('searches by user after a pause, filters by status and plan on the server, and says when none match', async () => {
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    await screen.findByRole('table', { name: 'Subscriptions' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Past due');
    await waitFor(() => expect(listCalls().some((q) => q.get('status') === 'past_due')).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Plan'), 'Standard Annual');
    await waitFor(() =>
      expect(
        listCalls().some((q) => q.get('status') === 'past_due' && q.get('plan') === 'standard-annual'),
      ).toBe(true),
    );
    expect(
      within(screen.getByLabelText('Plan'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All plans', 'Free', 'Standard Monthly', 'Standard Annual', 'Provider Connect']);
    await userEvent.type(screen.getByLabelText('Search subscriptions'), 'nobody');
    expect(await screen.findByText('No subscriptions found')).toBeInTheDocument();
    expect(screen.getByText('Try another search or filter.')).toBeInTheDocument();
    // Debounced: one request for the whole word, none for its first letters.
    expect(listCalls().filter((q) => q.get('search') === 'nobody')).toHaveLength(1);
    expect(listCalls().filter((q) => q.get('search') === 'n')).toHaveLength(0);
  });

  it('offers 10, 25, 50 and All rows per page; All asks for the largest page', async () => {
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    await screen.findByRole('table', { name: 'Subscriptions' });
    expect(listCalls()[0]?.get('limit')).toBe('10');
    const select = screen.getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', 'All']);
    await userEvent.selectOptions(select, 'All');
    await waitFor(() => expect(listCalls().some((q) => q.get('limit') === '1000')).toBe(true));
    expect(select).toHaveValue('0');
  });

  it('changes a status after confirming: PATCH, the server message, the new badge', async () => {
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    await userEvent.click(within(table).getByRole('button', { name: 'Change status for Maya Patel' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Trialing', 'Active (current)', 'Past due', 'Canceled', 'Incomplete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Past due' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change subscription status' });
    expect(within(confirm).getByText("Change this subscription's status to Past due?")).toBeInTheDocument();
    expect(callsTo('PATCH', '/status')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(callsTo('PATCH', `/subscriptions/${maya.id}/status`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo('PATCH', '/status')[0]![1]?.body))).toEqual({ status: 'past_due' });
    expect(await screen.findByText('Subscription status updated to past_due')).toBeInTheDocument();
    const row = within(table).getByText('maya@example.com').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Past due')).toBeInTheDocument());
  });

  it('changes nothing when the confirmation is canceled', async () => {
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    await userEvent.click(within(table).getByRole('button', { name: 'Change status for Theo Lund' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Canceled' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change subscription status' });
    expect(within(confirm).getByText("Change this subscription's status to Canceled?")).toBeInTheDocument();
    expect(within(confirm).getByText(/moves to the Free plan/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change subscription status' })).not.toBeInTheDocument(),
    );
    expect(callsTo('PATCH', '/status')).toHaveLength(0);
  });

  it('shows the server message of a failed change, or Something went wrong without one', async () => {
    patchAnswer = {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Subscription not found' },
    };
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    const changeTo = async (status: string) => {
      await userEvent.click(within(table).getByRole('button', { name: 'Change status for Maya Patel' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: status }));
      const confirm = await screen.findByRole('dialog', { name: 'Change subscription status' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Change status' }));
    };
    await changeTo('Incomplete');
    expect(await screen.findByText('Subscription not found')).toBeInTheDocument();
    patchAnswer = { status: 500, body: {} };
    await changeTo('Trialing');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(
      within(within(table).getByText('maya@example.com').closest('tr')!).getByText('Active'),
    ).toBeInTheDocument();
  });

  it('shows an error with Try Again when the list cannot load', async () => {
    listFails = true;
    renderWithProviders(<SubscriptionsPage />, '/admin/subscriptions');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to load subscriptions')).toBeInTheDocument();
    expect(within(alert).getByText('Invalid query')).toBeInTheDocument();
    listFails = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Subscriptions' })).toBeInTheDocument();
  });
});

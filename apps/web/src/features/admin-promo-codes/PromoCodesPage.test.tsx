import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromoCodeResponse } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { adminToday } from './api';
import { PromoCodesPage } from './PromoCodesPage';

function promo(overrides: Partial<PromoCodeResponse> = {}): PromoCodeResponse {
  const id = overrides.id ?? '00000000-0000-4000-8000-0000000000c1';
  return {
    _id: id,
    id,
    code: 'SPRING10',
    discountType: 'percentage',
    discount: 10,
    description: 'Spring offer',
    maxUses: 10,
    currentUses: 3,
    oneTimeUse: true,
    active: true,
    duration: 'forever',
    durationInMonths: null,
    expiresAt: '2031-01-31',
    createdAt: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const spring = promo();
const fixed = promo({
  id: '00000000-0000-4000-8000-0000000000c2',
  code: 'TAKE12',
  discountType: 'fixed',
  discount: 12.5,
  maxUses: null,
  currentUses: 0,
  duration: 'multipleMonths',
  durationInMonths: 3,
  active: false,
  description: 'Twelve fifty off',
  expiresAt: '',
});
const once = promo({
  id: '00000000-0000-4000-8000-0000000000c3',
  code: 'ONCE5',
  duration: 'once',
  expiresAt: 'garbage',
  description: 'Once only',
});

let fetchMock: Mock<typeof fetch>;
let listed: PromoCodeResponse[];
let answer: { status: number; body: Record<string, unknown> } | null;

function urlOf(call: Parameters<typeof fetch>): URL {
  return new URL(String(call[0]), 'http://localhost');
}
function callsTo(method: string, pathEnd: string) {
  return fetchMock.mock.calls.filter(
    (call) => (call[1]?.method ?? 'GET') === method && urlOf(call).pathname.endsWith(pathEnd),
  );
}
function bodyOf(call: Parameters<typeof fetch> | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
}

describe('promo codes management', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(
      makeJwt(900),
      makeUser({ id: '00000000-0000-4000-8000-0000000000a1', userRole: 'admin', timezone: 'UTC' }),
    );
    listed = [spring, fixed, once];
    answer = null;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (answer && method !== 'GET') return jsonResponse(answer.body, { status: answer.status });
      if (url.pathname.endsWith('/promo-codes/export.csv'))
        return new Response('Code,Discount\r\nSPRING10,10\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      if (url.pathname.endsWith('/promo-codes') && method === 'GET') {
        const search = url.searchParams.get('search');
        const rows = search === 'nothing' ? [] : listed;
        return jsonResponse({
          success: true,
          promoCodes: rows,
          total: rows.length,
          page: 1,
          limit: Number(url.searchParams.get('limit')),
          pages: 1,
          hasNext: false,
        });
      }
      if (method === 'POST')
        return jsonResponse(
          { success: true, message: 'Promo code created successfully', promoCode: spring },
          { status: 201 },
        );
      if (method === 'PUT')
        return jsonResponse({ success: true, message: 'Promo code updated successfully', promoCode: spring });
      if (method === 'DELETE')
        return jsonResponse({ success: true, message: 'Promo code deleted successfully' });
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the codes with their columns: discount, duration, usage, expiration and status', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    expect(screen.getByText('Loading promo codes...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Code',
      'Discount',
      'Duration',
      'Description',
      'Usage',
      'Expiration',
      'Status',
      'Actions',
    ]);
    const cells = (code: string) =>
      within(within(table).getByText(code).closest('tr')!)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells('SPRING10').slice(0, 7)).toEqual([
      'SPRING10',
      '10%',
      'Forever',
      'Spring offer',
      '3 / 10',
      'Jan 31, 2031',
      'Active',
    ]);
    expect(cells('TAKE12').slice(0, 7)).toEqual([
      'TAKE12',
      '$12.50',
      '3 months',
      'Twelve fifty off',
      '0 / ∞',
      'N/A',
      'Inactive',
    ]);
    expect(cells('ONCE5').slice(1, 6)).toEqual(['10%', 'Once', 'Once only', '3 / 10', 'Invalid date']);
    const row = within(table).getByText('SPRING10').closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Edit promo code SPRING10' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete promo code SPRING10' })).toBeInTheDocument();
  });

  it('sorts on the server by a header, then the other way', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    const first = urlOf(callsTo('GET', '/promo-codes')[0]!);
    expect([first.searchParams.get('sort'), first.searchParams.get('order')]).toEqual(['createdAt', 'desc']);
    await userEvent.click(within(table).getByRole('button', { name: 'Usage' }));
    await waitFor(() =>
      expect(
        callsTo('GET', '/promo-codes').some(
          (call) =>
            urlOf(call).searchParams.get('sort') === 'currentUses' &&
            urlOf(call).searchParams.get('order') === 'asc',
        ),
      ).toBe(true),
    );
    const usage = within(table).getByRole('button', { name: 'Usage' }).closest('th')!;
    await waitFor(() => expect(usage).toHaveAttribute('aria-sort', 'ascending'));
    await userEvent.click(within(table).getByRole('button', { name: 'Usage' }));
    await waitFor(() => expect(usage).toHaveAttribute('aria-sort', 'descending'));
    expect(within(table).getByRole('button', { name: 'Code' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'none',
    );
  });

  it('offers All rows per page and asks the server for limit 0', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    const select = screen.getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', 'All']);
    await userEvent.selectOptions(select, 'All');
    await waitFor(() =>
      expect(
        callsTo('GET', '/promo-codes').some((call) => urlOf(call).searchParams.get('limit') === '0'),
      ).toBe(true),
    );
  });

  it('searches after a pause and says No promo codes found', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.type(screen.getByLabelText('Search promo codes'), 'nothing');
    expect(await screen.findByText('No promo codes found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create your first promo code' })).not.toBeInTheDocument();
    expect(
      callsTo('GET', '/promo-codes').filter((c) => urlOf(c).searchParams.get('search') === 'nothing'),
    ).toHaveLength(1);
  });

  it('with no codes at all offers to create the first one', async () => {
    listed = [];
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    expect(await screen.findByText('No promo codes found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first promo code' }));
    expect(await screen.findByRole('dialog', { name: 'New Promo Code' })).toBeInTheDocument();
  });

  it('creates a code: defaults, uppercase, every rule checked before sending, then the success toast', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(screen.getByRole('button', { name: 'New Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Promo Code' });
    const today = adminToday('UTC');

    // The defaults of Part 2 §9.
    expect(within(dialog).getByLabelText(/Discount type/)).toHaveValue('percentage');
    expect(within(dialog).getByLabelText(/Discount \(%\)/)).toHaveValue(10);
    expect(within(dialog).getByLabelText(/Discount \(%\)/)).toHaveAttribute('max', '100');
    expect(within(dialog).getByLabelText(/Discount \(%\)/)).toHaveAttribute('step', '1');
    expect(within(dialog).getByLabelText(/^Duration/)).toHaveValue('forever');
    expect(within(dialog).queryByLabelText(/Number of months/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Maximum uses')).toHaveValue(null);
    expect(within(dialog).getByLabelText('One-time use per customer')).toBeChecked();
    expect(within(dialog).getByLabelText('Active')).toBeChecked();
    const expiry = within(dialog).getByLabelText(/Expiration date/);
    expect(expiry).toHaveAttribute('min', today);
    expect((expiry as HTMLInputElement).value > today).toBe(true);

    // Nothing is sent while a rule is broken; every message shows at once.
    await userEvent.type(within(dialog).getByLabelText(/^Code/), 'bad code');
    await userEvent.clear(within(dialog).getByLabelText(/Discount \(%\)/));
    await userEvent.type(within(dialog).getByLabelText(/Discount \(%\)/), '150');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Duration/), 'multipleMonths');
    await userEvent.clear(within(dialog).getByLabelText(/Number of months/));
    await userEvent.type(within(dialog).getByLabelText(/Number of months/), '30');
    await userEvent.type(within(dialog).getByLabelText('Maximum uses'), '-2');
    await userEvent.clear(expiry);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));
    expect(await within(dialog).findByText('Code may contain letters and numbers only')).toBeInTheDocument();
    expect(within(dialog).getByText('Percentage discount cannot exceed 100')).toBeInTheDocument();
    expect(within(dialog).getByText('Number of months must be between 1 and 24')).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum uses must be 0 or more')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Expiration date is required')).toBeInTheDocument();
    expect(callsTo('POST', '/promo-codes')).toHaveLength(0);

    // A fixed discount allows cents up to 1000.
    await userEvent.selectOptions(within(dialog).getByLabelText(/Discount type/), 'fixed');
    const discount = within(dialog).getByLabelText(/Discount \(\$\)/);
    expect(discount).toHaveAttribute('max', '1000');
    expect(discount).toHaveAttribute('step', '0.01');
    await userEvent.clear(discount);
    await userEvent.type(discount, '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));
    expect(await within(dialog).findByText('Fixed discount can have at most 2 decimals')).toBeInTheDocument();

    const code = within(dialog).getByLabelText(/^Code/);
    await userEvent.clear(code);
    await userEvent.type(code, 'summer25');
    expect(code).toHaveValue('SUMMER25');
    await userEvent.clear(discount);
    await userEvent.type(discount, '12.5');
    await userEvent.clear(within(dialog).getByLabelText(/Number of months/));
    await userEvent.type(within(dialog).getByLabelText(/Number of months/), '3');
    await userEvent.clear(within(dialog).getByLabelText('Maximum uses'));
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Summer sale');
    await userEvent.type(expiry, '2031-02-01');
    await userEvent.click(within(dialog).getByLabelText('One-time use per customer'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));

    await waitFor(() => expect(callsTo('POST', '/promo-codes')).toHaveLength(1));
    const call = callsTo('POST', '/promo-codes')[0]!;
    expect(new Headers(call[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(bodyOf(call)).toEqual({
      code: 'SUMMER25',
      discountType: 'fixed',
      discount: 12.5,
      duration: 'multipleMonths',
      durationInMonths: 3,
      maxUses: null,
      description: 'Summer sale',
      expiresAt: '2031-02-01',
      oneTimeUse: false,
      active: true,
    });
    expect(await screen.findByText('Promo code created successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Promo Code' })).not.toBeInTheDocument(),
    );
  });

  it('refuses an expiry before today in the form', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(screen.getByRole('button', { name: 'New Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Promo Code' });
    await userEvent.type(within(dialog).getByLabelText(/^Code/), 'OLD1');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Old');
    const expiry = within(dialog).getByLabelText(/Expiration date/);
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));
    expect(
      await within(dialog).findByText('Expiration date cannot be earlier than today'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/promo-codes')).toHaveLength(0);
  });

  it('shows the server message of a failed save on the toast and the field, and keeps the dialog', async () => {
    answer = {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: 'A promo code with this code already exists' },
    };
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(screen.getByRole('button', { name: 'New Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Promo Code' });
    await userEvent.type(within(dialog).getByLabelText(/^Code/), 'SPRING10');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));
    expect(await screen.findAllByText('A promo code with this code already exists')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'New Promo Code' })).toBeInTheDocument();
  });

  it('says Something went wrong when a failure has no server message', async () => {
    answer = { status: 500, body: {} };
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(within(table).getByRole('button', { name: 'Delete promo code SPRING10' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete promo code' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('edits a code: locked fields disabled, only the editable ones sent', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(within(table).getByRole('button', { name: 'Edit promo code TAKE12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Promo Code' });
    expect(within(dialog).getByLabelText(/^Code/)).toHaveValue('TAKE12');
    for (const label of [
      /^Code/,
      /Discount type/,
      /Discount \(\$\)/,
      /^Duration/,
      /Number of months/,
      'Maximum uses',
    ])
      expect(within(dialog).getByLabelText(label)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Discount \(\$\)/)).toHaveValue(12.5);
    expect(within(dialog).getByLabelText(/Number of months/)).toHaveValue(3);
    expect(within(dialog).getByLabelText('Active')).not.toBeChecked();
    const description = within(dialog).getByLabelText(/Description/);
    await userEvent.clear(description);
    await userEvent.type(description, 'New words');
    await userEvent.type(within(dialog).getByLabelText(/Expiration date/), '2031-03-01');
    await userEvent.click(within(dialog).getByLabelText('Active'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo('PUT', `/promo-codes/${fixed.id}`)).toHaveLength(1));
    expect(bodyOf(callsTo('PUT', `/promo-codes/${fixed.id}`)[0])).toEqual({
      description: 'New words',
      expiresAt: '2031-03-01',
      oneTimeUse: true,
      active: true,
    });
    expect(await screen.findByText('Promo code updated successfully')).toBeInTheDocument();
  });

  it('asks before deleting a code, then deletes it', async () => {
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(within(table).getByRole('button', { name: 'Delete promo code SPRING10' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete promo code' });
    expect(within(confirm).getByText('Are you sure you want to delete this promo code?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `/promo-codes/${spring.id}`)).toHaveLength(1));
    expect(await screen.findByText('Promo code deleted successfully')).toBeInTheDocument();
  });

  it('exports the CSV through the client with the bearer token, as promo-codes.csv', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:promo';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    renderWithProviders(<PromoCodesPage />, '/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await userEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = callsTo('GET', '/promo-codes/export.csv')[0]!;
    expect(new Headers(call[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(clicks[0]?.download).toBe('promo-codes.csv');
    expect(await created[0]?.text()).toBe('Code,Discount\r\nSPRING10,10\r\n');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { ProviderRow } from './api';
import { MyProvidersPage } from './MyProvidersPage';

function provider(n: number, overrides: Partial<ProviderRow> = {}): ProviderRow {
  const id = `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
  return {
    _id: id,
    invitationId: id,
    patientInvitationId: id,
    doctorName: `Dr Provider ${n}`,
    doctorEmail: { email: `p${n}@clinic.io` },
    customerId: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    invitationStatus: 'pending',
    connectionStatus: 'active',
    getInvited: 'sendInvitation',
    sentOn: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const invitedMe = provider(1, { doctorName: 'Dr Ada Stone', getInvited: 'recieveInvitation' });
const accepted = provider(2, {
  doctorName: 'Dr Ben Ode',
  getInvited: 'recieveInvitation',
  invitationStatus: 'accepted',
});
const rejected = provider(3, {
  doctorName: 'Dr Cy Rae',
  getInvited: 'recieveInvitation',
  invitationStatus: 'rejected',
});
const mine = provider(4, { doctorName: 'Dr Dee Mine' });
const rows = [invitedMe, accepted, rejected, mine];

let fetchMock: Mock<typeof fetch>;
const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');
const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body ?? 'null')) as unknown;

describe('my providers', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser());
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/get-doctors')) {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const limit = Number(url.searchParams.get('limit'));
        const doctors = rows.filter((row) => row.doctorName.toLowerCase().includes(search));
        return jsonResponse({
          success: true,
          doctors,
          total: doctors.length,
          page: 1,
          limit,
          pages: 1,
          hasNext: false,
        });
      }
      if (url.pathname.endsWith('/update-doctor-status')) {
        const body = JSON.parse(String(init?.body)) as { newStatus: string };
        return jsonResponse({ success: true, message: `Provider status updated to ${body.newStatus}` });
      }
      if (url.pathname.endsWith('/delete-doctor')) {
        const body = JSON.parse(String(init?.body)) as { id: string };
        if (body.id === mine._id)
          return jsonResponse({ success: false, message: 'Cannot delete' }, { status: 409 });
        return jsonResponse({ success: true, message: 'Provider deleted successfully.' });
      }
      if (url.pathname.endsWith('/add-doctor'))
        return jsonResponse(
          { success: true, message: 'Invitation sent to dr@clinic.io.', emailInvitation: true },
          { status: 201 },
        );
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the table with the exact columns, search box and page sizes', async () => {
    renderWithProviders(<MyProvidersPage />, '/user/providers');
    const table = await screen.findByRole('table', { name: 'My providers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Provider Name', 'Provider ID', 'Status', 'Actions']);
    const search = screen.getByLabelText('Search providers');
    expect(search).toHaveAttribute('placeholder', 'Search By Name');
    const sizes = screen.getByLabelText('Rows per page');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25']);
    expect(sizes).toHaveValue('10');
    expect(urlOf(fetchMock.mock.calls[0]!).searchParams.get('limit')).toBe('10');

    await userEvent.selectOptions(sizes, '25');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((call) => urlOf(call).searchParams.get('limit') === '25')).toBe(true),
    );

    const badge = within(within(table).getByText('Dr Ben Ode').closest('tr')!).getByText('Accepted');
    expect(badge.closest('.mantine-Badge-root')).toHaveAttribute('data-variant', 'light');
    // Accept/Reject only on rows where the provider invited the client.
    const mineRow = within(table).getByText('Dr Dee Mine').closest('tr')!;
    expect(within(mineRow).queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(within(mineRow).getByRole('button', { name: 'Remove Dr Dee Mine' })).toBeInTheDocument();

    await userEvent.type(search, 'ADA');
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Dr Ben Ode')).toBeNull());
    expect(fetchMock.mock.calls.some((call) => urlOf(call).searchParams.get('search') === 'ADA')).toBe(true);
  });

  it('accepts a pending invitation and explains locked choices', async () => {
    renderWithProviders(<MyProvidersPage />, '/user/providers');
    const table = await screen.findByRole('table', { name: 'My providers' });
    await userEvent.click(within(table).getByRole('button', { name: 'Accept Dr Ada Stone' }));
    expect(await screen.findByText('Provider status updated to accepted')).toBeInTheDocument();
    const update = fetchMock.mock.calls.find((call) =>
      urlOf(call).pathname.endsWith('/update-doctor-status'),
    )!;
    expect(update[1]?.method).toBe('PUT');
    expect(bodyOf(update)).toEqual({ id: invitedMe._id, newStatus: 'accepted' });

    const acceptedReject = within(table).getByRole('button', { name: 'Reject Dr Ben Ode' });
    expect(acceptedReject).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(acceptedReject);
    expect(
      await screen.findByText('This action is disabled because the user is already Accepted.'),
    ).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Accept Dr Cy Rae' }));
    expect(await screen.findByText('This user is Rejected by Client.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter((call) => urlOf(call).pathname.endsWith('/update-doctor-status')),
    ).toHaveLength(1);
  });

  it('asks before removing and reports the outcome', async () => {
    renderWithProviders(<MyProvidersPage />, '/user/providers');
    const table = await screen.findByRole('table', { name: 'My providers' });
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Dr Ben Ode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to Remove this Provider?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Remove' }));
    expect(await screen.findByText('Provider deleted successfully.')).toBeInTheDocument();
    const remove = fetchMock.mock.calls.find((call) => urlOf(call).pathname.endsWith('/delete-doctor'))!;
    expect(bodyOf(remove)).toEqual({ id: accepted._id });

    await userEvent.click(within(table).getByRole('button', { name: 'Remove Dr Dee Mine' }));
    const again = await screen.findByRole('dialog', { name: 'Disconnect Confirmation' });
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm Remove' }));
    expect(await screen.findByText('Failed to delete Invitation.')).toBeInTheDocument();
  });

  it('invites a therapist by email and shows the empty state', async () => {
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ success: true, doctors: [], total: 0, page: 1, limit: 10, pages: 1, hasNext: false }),
    );
    renderWithProviders(<MyProvidersPage />, '/user/providers');
    expect(await screen.findByText('No providers yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Therapist's email"), 'dr@clinic.io');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to dr@clinic.io.')).toBeInTheDocument();
    const invite = fetchMock.mock.calls.find((call) => urlOf(call).pathname.endsWith('/add-doctor'))!;
    expect(invite[1]?.method).toBe('POST');
    expect(bodyOf(invite)).toEqual({ email: 'dr@clinic.io' });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { ClientRow } from './api';
import { ProviderDashboardPage } from './ProviderDashboardPage';

function client(n: number, overrides: Partial<ClientRow> = {}): ClientRow {
  return {
    _id: `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`,
    patientId: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
    isDeleted: false,
    invitationStatus: 'accepted',
    connectionStatus: 'active',
    accessLevel: 'full',
    firstName: `Client${n}`,
    lastName: 'Doe',
    displayName: `Client${n} Doe`,
    email: `c${n}@mail.io`,
    sentOn: '2025-03-01T10:00:00.000Z',
    getInvited: 'sendInvitation',
    lastActivity: '2025-03-05T10:00:00.000Z',
    inactiveReason: null,
    ...overrides,
  };
}

const active = client(1);
const fromClient = client(2, {
  invitationStatus: 'pending',
  getInvited: 'recieveInvitation',
  displayName: 'Rae Asks',
});
// The provider's own invitations come by address only, one shape with or without an account.
const sent = [
  { id: '00000000-0000-4000-8000-000000000501', email: 'new@mail.io', sentOn: '2025-03-02T10:00:00.000Z' },
  { id: '00000000-0000-4000-8000-000000000502', email: 'sam@mail.io', sentOn: '2025-03-03T10:00:00.000Z' },
];

let fetchMock: Mock<typeof fetch>;
const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body ?? 'null')) as Record<string, unknown>;

describe('provider dashboard', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider', firstName: 'Pia' }));
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/get-patients')) {
        const { data } = JSON.parse(String(init?.body)) as { data: { status?: string; search?: string } };
        const all = [active, fromClient];
        const patients = all.filter(
          (row) =>
            (!data.status || row.invitationStatus === data.status) &&
            (!data.search || row.displayName.toLowerCase().includes(data.search.toLowerCase())),
        );
        return jsonResponse({
          success: true,
          patients,
          total: patients.length,
          page: 1,
          limit: 10,
          pages: 1,
          hasNext: false,
          pendingEmailInvitations: sent,
        });
      }
      if (url.pathname.endsWith('/get-all-session-notes'))
        return jsonResponse({ success: true, data: [], signedLast30Days: 0 });
      if (url.pathname.endsWith('/update-patient-status'))
        return jsonResponse({ success: true, message: 'Client status updated to accepted' });
      if (url.pathname.endsWith('/delete-patient-invitation'))
        return jsonResponse({ success: true, message: 'Invitation cancelled.' });
      if (url.pathname.endsWith('/add-patient')) {
        const body = JSON.parse(String(init?.body)) as { email: string };
        if (body.email === 'taken@mail.io')
          return jsonResponse(
            { success: false, message: 'An invitation already exists for this person.' },
            { status: 409 },
          );
        return jsonResponse(
          { success: true, message: 'Invitation sent. The client appears in your list once they accept.' },
          { status: 201 },
        );
      }
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('lists the clients with the welcome heading, filters and an Open link', async () => {
    renderWithProviders(<ProviderDashboardPage />, '/provider/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Pia' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Clients' });
    const row = within(table).getByText('Client1 Doe').closest('tr')!;
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open Client1 Doe' })).toHaveAttribute(
      'href',
      `/provider/patient-overview/${active.patientId}`,
    );
    // a pending invitation has no connection yet, whatever the row's connection field says
    const pendingRow = within(table).getByText('Rae Asks').closest('tr')!;
    expect(within(pendingRow).getByText('Not connected yet')).toBeInTheDocument();
    expect(within(pendingRow).queryByText('Active')).not.toBeInTheDocument();
    const first = fetchMock.mock.calls.find((call) => urlOf(call).pathname.endsWith('/get-patients'))!;
    expect(first[1]?.method).toBe('POST');

    await userEvent.selectOptions(screen.getByLabelText('Invitation status'), 'rejected');
    expect(await screen.findByText('No clients match these filters')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        (call) =>
          urlOf(call).pathname.endsWith('/get-patients') &&
          (bodyOf(call).data as { status?: string }).status === 'rejected',
      ),
    ).toBe(true);
  });

  it('shows pending invitations with the right actions: clients by name, the provider’s own by address', async () => {
    renderWithProviders(<ProviderDashboardPage />, '/provider/dashboard');
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    for (const invite of sent) {
      const row = within(pending).getByText(invite.email).closest('tr')!;
      expect(within(row).getByText('You invited')).toBeInTheDocument();
      expect(
        within(row).getByRole('button', { name: `Cancel invitation to ${invite.email}` }),
      ).toBeInTheDocument();
    }
    expect(within(pending).queryByRole('button', { name: 'Cancel invitation to Rae Asks' })).toBeNull();
    await userEvent.click(within(pending).getByRole('button', { name: 'Accept Rae Asks' }));
    expect(await screen.findByText('Client status updated to accepted')).toBeInTheDocument();
    const update = fetchMock.mock.calls.find((call) =>
      urlOf(call).pathname.endsWith('/update-patient-status'),
    )!;
    expect(bodyOf(update)).toEqual({ id: fromClient._id, newStatus: 'accepted' });

    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel invitation to sam@mail.io' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invitation' });
    expect(within(dialog).getByText(/Cancel the invitation to sam@mail.io\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some((call) => urlOf(call).pathname.endsWith('/delete-patient-invitation')),
      ).toBe(true),
    );
    const cancelled = fetchMock.mock.calls.find((call) =>
      urlOf(call).pathname.endsWith('/delete-patient-invitation'),
    )!;
    expect(bodyOf(cancelled)).toEqual({ id: sent[1]?.id });
  });

  it('invites a client and shows the server conflict under the email', async () => {
    renderWithProviders(<ProviderDashboardPage />, '/provider/dashboard');
    await screen.findByRole('table', { name: 'Clients' });
    const email = screen.getByLabelText("Client's email");
    await userEvent.type(email, 'taken@mail.io');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation already exists for this person.')).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'New@Mail.io');
    await userEvent.type(screen.getByLabelText('First name (optional)'), 'Nia');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Invitation sent. The client appears in your list once they accept.'),
    ).toBeInTheDocument();
    const invites = fetchMock.mock.calls.filter((call) => urlOf(call).pathname.endsWith('/add-patient'));
    expect(bodyOf(invites.at(-1)!)).toEqual({ email: 'new@mail.io', firstName: 'Nia' });
    expect(email).toHaveValue('');
  });
});

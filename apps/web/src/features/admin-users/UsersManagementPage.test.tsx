import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { UsersManagementPage } from './UsersManagementPage';

const pending = makeUser({
  id: '00000000-0000-4000-8000-0000000000a2',
  firstName: 'Pat',
  lastName: 'Provider',
  email: 'pat@clinic.io',
  userRole: 'provider',
  isApproved: false,
});
const client = makeUser({
  id: '00000000-0000-4000-8000-0000000000a3',
  firstName: 'Cleo',
  lastName: 'Client',
});
const stats = { total: 3, patients: 1, providers: 1, admins: 1, pendingApproval: 1, pendingActivation: 0 };

let fetchMock: Mock<typeof fetch>;

function urlOf(call: Parameters<typeof fetch>): URL {
  return new URL(String(call[0]), 'http://localhost');
}

describe('users management', () => {
  beforeEach(() => {
    authStore.signIn(
      makeJwt(900),
      makeUser({ id: '00000000-0000-4000-8000-0000000000a1', userRole: 'admin' }),
    );
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/getUserStats')) return jsonResponse({ success: true, stats });
      if (url.pathname.endsWith('/getAllUsers')) {
        const search = url.searchParams.get('search');
        const users = search === 'nobody' ? [] : [pending, client];
        return jsonResponse({
          success: true,
          users,
          total: users.length,
          page: 1,
          limit: 10,
          pages: 1,
          hasNext: false,
        });
      }
      if (url.pathname.endsWith('/approve'))
        return jsonResponse({ success: true, message: 'Provider approved.' });
      if (init?.method === 'DELETE') return jsonResponse({ success: true, message: 'User deleted.' });
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the statistics and the users, and approves a pending provider', async () => {
    renderWithProviders(<UsersManagementPage />, '/admin/all-users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const stat = screen.getByText('Pending Approval').parentElement!;
    expect(within(stat).getByText('1')).toBeInTheDocument();
    const row = within(table).getByText('pat@clinic.io').closest('tr')!;
    expect(within(row).getByText('Pending approval')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);

    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some((call) => urlOf(call).pathname.endsWith(`/users/${pending.id}/approve`)),
      ).toBe(true),
    );
  });

  it('asks before deleting a user', async () => {
    renderWithProviders(<UsersManagementPage />, '/admin/all-users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByText('Cleo Client').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          (call) =>
            urlOf(call).pathname.endsWith(`/users/${client.id}/delete`) && call[1]?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('searches on the server after a pause and shows the empty state', async () => {
    renderWithProviders(<UsersManagementPage />, '/admin/all-users');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    const searches = fetchMock.mock.calls.filter(
      (call) => urlOf(call).searchParams.get('search') === 'nobody',
    );
    expect(searches).toHaveLength(1);
    const listCalls = fetchMock.mock.calls.filter((call) => urlOf(call).pathname.endsWith('/getAllUsers'));
    expect(
      listCalls.every((call) => ['null', 'nobody'].includes(String(urlOf(call).searchParams.get('search')))),
    ).toBe(true);
  });
});

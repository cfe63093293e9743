import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { InactiveClient } from './api';
import { InactiveClientsPage, selectionAfterBulk } from './InactiveClientsPage';

const rows: InactiveClient[] = [1, 2, 3].map((n) => ({
  id: `00000000-0000-4000-8000-00000000060${n}`,
  connectionId: `00000000-0000-4000-8000-00000000070${n}`,
  displayName: `Client ${n}`,
  email: `c${n}@mail.io`,
  connectionStatus: n === 3 ? 'disconnected' : 'inactive',
  accessLevel: 'none',
  reason: n === 1 ? 'Moved away' : null,
  since: '2025-03-01T10:00:00.000Z',
}));

let fetchMock: Mock<typeof fetch>;
let failId: string | null = null;
const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');

describe('inactive clients', () => {
  beforeEach(() => {
    failId = null;
    authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/provider/inactive-clients')) {
        const include = url.searchParams.get('includeDisconnected') === 'true';
        const clients = rows.filter((row) => include || row.connectionStatus === 'inactive');
        return jsonResponse({ success: true, clients, total: clients.length, hasNext: false });
      }
      if (url.pathname.endsWith('/bulk-update')) {
        const body = JSON.parse(String(init?.body)) as { clientIds: string[] };
        const results = body.clientIds.map((clientId) => ({
          clientId,
          success: clientId !== failId,
          message:
            clientId === failId ? 'Only inactive clients can be reactivated.' : 'Reactivation requested.',
        }));
        const success = results.every((r) => r.success);
        return jsonResponse({ success, results }, { status: success ? 200 : 207 });
      }
      if (url.pathname.endsWith('/status-history'))
        return jsonResponse({
          success: true,
          history: [
            {
              kind: 'marked_inactive',
              fromStatus: 'accepted',
              toStatus: 'accepted',
              fromConnectionStatus: 'active',
              toConnectionStatus: 'inactive',
              reason: 'Moved away',
              actorRole: 'provider',
              createdAt: '2025-03-01T10:00:00.000Z',
            },
          ],
        });
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('keeps the selection only when an item failed', () => {
    const ok = { success: true, results: [{ clientId: 'a', success: true, message: '' }] };
    const partial = {
      success: false,
      results: [
        { clientId: 'a', success: true, message: '' },
        { clientId: 'b', success: false, message: 'no' },
      ],
    };
    expect(selectionAfterBulk(['a'], ok)).toEqual([]);
    expect(selectionAfterBulk(['a', 'b'], partial)).toEqual(['a', 'b']);
  });

  it('filters, shows history, and bulk-updates with per-item failures', async () => {
    renderWithProviders(<InactiveClientsPage />, '/provider/inactive-clients');
    const table = await screen.findByRole('table', { name: 'Inactive clients' });
    expect(within(table).queryByText('Client 3')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Include disconnected' }));
    expect(await within(table).findByText('Client 3')).toBeInTheDocument();
    expect(urlOf(fetchMock.mock.calls.at(-1)!).searchParams.get('statusFilter')).toBe('all');

    await userEvent.click(within(table).getByRole('button', { name: 'Status history of Client 1' }));
    const history = await screen.findByRole('dialog', { name: 'Status history: Client 1' });
    expect(await within(history).findByText('Marked inactive')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    failId = rows[2]!.id;
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Client 1' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Client 3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request reactivation' }));
    const failures = await screen.findByRole('list', { name: 'Failed updates' });
    expect(
      within(failures).getByText('Client 3: Only inactive clients can be reactivated.'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const bulk = fetchMock.mock.calls.find((call) => urlOf(call).pathname.endsWith('/bulk-update'))!;
    expect(bulk[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(bulk[1]?.body))).toEqual({
      clientIds: [rows[0]!.id, rows[2]!.id],
      action: 'reactivate',
    });

    failId = null;
    await userEvent.click(screen.getByRole('button', { name: 'Request reactivation' }));
    await waitFor(() => expect(screen.getByText('0 selected')).toBeInTheDocument());
    expect(screen.queryByRole('list', { name: 'Failed updates' })).toBeNull();
  });
});

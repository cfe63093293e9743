import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionNotes } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { PatientOverviewPage } from '../PatientOverviewPage';
import { ProviderDashboardPage } from '../ProviderDashboardPage';
import type { SessionNote } from './api';
import { patientId, startNotesServer, type NotesServer } from './test-notes';

const otherId = '00000000-0000-4000-8000-000000000502';

function sessionNote(n: number, overrides: Partial<SessionNote> = {}): SessionNote {
  const id = `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`;
  return {
    _id: id,
    id,
    title: `Progress Note ${n}`,
    category: 'session',
    date: '2026-11-20',
    time: '3:30 PM',
    isSigned: false,
    signedAt: null,
    patientDetails: { _id: patientId, firstName: 'Cora', lastName: 'Vale' },
    ...overrides,
  };
}

let server: NotesServer;

beforeEach(() => {
  authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider', firstName: 'Pia' }));
  server = startNotesServer();
  // The dashboard's and the overview's own calls.
  server.extra = (url) => {
    if (url.pathname.endsWith('/get-patients'))
      return jsonResponse({
        success: true,
        patients: [],
        total: 0,
        page: 1,
        limit: 10,
        pages: 1,
        hasNext: false,
        pendingEmailInvitations: [],
      });
    if (url.pathname.endsWith(`/provider/clients/${patientId}/connection-status`))
      return jsonResponse({
        success: true,
        status: 'accepted',
        connectionStatus: 'active',
        accessLevel: 'full',
        hasAccess: true,
      });
    if (url.pathname.endsWith(`/user-detail/${patientId}`))
      return jsonResponse({
        success: true,
        user: makeUser({ id: patientId, firstName: 'Cora', lastName: 'Vale' }),
      });
    return null;
  };
});

afterEach(async () => {
  cleanup();
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const renderDashboard = () =>
  renderRoutes(
    [
      { path: '/provider/dashboard', element: <ProviderDashboardPage /> },
      { path: '/provider/patient-overview/:patientId', element: <PatientOverviewPage /> },
    ],
    '/provider/dashboard',
  );

describe('the dashboard’s Session Notes card', () => {
  it('lists the newest notes across clients with the signed count, polled, and links to the Notes/Plans tab', async () => {
    const intervals = vi.spyOn(globalThis, 'setInterval');
    server.sessionNotes = [
      sessionNote(1, { isSigned: true, signedAt: '2026-11-20T23:40:00.000Z' }),
      sessionNote(2, {
        title: 'Intake',
        date: '2026-11-18',
        time: '9:05 AM',
        patientDetails: { _id: otherId, firstName: 'Lev', lastName: 'Stone' },
      }),
    ];
    server.signedLast30Days = 7;
    const { router } = renderDashboard();
    const card = await screen.findByRole('region', { name: 'Session Notes' });
    const rows = within(await within(card).findByRole('list', { name: 'Session notes' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Progress Note 1');
    expect(rows[0]).toHaveTextContent('Nov 20, 2026 · 3:30 PM');
    expect(within(rows[0]!).getByText('Signed')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Intake');
    expect(rows[1]).toHaveTextContent('Nov 18, 2026 · 9:05 AM');
    expect(within(rows[1]!).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Lev Stone' })).toHaveAttribute(
      'href',
      `/provider/patient-overview/${otherId}?tab=notes/plans`,
    );
    expect(within(card).getByText('Signed notes (last 30 days)').nextElementSibling).toHaveTextContent('7');

    const [call] = server.calls('GET', /get-all-session-notes$/);
    expect(new URL(String(call![0]), 'http://x').searchParams.get('limit')).toBe(String(sessionNotes.limit));
    expect(intervals).toHaveBeenCalledWith(expect.any(Function), sessionNotes.pollMs);

    await userEvent.click(within(rows[0]!).getByRole('link', { name: 'Cora Vale' }));
    expect(await screen.findByRole('tab', { name: 'Notes/Plans', selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=notes/plans');
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
  });

  it('opens the Notes/Plans tab for ?tab=notes too, where the note editor guards its changes', async () => {
    const { router } = renderRoutes(
      [
        { path: '/provider/patient-overview/:patientId', element: <PatientOverviewPage /> },
        { path: '/provider/dashboard', element: <h1>Dashboard page</h1> },
      ],
      `/provider/patient-overview/${patientId}?tab=notes`,
    );
    expect(await screen.findByRole('tab', { name: 'Notes/Plans', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'To-dos' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'New progress note' }));
    const editor = await screen.findByRole('dialog', { name: 'Progress note' });
    expect(editor).toHaveTextContent('Client: Cora Vale');
    await userEvent.type(within(editor).getByLabelText(/^Title/), ' 2');
    void router.navigate('/provider/dashboard');
    const guard = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await userEvent.click(within(guard).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/provider/patient-overview/${patientId}`);
  });

  it('says when there are no session notes, and offers a retry after an error', async () => {
    server.fail('GET', /get-all-session-notes/, { status: 403, message: 'Only providers can do this' });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Session Notes' });
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Only providers can do this');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByText('No session notes yet.')).toBeInTheDocument();
    expect(within(card).getByText('Signed notes (last 30 days)').nextElementSibling).toHaveTextContent('0');
  });
});

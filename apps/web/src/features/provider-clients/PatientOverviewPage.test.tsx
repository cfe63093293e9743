import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { PatientOverviewPage } from './PatientOverviewPage';

const clientId = '00000000-0000-4000-8000-000000000501';
const client = makeUser({ id: clientId, firstName: 'Cora', lastName: 'Vale', email: 'cora@mail.io' });
let connectionStatus = 'active';
let fetchMock: Mock<typeof fetch>;
const urlOf = (call: Parameters<typeof fetch>) => new URL(String(call[0]), 'http://localhost');

function renderOverview(id = clientId) {
  return renderRoutes(
    [
      { path: '/provider/patient-overview/:patientId', element: <PatientOverviewPage /> },
      { path: '/provider/dashboard', element: <h1>Dashboard page</h1> },
    ],
    `/provider/patient-overview/${id}`,
  );
}

describe('patient overview', () => {
  beforeEach(() => {
    connectionStatus = 'active';
    authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/goals/') && url.searchParams.get('patientId') === clientId)
        return jsonResponse({ success: true, data: { personal: [], therapist: [], all: [] } });
      if (!url.pathname.includes(clientId))
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
      if (url.pathname.endsWith('/connection-status'))
        return jsonResponse({
          success: true,
          status: 'accepted',
          connectionStatus,
          accessLevel: 'full',
          hasAccess: connectionStatus === 'active',
        });
      if (url.pathname.endsWith(`/get-all-patient-mood/${clientId}`))
        return jsonResponse({
          success: true,
          data: [],
          total: 0,
          page: 1,
          limit: 10,
          pages: 1,
          hasNext: false,
        });
      if (url.pathname.endsWith(`/user-detail/${clientId}`))
        return jsonResponse({ success: true, user: client });
      if (url.pathname.endsWith('/mark-inactive') && init?.method === 'PATCH') {
        connectionStatus = 'inactive';
        return jsonResponse({ success: true, message: 'Client marked inactive.' });
      }
      if (url.pathname.endsWith('/generate-reactivation-token'))
        return jsonResponse({
          success: true,
          message: 'Reactivation request sent.',
          expiresAt: '2025-03-10T10:00:00.000Z',
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

  it('shows the exact tabs, the profile and honest empty tabs', async () => {
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cora Vale' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Dashboard',
      'Notes/Plans',
      'Journals',
      'Summaries',
    ]);
    expect(screen.getByText('cora@mail.io', { selector: 'dd' })).toBeInTheDocument();
    const goals = await screen.findByRole('region', { name: 'Goals' });
    expect(await within(goals).findByText('No goals yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Journals' }));
    expect(await screen.findByText('No journal entries shared yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search entries' })).toBeInTheDocument();
  });

  it('hides the journal tabs while the connection is inactive', async () => {
    connectionStatus = 'inactive';
    renderOverview();
    await userEvent.click(await screen.findByRole('tab', { name: 'Journals' }));
    expect(await screen.findByText('The client’s journal entries are hidden')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(await screen.findByText('The client’s dashboard is hidden')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((call) => /patient-mood/.test(urlOf(call).pathname))).toBe(false);
  });

  it('says plainly when the client is not found or no longer connected', async () => {
    renderOverview('00000000-0000-4000-8000-000000000999');
    expect(
      await screen.findByRole('heading', { name: 'Client not found or no longer connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your clients' })).toHaveAttribute(
      'href',
      '/provider/dashboard',
    );
  });

  it('guards a dirty mark-inactive form, then marks inactive and offers reactivation', async () => {
    const { router } = renderOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark inactive' }));
    const form = await screen.findByRole('dialog', { name: 'Mark client inactive' });
    await userEvent.click(within(form).getByRole('button', { name: 'Mark inactive' }));
    expect(await within(form).findByText('Reason is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Moved away');

    void router.navigate('/provider/dashboard');
    const guard = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await userEvent.click(within(guard).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/provider/patient-overview/${clientId}`);

    await userEvent.click(within(form).getByRole('button', { name: 'Mark inactive' }));
    expect(await screen.findByText('Client marked inactive.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find((call) => urlOf(call).pathname.endsWith('/mark-inactive'))!;
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ reason: 'Moved away' });
    await userEvent.click(await screen.findByRole('button', { name: 'Request reactivation' }));
    expect(await screen.findByText(/Reactivation request sent\./)).toBeInTheDocument();

    // The form is clean again: leaving needs no question.
    void router.navigate('/provider/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull());
  });
});

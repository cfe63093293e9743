import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { SharedDashboardPage } from './SharedDashboardPage';

const snapshot = {
  timerange: '2 Weeks',
  total: 5,
  averageIntensity: 6,
  byMood: { Fine: 5 },
  byCoreEmotion: { Calm: 5 },
  bySentiment: { positive: 5, neutral: 0, negative: 0 },
  byPrimaryEmotion: { Calm: 5 },
  series: [{ date: '2026-11-20', count: 5, averageIntensity: 6, positive: 5, neutral: 0, negative: 0 }],
};

function serve(status: number, dashboardData: unknown = snapshot) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/refresh')) return jsonResponse({ success: false }, { status: 401 });
      if (status !== 200)
        return jsonResponse({ success: false, message: 'Shared dashboard not found' }, { status });
      return jsonResponse({
        success: true,
        data: { id: 'd1', patientId: 'p1', sharedAt: '2026-11-21T10:00:00.000Z', dashboardData },
      });
    }),
  );
}

const render = () =>
  renderRoutes(
    [{ path: '/provider/shared-dashboard/:id', element: <SharedDashboardPage /> }],
    '/provider/shared-dashboard/d1',
  );

describe('the shared dashboard (provider)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the snapshot read-only, with its range and date, and links to the client', async () => {
    serve(200);
    render();
    expect(await screen.findByText('Check-ins')).toBeInTheDocument();
    expect(screen.getByText(/Mood insights \(2 Weeks\) shared on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the client’s overview' })).toHaveAttribute(
      'href',
      '/provider/patient-overview/p1',
    );
    expect(screen.queryByRole('button', { name: /Share/ })).not.toBeInTheDocument();
  });

  it('says so when the snapshot is not one it can show, or is not there', async () => {
    serve(200, { note: 'something else' });
    const first = render();
    expect(await screen.findByText('This snapshot has no mood insights to show.')).toBeInTheDocument();
    first.unmount();
    serve(404);
    render();
    expect(await screen.findByText('Shared dashboard not found')).toBeInTheDocument();
  });
});

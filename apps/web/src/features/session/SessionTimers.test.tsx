import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setNavigator } from '../../app/navigation';
import { jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { resetSessionTimingsCache } from './config';
import { setPaymentInProgress } from './payment';
import { SessionTimers } from './SessionTimers';

let fetchMock: Mock<typeof fetch>;
let navigate: Mock<(to: string) => void>;

function serve(timings: Record<string, number>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/client-config')) return jsonResponse({ success: true, sessionTimings: timings });
    if (url.endsWith('/refresh'))
      return jsonResponse({ success: true, accessToken: makeJwt(900), user: makeUser() });
    return jsonResponse({ success: true });
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('session timer modals', () => {
  // The warnings are a lazy chunk in the app; load it once so the tests see them at once.
  beforeAll(async () => {
    await import('./SessionModals');
  });

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    resetSessionTimingsCache();
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    navigate = vi.fn<(to: string) => void>();
    setNavigator(navigate);
    authStore.signIn(makeJwt(3600), makeUser());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setNavigator(null);
    setPaymentInProgress(false);
    authStore.reset();
  });

  it("shows 'Session Timeout Warning' with a countdown; 'Continue Session' resumes", async () => {
    serve({ idleMs: 60_000, warningMs: 30_000, guardMs: 600_000, guardWarningMs: 60_000 });
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(<SessionTimers />, '/user/home');
    await advance(60_000);
    const dialog = screen.getByRole('dialog', { name: 'Session Timeout Warning' });
    expect(dialog).toHaveTextContent('00:30');
    await advance(10_000);
    expect(dialog).toHaveTextContent('00:20');
    fireEvent.click(screen.getByRole('button', { name: 'Continue Session' }));
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Session resumed successfully' })),
    );
    expect(screen.queryByRole('dialog', { name: 'Session Timeout Warning' })).toBeNull();
  });

  it('logs out when the countdown ends and goes to the client login with ?timeout=true', async () => {
    serve({ idleMs: 60_000, warningMs: 30_000, guardMs: 600_000, guardWarningMs: 60_000 });
    renderWithProviders(<SessionTimers />, '/user/home');
    await advance(90_000);
    await advance(0);
    expect(navigate).toHaveBeenCalledWith('/auth/login/client?timeout=true');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/security/session-timeout')).toBe(true);
    expect(authStore.getState().status).toBe('anonymous');
  });

  it("shows 'Session Expiring Soon' with a progress bar; 'Continue Session' refreshes the token", async () => {
    serve({ idleMs: 600_000, warningMs: 300_000, guardMs: 120_000, guardWarningMs: 60_000 });
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(<SessionTimers />, '/provider/dashboard');
    await advance(60_000);
    const dialog = screen.getByRole('dialog', { name: 'Session Expiring Soon' });
    expect(dialog).toHaveTextContent('01:00');
    expect(screen.getByRole('progressbar', { name: 'Time left in the session' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue Session' }));
    await advance(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/refresh'))).toBe(true);
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Session extended. You can continue working.' }),
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'Session Expiring Soon' })).toBeNull();
  });

  it('does not warn while a payment is in progress', async () => {
    serve({ idleMs: 60_000, warningMs: 30_000, guardMs: 600_000, guardWarningMs: 60_000 });
    renderWithProviders(<SessionTimers />, '/user/home');
    act(() => setPaymentInProgress(true));
    await advance(120_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

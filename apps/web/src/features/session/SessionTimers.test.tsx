import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setNavigator } from '../../app/navigation';
import { api } from '../../api/client';
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

  describe('telling the server about activity it cannot see', () => {
    const timings = { idleMs: 600_000, warningMs: 300_000, guardMs: 900_000, guardWarningMs: 120_000 };
    const reports = () =>
      fetchMock.mock.calls
        .filter(([url]) => String(url).endsWith('/session-activity'))
        .map(([, init]) => JSON.parse(String(init?.body)) as { payment: boolean });

    it('reports typing when no call reached the server for 30 s, and not more often', async () => {
      serve(timings);
      renderWithProviders(<SessionTimers />, '/user/journaling-feature');
      await advance(5_000);
      fireEvent.keyDown(window, { key: 'a' });
      await advance(0);
      expect(reports()).toEqual([]);
      await advance(30_000);
      fireEvent.keyDown(window, { key: 'b' });
      await advance(0);
      expect(reports()).toEqual([{ payment: false }]);
      for (let i = 0; i < 10; i += 1) {
        await advance(2_000);
        fireEvent.keyDown(window, { key: 'c' });
      }
      await advance(0);
      expect(reports()).toHaveLength(1);
      await advance(15_000);
      fireEvent.keyDown(window, { key: 'd' });
      await advance(0);
      expect(reports()).toHaveLength(2);
    });

    it('does not report when the app’s own calls reach the server', async () => {
      serve(timings);
      renderWithProviders(<SessionTimers />, '/user/home');
      for (let i = 0; i < 5; i += 1) {
        await advance(20_000);
        await act(async () => {
          await api.get('goals/');
        });
        fireEvent.mouseMove(window);
      }
      await advance(0);
      expect(reports()).toEqual([]);
    });

    it('does not report movements while the idle warning is open (they are not activity)', async () => {
      serve({ ...timings, idleMs: 60_000, warningMs: 30_000 });
      renderWithProviders(<SessionTimers />, '/user/home');
      await advance(60_000);
      expect(screen.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeInTheDocument();
      fireEvent.mouseMove(window);
      await advance(0);
      expect(reports()).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Continue Session' }));
      await advance(0);
      // Continue Session is activity the server hears of at once.
      expect(reports()).toEqual([{ payment: false }]);
    });

    it('asks for the longer idle limit on payment pages and during a payment, and gives it back', async () => {
      serve(timings);
      const { router } = renderWithProviders(<SessionTimers />, '/user/checkout');
      await advance(0);
      expect(reports()).toEqual([{ payment: true }]);
      await act(async () => {
        await router.navigate('/user/home');
      });
      await advance(0);
      expect(reports()).toEqual([{ payment: true }, { payment: false }]);
      act(() => setPaymentInProgress(true));
      await advance(0);
      expect(reports()).toEqual([{ payment: true }, { payment: false }, { payment: true }]);
    });
  });
});

import { notifications } from '@mantine/notifications';
import type { Role } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setNavigator } from '../../app/navigation';
import { queryClient } from '../../app/query-client';
import { tokenStore } from '../../api/token';
import { jsonResponse, makeJwt, makeUser } from '../../test/helpers';
import { autoLogout } from '../session/auto-logout';
import { authStore } from './auth-store';
import { logout, logoutTarget } from './logout';

let fetchMock: Mock<typeof fetch>;
let navigate: Mock<(to: string) => void>;

function signInAs(role: Role) {
  authStore.signIn(makeJwt(600), makeUser({ userRole: role }));
}

function setViewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function callsTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === path);
}

describe('logout', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    navigate = vi.fn<(to: string) => void>();
    setNavigator(navigate);
    setViewport(1280);
    window.history.replaceState(null, '', '/user/home');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
    authStore.reset();
  });

  it.each<[Role, number, string, string]>([
    ['patient', 1280, '', '/auth/login/client'],
    ['provider', 1280, '', '/auth/login'],
    ['admin', 1280, '', '/auth/login'],
    ['provider', 375, '', '/auth/login/client?m=1'],
    ['provider', 1280, '?m=1', '/auth/login/client?m=1'],
    ['patient', 1280, '?m=1', '/auth/login/client?m=1'],
    ['admin', 375, '?m=1', '/auth/login'],
  ])('%s at %i px with "%s" goes to %s', (role, width, search, expected) => {
    setViewport(width);
    window.history.replaceState(null, '', `/somewhere${search}`);
    expect(logoutTarget(role)).toBe(expected);
  });

  it('forgets journal drafts only when the user chose to log out', async () => {
    signInAs('patient');
    localStorage.setItem('ml.journalDraft.u1', '{"notes":"unsaved"}');
    localStorage.setItem('mix_layout', 'light');
    await logout();
    expect(localStorage.getItem('ml.journalDraft.u1')).not.toBeNull();
    signInAs('patient');
    await logout({ clearDrafts: true });
    expect(localStorage.getItem('ml.journalDraft.u1')).toBeNull();
    expect(localStorage.getItem('mix_layout')).toBe('light');
    localStorage.clear();
  });

  it('posts logout, clears identity, session storage and the query cache, then redirects', async () => {
    signInAs('provider');
    sessionStorage.setItem('something', 'x');
    queryClient.setQueryData(['me'], { id: 'u1' });

    await logout();

    const [url, init] = callsTo('/api/proxy/v1/logout')[0]!;
    expect(url).toBe('/api/proxy/v1/logout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(authStore.getState()).toMatchObject({
      status: 'anonymous',
      user: null,
      signedOutTo: '/auth/login',
    });
    expect(tokenStore.raw()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('only logs a failed logout call and still signs out', async () => {
    signInAs('patient');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await logout();
    expect(error).toHaveBeenCalled();
    expect(authStore.getState().status).toBe('anonymous');
    expect(navigate).toHaveBeenCalledWith('/auth/login/client');
  });
});

describe('automatic logout', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    navigate = vi.fn<(to: string) => void>();
    setNavigator(navigate);
    setViewport(1280);
    window.history.replaceState(null, '', '/user/home');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
    authStore.reset();
  });

  it('after inactivity: reports the timeout and the security logout, then goes to the login page with ?timeout=true', async () => {
    signInAs('patient');
    const userId = authStore.getState().user!.id;
    const show = vi.spyOn(notifications, 'show');

    await autoLogout('inactivity');

    const timeout = JSON.parse(String(callsTo('/api/security/session-timeout')[0]![1]?.body)) as Record<
      string,
      unknown
    >;
    expect(timeout).toMatchObject({ userId, reason: 'IDLE_TIMEOUT', duration: 300 });
    const security = JSON.parse(String(callsTo('/api/proxy/v1/security-logout')[0]![1]?.body)) as {
      type: string;
      reason: string;
      message: string;
      extras: Record<string, unknown>;
      deviceInfo: { userAgent: string; location: string };
    };
    expect(security).toMatchObject({
      type: 'security_logout',
      reason: 'automatic',
      message: 'You have been logged out due to inactivity.',
      extras: { autoLogoutReason: 'inactivity' },
    });
    expect(security.deviceInfo.userAgent.length).toBeLessThanOrEqual(100);
    expect(security.deviceInfo.location).toBeTruthy();
    expect(callsTo('/api/proxy/v1/logout')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/auth/login/client?timeout=true');
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'You have been logged out due to inactivity.', autoClose: 8_000 }),
      ),
    );
  });

  it('away too long: provider goes to /auth/login?timeout=true with its own message', async () => {
    signInAs('provider');
    const show = vi.spyOn(notifications, 'show');
    await autoLogout('away_too_long');
    expect(callsTo('/api/security/session-timeout')).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/auth/login?timeout=true');
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'You have been logged out after being away for too long.' }),
      ),
    );
  });

  it('when the logout call fails it says so and still clears the local session', async () => {
    signInAs('patient');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/logout')
        ? jsonResponse({ success: false, message: 'boom' }, { status: 500 })
        : jsonResponse({ success: true }),
    );
    const show = vi.spyOn(notifications, 'show');
    await autoLogout('session_expired');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Failed to log out automatically. Please try again.',
        color: 'red',
      }),
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your session has expired for security reasons.' }),
    );
    const timeout = JSON.parse(String(callsTo('/api/security/session-timeout')[0]![1]?.body)) as Record<
      string,
      unknown
    >;
    expect(timeout).toMatchObject({ reason: 'IDLE_TIMEOUT', duration: 900 });
    expect(authStore.getState().status).toBe('anonymous');
    expect(tokenStore.raw()).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { tokenStore } from '../../api/token';
import { jsonResponse, makeJwt, makeUser } from '../../test/helpers';
import { fetchMe, invalidUserDataMessage } from './api';
import { authStore } from './auth-store';
import { bootstrapAuth, installAuthHandlers } from './bootstrap';
import { sessionHint } from './session-hint';

let fetchMock: Mock<typeof fetch>;

describe('session start', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    authStore.reset();
    installAuthHandlers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStore.clear();
    authStore.reset();
  });

  it("says 'Invalid user data received' when GET me has no user object", async () => {
    tokenStore.set(makeJwt(600));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await expect(fetchMe()).rejects.toThrow(invalidUserDataMessage);
    expect(invalidUserDataMessage).toBe('Invalid user data received');
  });

  it('uses a valid stored token to load the user', async () => {
    tokenStore.set(makeJwt(600));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, user: makeUser({ firstName: 'Kim' }) }));
    await bootstrapAuth();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/proxy/v1/me');
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', user: { firstName: 'Kim' } });
  });

  it('without a valid token, tries one silent refresh and is signed out when it fails', async () => {
    sessionHint.set();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'no cookie' }, { status: 401 }));
    await bootstrapAuth();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/proxy/v1/refresh');
    expect(authStore.getState().status).toBe('anonymous');
    // the hint goes with the failed refresh: the next start asks nothing
    expect(sessionHint.present()).toBe(false);
  });

  it('asks no refresh on a browser that never signed in (no refresh 401 on a signed-out page)', async () => {
    sessionHint.clear();
    await bootstrapAuth();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('restores the session from the refresh cookie', async () => {
    sessionHint.set();
    const token = makeJwt(900);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, accessToken: token, user: makeUser() }));
    await bootstrapAuth();
    expect(authStore.getState().status).toBe('authenticated');
    expect(tokenStore.valid()).toBe(token);
    expect(sessionHint.present()).toBe(true);
  });
});

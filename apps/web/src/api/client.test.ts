import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, makeJwt, makeUser } from '../test/helpers';
import {
  api,
  ApiError,
  lastServerContactAt,
  setAuthHandlers,
  UNAUTHORIZED_EVENT,
  type UnauthorizedDetail,
} from './client';
import { tokenStore } from './token';

let fetchMock: Mock<typeof fetch>;

function lastAuthHeader(call: number): string | null {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers).get('Authorization');
}

describe('api client', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    setAuthHandlers({});
    tokenStore.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStore.clear();
  });

  it('calls the proxy base with no-store, credentials and the bearer token only while it is valid', async () => {
    const token = makeJwt(600);
    tokenStore.set(token);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await api.get('me');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/proxy/v1/me');
    expect(init?.cache).toBe('no-store');
    expect(init?.credentials).toBe('include');
    expect(lastAuthHeader(0)).toBe(`Bearer ${token}`);

    tokenStore.clear();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await api.post('login', { email: 'a@b.co', password: 'x' });
    expect(lastAuthHeader(1)).toBeNull();
    expect(fetchMock.mock.calls[1]![1]?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
  });

  it('remembers when a signed-in call last reached the server (not auth calls, not 401s)', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 9) });
    try {
      tokenStore.set(makeJwt(600));
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
      await api.get('me');
      const first = lastServerContactAt();
      expect(first).toBe(Date.now());
      vi.advanceTimersByTime(5_000);
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
      await api.get('client-config');
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: false }, { status: 401 }));
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: false }, { status: 401 }));
      await expect(api.get('goals/')).rejects.toBeInstanceOf(ApiError);
      expect(lastServerContactAt()).toBe(first);
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: false }, { status: 404 }));
      await expect(api.get('goals/x')).rejects.toBeInstanceOf(ApiError);
      expect(lastServerContactAt()).toBe(Date.now());
    } finally {
      vi.useRealTimers();
    }
  });

  it('never sends an expired token: it refreshes first', async () => {
    tokenStore.set(makeJwt(-30));
    const fresh = makeJwt(900);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: true, accessToken: fresh, user: makeUser() }))
      .mockResolvedValueOnce(jsonResponse({ success: true }));
    await api.get('get-2fa-settings');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/proxy/v1/refresh');
    expect(lastAuthHeader(1)).toBe(`Bearer ${fresh}`);
  });

  it('on a 401 fires unauthorized-response, refreshes once and retries the call', async () => {
    tokenStore.set(makeJwt(600));
    const fresh = makeJwt(900);
    const events: UnauthorizedDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<UnauthorizedDetail>).detail);
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    const onRefreshed = vi.fn();
    setAuthHandlers({ onRefreshed });
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ success: false, code: 'UNAUTHENTICATED', message: 'x' }, { status: 401 }),
      )
      .mockResolvedValueOnce(jsonResponse({ success: true, accessToken: fresh, user: makeUser() }))
      .mockResolvedValueOnce(jsonResponse({ success: true, value: 42 }));

    await expect(api.get<{ value: number }>('get-users', { query: { page: 2 } })).resolves.toEqual({
      success: true,
      value: 42,
    });
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);

    expect(events).toEqual([{ status: 401, source: 'get-users', url: '/api/proxy/v1/get-users?page=2' }]);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/proxy/v1/refresh');
    expect(lastAuthHeader(2)).toBe(`Bearer ${fresh}`);
    expect(onRefreshed).toHaveBeenCalledOnce();
    expect(tokenStore.valid()).toBe(fresh);
  });

  it('shares one refresh between simultaneous 401s', async () => {
    tokenStore.set(makeJwt(600));
    const fresh = makeJwt(900);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/refresh'))
        return jsonResponse({ success: true, accessToken: fresh, user: makeUser() });
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === `Bearer ${fresh}`
        ? jsonResponse({ success: true })
        : jsonResponse({ success: false, message: 'expired' }, { status: 401 });
    });
    await Promise.all([api.get('a'), api.get('b'), api.get('c')]);
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/refresh'));
    expect(refreshCalls).toHaveLength(1);
  });

  it('signs out when the refresh fails, and never retries more than once', async () => {
    tokenStore.set(makeJwt(600));
    const onSessionExpired = vi.fn();
    setAuthHandlers({ onSessionExpired });
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ success: false, message: 'Please log in to continue.' }, { status: 401 }),
      )
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'no cookie' }, { status: 401 }));
    const error = await api.get('me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not refresh on a 401 from an auth call (wrong password)', async () => {
    const onSessionExpired = vi.fn();
    setAuthHandlers({ onSessionExpired });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, code: 'UNAUTHENTICATED', message: 'Invalid email or password.' },
        { status: 401 },
      ),
    );
    const error = (await api.post('login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('Invalid email or password.');
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('surfaces errors as ApiError with status, code, message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          success: false,
          code: 'VALIDATION',
          message: 'Invalid input',
          errors: [{ path: 'email', message: 'Invalid format' }],
        },
        { status: 400 },
      ),
    );
    const error = (await api.post('registration', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Invalid input' });
    expect(error.errors).toEqual([{ path: 'email', message: 'Invalid format' }]);
  });

  describe('429', () => {
    it.each([
      [
        { blocked: true },
        '30',
        'red',
        'Access temporarily blocked due to too many requests. Please wait a few minutes.',
        10_000,
      ],
      [{ burst: true }, null, 'yellow', 'Please slow down your requests.', 3_000],
      [{}, '42', 'yellow', 'Rate limit reached. Please wait 42 seconds before trying again.', 5_000],
      [{}, null, 'yellow', 'Rate limit reached. Please wait 60 seconds before trying again.', 5_000],
    ])('body %j, Retry-After %s shows a %s toast', async (flags, retryAfter, color, message, autoClose) => {
      const show = vi.spyOn(notifications, 'show');
      fetchMock.mockResolvedValueOnce(
        jsonResponse(
          { success: false, code: 'RATE_LIMITED', message: 'Too many requests', ...flags },
          { status: 429, headers: retryAfter ? { 'retry-after': retryAfter } : {} },
        ),
      );
      const error = (await api.post('login', {}).catch((caught: unknown) => caught)) as ApiError;
      expect(error.status).toBe(429);
      await vi.waitFor(() => expect(show).toHaveBeenCalledOnce());
      expect(show.mock.calls[0]![0]).toMatchObject({ color, message, autoClose });
    });
  });

  it('warns on the console when the rate limit is nearly exhausted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(
          { success: true },
          { headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '5' } },
        ),
      )
      .mockResolvedValueOnce(
        jsonResponse(
          { success: true },
          { headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '5' } },
        ),
      );
    await api.get('me');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain('5 of 100');
    await api.get('me');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('sends FormData as multipart (no JSON content type) and paths under /api/ as they are', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true }));
    const body = new FormData();
    body.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.put('update-user-avatar', body);
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(body);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Content-Type')).toBeNull();
    await api.post('/api/audit-logs', { logs: [] });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/audit-logs');
  });

  describe('idempotent creates', () => {
    const keyOf = (call: number) =>
      new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Idempotency-Key');

    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('sends one key per call and the same key on each retry after a lost answer', async () => {
      tokenStore.set(makeJwt(600));
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(
          jsonResponse({ code: 'IDEMPOTENCY_IN_PROGRESS', message: 'busy' }, { status: 409 }),
        )
        .mockResolvedValueOnce(jsonResponse({ success: true, data: { id: 'e1' } }, { status: 201 }))
        .mockResolvedValueOnce(jsonResponse({ success: true, data: { id: 'e2' } }, { status: 201 }));
      const first = api.post('create-mood', { mood: 'Fine' }, { idempotent: true });
      await vi.runAllTimersAsync();
      await expect(first).resolves.toEqual({ success: true, data: { id: 'e1' } });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
      expect(keyOf(1)).toBe(keyOf(0));
      expect(keyOf(2)).toBe(keyOf(0));
      await api.post('create-mood', { mood: 'Fine' }, { idempotent: true });
      expect(keyOf(3)).not.toBe(keyOf(0));
    });

    it('gives up after three retries, and never retries a refusal or a plain call', async () => {
      tokenStore.set(makeJwt(600));
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const lost = api.post('goals/', { text: 'Walk' }, { idempotent: true }).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(await lost).toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(4);

      fetchMock.mockReset();
      fetchMock.mockResolvedValue(
        jsonResponse({ code: 'VALIDATION', message: 'Text is required' }, { status: 400 }),
      );
      await expect(api.post('goals/', {}, { idempotent: true })).rejects.toMatchObject({ status: 400 });
      expect(fetchMock).toHaveBeenCalledTimes(1);

      fetchMock.mockReset();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await expect(api.post('logout')).rejects.toMatchObject({ status: 0 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(keyOf(0)).toBeNull();
    });
  });
});

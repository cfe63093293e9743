import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { TimeZoneNotice } from './TimeZoneNotice';

describe('time zone notice', () => {
  beforeEach(() => {
    localStorage.clear();
    authStore.signIn(makeJwt(900), makeUser({ firstName: 'Maya', timezone: 'America/Denver' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('says nothing when the device is in the profile zone', () => {
    renderRoutes([{ path: '/', element: <TimeZoneNotice device="America/Denver" /> }], '/');
    expect(screen.queryByText('Your device is in another time zone')).toBeNull();
  });

  it("offers to move the profile to the device's zone", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse({
        success: true,
        message: 'Profile updated successfully.',
        user: makeUser({ firstName: 'Maya', ...JSON.parse(String(init?.body)) }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <TimeZoneNotice device="Asia/Tokyo" /> }], '/');
    expect(screen.getByText('Your device is in another time zone')).toBeInTheDocument();
    expect(screen.getByText('(UTC-07:00) Mountain Time (US & Canada)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use (UTC+09:00) Tokyo, Seoul' }));
    await waitFor(() => expect(screen.queryByText('Your device is in another time zone')).toBeNull());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/proxy/v1/update-user-info');
    expect(JSON.parse(String(init?.body))).toMatchObject({ timezone: 'Asia/Tokyo', firstName: 'Maya' });
    expect(authStore.getState().user?.timezone).toBe('Asia/Tokyo');
  });

  it('remembers keeping the profile zone for this pair of zones', async () => {
    const { unmount } = renderRoutes([{ path: '/', element: <TimeZoneNotice device="Europe/Paris" /> }], '/');
    await userEvent.click(
      screen.getByRole('button', { name: 'Keep (UTC-07:00) Mountain Time (US & Canada)' }),
    );
    expect(screen.queryByText('Your device is in another time zone')).toBeNull();
    unmount();
    renderRoutes([{ path: '/', element: <TimeZoneNotice device="Europe/Paris" /> }], '/');
    expect(screen.queryByText('Your device is in another time zone')).toBeNull();
  });
});

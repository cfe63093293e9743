import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { avatarLimits, passwordRuleMessage } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { tokenStore } from '../../api/token';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { avatarProblem } from './api';
import { ProfileSettingsPage } from './ProfileSettingsPage';
import { changePasswordSchema } from './sections/PasswordSection';

describe('profile checks', () => {
  it('checks the avatar type and size before uploading', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe(avatarLimits.typeMessage);
    expect(avatarProblem({ type: 'image/png', size: avatarLimits.maxBytes + 1 })).toBe(
      avatarLimits.sizeMessage,
    );
    expect(avatarProblem({ type: 'image/webp', size: avatarLimits.maxBytes })).toBeNull();
  });

  it('validates the password change with the shared rules plus the confirmation', () => {
    const result = changePasswordSchema.safeParse({
      oldPassword: 'Demo@1234',
      newPassword: 'weakpass',
      confirmNewPassword: 'other',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContain(`newPassword: ${passwordRuleMessage}`);
    expect(messages).toContain('confirmNewPassword: Passwords do not match');
    expect(
      changePasswordSchema.safeParse({
        oldPassword: 'Demo@1234',
        newPassword: 'Better@123',
        confirmNewPassword: 'Better@123',
      }).success,
    ).toBe(true);
  });
});

describe('profile settings page', () => {
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser({ firstName: 'Ann', timezone: 'America/Denver' }));
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/get-2fa-settings')) {
        return jsonResponse({
          success: true,
          settings: { enabled: false, method: null, totpPending: false },
        });
      }
      if (url.endsWith('/update-user-info')) {
        const body = JSON.parse(String(init?.body)) as Record<string, string>;
        return jsonResponse({ success: true, message: 'Profile updated.', user: makeUser(body) });
      }
      return jsonResponse({ success: true });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('saves names, time zone and phone through update-user-info', async () => {
    renderWithProviders(<ProfileSettingsPage />, '/profile/edit-profile');
    expect(screen.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home/My Profile/Profile Settings',
    );
    const section = screen.getByRole('region', { name: 'Personal information' });
    const zone = within(section).getByLabelText('Time zone');
    expect(within(zone).getAllByRole('option')).toHaveLength(15);
    await userEvent.selectOptions(zone, 'Europe/Paris');
    await userEvent.type(within(section).getByLabelText('Phone'), '123');
    await userEvent.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByText('Phone number must have at least 10 digits')).toBeInTheDocument();
    await userEvent.clear(within(section).getByLabelText('Phone'));
    await userEvent.type(within(section).getByLabelText('Phone'), '+1 555 010 2030');
    await userEvent.click(within(section).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(authStore.getState().user?.timezone).toBe('Europe/Paris'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/update-user-info'))!;
    expect(call[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call[1]?.body))).toMatchObject({
      timezone: 'Europe/Paris',
      phone: '+1 555 010 2030',
    });
  });

  it('turning two-factor on says the other devices are signed out, and goes on with the new token', async () => {
    await clearToasts();
    const renewed = makeJwt(1_800);
    const message = 'Two-factor authentication by email is on. Your other devices have been signed out.';
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/get-2fa-settings'))
        return jsonResponse({
          success: true,
          settings: { enabled: false, method: null, totpPending: false },
        });
      if (url.endsWith('/update-2fa-settings'))
        return jsonResponse({
          success: true,
          message,
          settings: { enabled: true, method: 'email', totpPending: false },
          accessToken: renewed,
        });
      if (url.endsWith('/me')) return jsonResponse({ success: true, user: makeUser({ firstName: 'Ann' }) });
      return jsonResponse({ success: true });
    });
    renderWithProviders(<ProfileSettingsPage />, '/profile/edit-profile');
    const section = screen.getByRole('region', { name: 'Two-factor authentication' });
    expect(
      within(section).getByText(/Other devices are signed out when you turn it on or off\./),
    ).toBeInTheDocument();
    await userEvent.type(await within(section).findByLabelText('Password'), 'Demo@1234');
    await userEvent.click(within(section).getByRole('button', { name: 'Use email codes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(tokenStore.raw()).toBe(renewed);
    // The next call (the user reloaded for the profile) carries the new session's token.
    await waitFor(() => {
      const me = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/me')).at(-1);
      expect(new Headers(me?.[1]?.headers).get('authorization')).toBe(`Bearer ${renewed}`);
    });
    // The card shows the method turned on.
    expect(await within(section).findByText('Email codes')).toBeInTheDocument();
  });

  it('offers the theme settings with dark options disabled for a Patient', () => {
    renderWithProviders(<ProfileSettingsPage />, '/profile/edit-profile');
    const appearance = screen.getByRole('region', { name: 'Appearance' });
    expect(within(appearance).getByLabelText('Dark (Coming Soon)')).toBeDisabled();
    expect(within(appearance).getByLabelText('Right to left (RTL)')).toBeEnabled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../auth-store';
import { ClientLoginPage, ProviderLoginPage } from './LoginPage';

let fetchMock: Mock<typeof fetch>;

function renderLogin(path = '/auth/login/client') {
  return renderRoutes(
    [
      { path: '/auth/login/client', element: <ClientLoginPage /> },
      { path: '/auth/login', element: <ProviderLoginPage /> },
      { path: '/auth/activate', element: <p>Activation page</p> },
      { path: '/user/home', element: <p>Patient home</p> },
      { path: '/provider/dashboard', element: <p>Provider home</p> },
    ],
    path,
  );
}

describe('login page', () => {
  beforeEach(() => {
    authStore.reset({ status: 'anonymous' });
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the validation messages of the shared schema under the fields', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Client Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid format')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains an inactivity timeout and keeps ?m=1 on its links', () => {
    renderLogin('/auth/login/client?timeout=true&m=1');
    expect(screen.getByText('Session expired due to inactivity. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register?m=1',
    );
    expect(screen.getByRole('link', { name: 'Provider login' })).toHaveAttribute('href', '/auth/login?m=1');
  });

  it('signs in and goes to the home of the role', async () => {
    const user = makeUser({ userRole: 'provider', firstName: 'Paula' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, accessToken: makeJwt(900), user }));
    const { router } = renderLogin('/auth/login');
    expect(screen.getByRole('heading', { name: 'Provider Login' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'provider@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo@1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider/dashboard'));
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', user: { firstName: 'Paula' } });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: 'provider@demo.local',
      password: 'Demo@1234',
    });
  });

  it('keeps the mobile app’s ?m=1 on the way to the home', async () => {
    const user = makeUser({ userRole: 'patient', firstName: 'Maya' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, accessToken: makeJwt(900), user }));
    const { router } = renderLogin('/auth/login/client?m=1');
    await userEvent.type(screen.getByLabelText('Email'), 'patient@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo@1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(router.state.location.search).toBe('?m=1');
  });

  it('shows the server message inline for a wrong password and for the 429 throttle', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ success: false, message: 'Invalid email or password.' }, { status: 401 }),
      )
      .mockResolvedValueOnce(
        jsonResponse(
          { success: false, message: 'Too many failed logins. Try again in 15 minutes.', blocked: true },
          { status: 429, headers: { 'retry-after': '900' } },
        ),
      );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'patient@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many failed logins. Try again in 15 minutes.')).toBeInTheDocument();
    // …and the toast of the 429, in the container that mounts with the first toast.
    expect(
      await screen.findByText(
        'Access temporarily blocked due to too many requests. Please wait a few minutes.',
      ),
    ).toBeInTheDocument();
  });

  it('links to activation when the account is not activated, and shows the approval message for providers', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(
          {
            success: false,
            message: 'Please activate your account first.',
            activationRequired: true,
            email: 'a@b.co',
          },
          { status: 403 },
        ),
      )
      .mockResolvedValueOnce(
        jsonResponse(
          { success: false, message: 'Your provider account is awaiting approval.', approvalRequired: true },
          { status: 403 },
        ),
      );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo@1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please activate your account first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activate your account' })).toHaveAttribute(
      'href',
      '/auth/activate',
    );
    expect(JSON.parse(sessionStorage.getItem('ml_pending_activation')!)).toMatchObject({ email: 'a@b.co' });

    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Your provider account is awaiting approval.')).toBeInTheDocument();
  });

  it('asks for the two-factor code when the server requires it', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({
          success: true,
          requires2fa: true,
          method: 'email',
          message: 'Enter the code we sent to your email.',
          two_factor_token: 'tf-1',
        }),
      )
      .mockResolvedValueOnce(jsonResponse({ success: true, accessToken: makeJwt(900), user: makeUser() }));
    const { router } = renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'patient@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo@1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor verification' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({
      two_factor_token: 'tf-1',
      two_factor_code: '123456',
    });
  });
});

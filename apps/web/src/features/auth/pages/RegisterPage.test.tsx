import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { passwordRuleMessage } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/helpers';
import { RegisterPage } from './RegisterPage';

let fetchMock: Mock<typeof fetch>;

describe('registration page', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = (path = '/auth/register') =>
    renderRoutes(
      [
        { path: '/auth/register', element: <RegisterPage /> },
        { path: '/auth/activate', element: <p>Activation page</p> },
      ],
      path,
    );

  it('names every missing field and the unaccepted Terms on an empty submit, and sends nothing', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(
      screen.getByText('Please accept the Terms of Use and Privacy Policy to continue.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the exact password rule and the mismatch message', async () => {
    render();
    await userEvent.type(screen.getByLabelText('First name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lee');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'alllowercase1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(passwordRuleMessage)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers a therapist and continues to the activation page', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: true, message: 'Registration successful.', activationToken: 'act-1', email: 'p@x.io' },
        { status: 201 },
      ),
    );
    const { router } = render();
    await userEvent.click(screen.getByLabelText('I am a therapist (provider)'));
    await userEvent.type(screen.getByLabelText('First name'), 'Paul');
    await userEvent.type(screen.getByLabelText('Last name'), 'Roe');
    await userEvent.type(screen.getByLabelText('Email'), 'p@x.io');
    await userEvent.type(screen.getByLabelText('Password'), 'Strong@123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Strong@123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // Not without the Terms of Use and the Privacy Policy accepted.
    expect(
      await screen.findByText('Please accept the Terms of Use and Privacy Policy to continue.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/activate'));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: 'Paul',
      lastName: 'Roe',
      email: 'p@x.io',
      role: 'provider',
      termsAccepted: true,
    });
    // The new account counts its days in this browser's zone.
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(JSON.parse(sessionStorage.getItem('ml_pending_activation')!)).toEqual({
      token: 'act-1',
      email: 'p@x.io',
      role: 'provider',
    });
  });

  it("ticks the box from the Terms modal's 'Accept'; the Privacy Policy modal only closes", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, privacyEmail: 'privacy@x.test' }));
    render();
    const box = screen.getByRole('checkbox', { name: /I have read and accept/ });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(within(privacy).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(within(privacy).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Terms of Use' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(await within(terms).findByText(/18 or older/)).toBeInTheDocument();
    await userEvent.click(within(terms).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toBeChecked();
  });
});

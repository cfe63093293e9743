import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, jsonResponse, renderRoutes } from '../../test/helpers';
import { resetConfirmations } from './CheckoutReturn';
import { SignupPlanPage } from './SignupPlanPage';
import { signupStep } from './signup-step';
import { planList } from './test-fixtures';

// The plan step of signup (decision 081): no session, the token activation answered, sent as
// X-Signup-Token; free goes to the login, Standard to the hosted checkout of the step.

const calls: { method: string; path: string; token: string | null; auth: string | null; body: unknown }[] =
  [];
let replies: Record<string, { status?: number; body: unknown }>;

function render(path = '/subscription/signup') {
  return renderRoutes(
    [
      { path: '/subscription/signup', element: <SignupPlanPage /> },
      { path: '/subscription/signup/checkout/:sessionId', element: <p>Signup checkout page</p> },
      { path: '/auth/login/client', element: <p>Client login page</p> },
    ],
    path,
  );
}

describe('Choose Your Plan at signup', () => {
  beforeEach(() => {
    signupStep.save('signup-token');
    replies = {};
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        const path = url.pathname.replace('/api/proxy/v1/', '');
        const method = init?.method ?? 'GET';
        const headers = new Headers(init?.headers);
        calls.push({
          method,
          path,
          token: headers.get('X-Signup-Token'),
          auth: headers.get('Authorization'),
          body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        });
        const reply = replies[`${method} ${path}`];
        if (reply) return jsonResponse(reply.body, { status: reply.status ?? 200 });
        if (path === 'subscription/plans') return jsonResponse({ success: true, plans: planList });
        return jsonResponse({ success: false, message: `unexpected ${method} ${path}` }, { status: 500 });
      }),
    );
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    signupStep.clear();
    resetConfirmations();
  });

  it('Free: activates with the signup token, toasts and goes to the client login', async () => {
    replies['POST subscription/signup-checkout'] = {
      body: { success: true, message: 'Free plan activated successfully!', redirect: '/auth/login/client' },
    };
    render();
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    const free = await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(free).getByRole('button', { name: 'Select Plan' }));
    expect(await screen.findByText('Client login page')).toBeInTheDocument();
    expect(await screen.findByText('Free plan activated successfully!')).toBeInTheDocument();
    const call = calls.find((c) => c.path === 'subscription/signup-checkout');
    expect(call).toMatchObject({ method: 'POST', token: 'signup-token', auth: null });
    expect(call?.body).toMatchObject({ planType: 'free-tier', isSignup: true });
    expect(signupStep.token()).toBeNull();
  });

  it("Standard: opens the step's own hosted checkout", async () => {
    replies['POST subscription/signup-checkout'] = {
      body: {
        success: true,
        url: '/checkout/cs_local_abc',
        sessionId: 'cs_local_abc',
        message: 'Redirecting',
      },
    };
    render();
    const monthly = await screen.findByRole('article', { name: 'Standard Monthly' });
    await userEvent.click(within(monthly).getByRole('button', { name: 'Select Plan' }));
    expect(await screen.findByText('Signup checkout page')).toBeInTheDocument();
    expect(signupStep.token()).toBe('signup-token');
  });

  it('Standard with the trial already used (an address whose account was deleted) says so on the way', async () => {
    replies['POST subscription/signup-checkout'] = {
      body: {
        success: true,
        url: '/checkout/cs_local_def',
        sessionId: 'cs_local_def',
        message: 'Your free trial has already been used.',
      },
    };
    render();
    const monthly = await screen.findByRole('article', { name: 'Standard Monthly' });
    await userEvent.click(within(monthly).getByRole('button', { name: 'Select Plan' }));
    expect(await screen.findByText('Signup checkout page')).toBeInTheDocument();
    expect(await screen.findByText('Your free trial has already been used.')).toBeInTheDocument();
  });

  it('back with session_id: confirms with the token, then the login', async () => {
    replies['GET subscription/signup-checkout/success'] = {
      body: {
        success: true,
        isUpgrade: false,
        isDowngrade: false,
        message: 'Subscription activated successfully!',
        redirect: '/auth/login/client',
      },
    };
    render('/subscription/signup?id=u1&session_id=cs_local_abc');
    expect(await screen.findByText('Client login page')).toBeInTheDocument();
    expect(await screen.findByText('Subscription activated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'subscription/signup-checkout/success')?.token).toBe('signup-token');
  });

  it('a failed confirmation shows the activation-error screen', async () => {
    replies['GET subscription/signup-checkout/success'] = {
      status: 400,
      body: {
        success: false,
        message: 'There was a problem activating your subscription. Please contact support.',
      },
    };
    render('/subscription/signup?id=u1&session_id=cs_local_bad');
    expect(await screen.findByRole('heading', { name: 'Subscription not activated' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Subscription Options' })).toBeInTheDocument();
  });

  it('a server refusal is shown as a toast and nothing moves', async () => {
    replies['POST subscription/signup-checkout'] = {
      status: 401,
      body: { success: false, message: 'Your sign-up step has expired. Please log in to choose your plan.' },
    };
    render();
    const annual = await screen.findByRole('article', { name: 'Standard Annual' });
    await userEvent.click(within(annual).getByRole('button', { name: 'Select Plan' }));
    expect(
      await screen.findByText('Your sign-up step has expired. Please log in to choose your plan.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
  });

  it('without the token (another tab, or later): the way to the login', async () => {
    signupStep.clear();
    render();
    expect(await screen.findByText('Sign-up step expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/auth/login/client');
    expect(calls).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CurrentSubscriptionResponse, SubscriptionResponse } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { resetConfirmations } from './CheckoutReturn';
import { SubscriptionPage } from './SubscriptionPage';
import { makeSubscription, planList } from './test-fixtures';

// The real widget is a proof-of-work web component; here a button stands in for solving it.
vi.mock('./CaptchaWidget', () => ({
  default: ({ onChange }: { onChange: (token: string | null) => void }) => (
    <button type="button" onClick={() => onChange('captcha-token')}>
      Solve captcha
    </button>
  ),
}));

type Reply = { status?: number; body: unknown };
let fetchMock: Mock<typeof fetch>;
let current: CurrentSubscriptionResponse;
let replies: Record<string, Reply | ((body: unknown) => Reply)>;
const calls: { method: string; path: string; body: unknown }[] = [];

function holding(sub: SubscriptionResponse | null): CurrentSubscriptionResponse {
  return { success: true, hasSubscription: sub !== null, subscription: sub };
}

function render(path = '/subscription') {
  return renderRoutes(
    [
      { path: '/subscription', element: <SubscriptionPage /> },
      { path: '/checkout/:sessionId', element: <p>Checkout page</p> },
    ],
    path,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Choose Your Plan', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser({ timezone: 'UTC' }));
    current = holding(null);
    replies = {};
    calls.length = 0;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/api/proxy/v1/', '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path: `${path}${url.search}`, body });
      const reply = replies[`${method} ${path}`];
      if (reply) {
        const { status, body: answer } = typeof reply === 'function' ? reply(body) : reply;
        return jsonResponse(answer, { status: status ?? 200 });
      }
      if (path === 'subscription/plans') return jsonResponse({ success: true, plans: planList });
      if (path === 'subscription/current') return jsonResponse(current);
      if (path === 'subscription/invoices') return jsonResponse({ success: true, invoices: [] });
      return jsonResponse({ success: false, message: `unexpected ${method} ${path}` }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
    resetConfirmations();
  });

  it('without a subscription: three cards to select, prices, badges, features and restrictions', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Free' });
    for (const name of ['Free', 'Standard Monthly', 'Standard Annual'])
      expect(within(card(name)).getByRole('button', { name: 'Select Plan' })).toBeEnabled();
    expect(within(card('Standard Annual')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Standard Annual')).getByText('$119.99')).toBeInTheDocument();
    expect(within(card('Standard Annual')).getByText('/year')).toBeInTheDocument();
    expect(within(card('Standard Annual')).getByText('$155.88').tagName).toBe('S');
    expect(within(card('Standard Monthly')).getByText('/month')).toBeInTheDocument();
    expect(within(card('Free')).getByText('No weekly AI insights')).toBeInTheDocument();
    expect(screen.queryByText('Current Plan')).toBeNull();
    expect(screen.queryByText('Your subscription')).toBeNull();
  });

  it('holding a monthly trial: the banner and the buttons by rank', async () => {
    current = holding(makeSubscription({ status: 'trialing', trialEnd: '2026-03-01T12:00:00.000Z' }));
    render();
    await screen.findByRole('article', { name: 'Free' });
    expect(within(card('Free')).getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled();
    expect(within(card('Standard Monthly')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(card('Standard Monthly')).getAllByText('Current Plan')).toHaveLength(2);
    expect(within(card('Standard Annual')).getByRole('button', { name: 'Upgrade Plan' })).toBeEnabled();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Trial');
    expect(screen.getByText('Free trial ends on Mar 1, 2026. Then $12.99/month.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Billing history' })).toBeInTheDocument();
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });

  it('holding annual: Downgrade Plan on monthly schedules the change', async () => {
    current = holding(makeSubscription({ planType: 'standard-annual' }));
    replies['PUT subscription/update'] = {
      body: {
        success: true,
        message: 'Your plan will change to Standard Monthly on 2026-03-15.',
        isDowngrade: true,
      },
    };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Monthly')).getByRole('button', { name: 'Downgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Standard Monthly' });
    expect(within(dialog).getByText(/on Mar 15, 2026, the end of your billing period/)).toBeInTheDocument();
    // The promo entry is for plans bought or upgraded to.
    expect(within(dialog).queryByLabelText('Promo code')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Downgrade' }));
    expect(
      await screen.findByText('Your plan will change to Standard Monthly on 2026-03-15.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      planType: 'standard-monthly',
      updateType: 'renewal',
      reason: 'user_downgrade',
      promoCode: null,
    });
  });

  it('a failed downgrade says so', async () => {
    current = holding(makeSubscription({ planType: 'standard-annual' }));
    replies['PUT subscription/update'] = { status: 500, body: {} };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Free')).getByRole('button', { name: 'Downgrade to Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Free' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Downgrade' }));
    expect(
      await screen.findByText('Failed to process downgrade. Please try again or contact support.'),
    ).toBeInTheDocument();
  });

  it('an upgrade shows the proration preview, then applies at once', async () => {
    current = holding(makeSubscription());
    replies['POST subscription/calculate-proration'] = {
      body: {
        success: true,
        currentPlan: 'standard-monthly',
        newPlan: 'standard-annual',
        remainingDays: 20,
        willProrate: true,
        prorationAmount: 11133,
      },
    };
    replies['PUT subscription/update'] = {
      body: { success: true, message: 'Subscription upgraded successfully!' },
    };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Annual')).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Summary' });
    expect(within(dialog).getByText('Due today (prorated)').nextSibling).toHaveTextContent('$111.33');
    expect(within(dialog).getByText('20 days')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'subscription/calculate-proration')?.body).toEqual({
      newPlanType: 'standard-annual',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Upgrade' }));
    expect(await screen.findByText('Subscription upgraded successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      planType: 'standard-annual',
      updateType: 'immediate',
      reason: 'user_upgrade',
      promoCode: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the proration preview fails, the plan modal opens instead', async () => {
    current = holding(makeSubscription());
    replies['POST subscription/calculate-proration'] = { status: 500, body: { message: 'boom' } };
    replies['PUT subscription/update'] = { status: 400, body: { success: false } };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Annual')).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Standard Annual' });
    expect(screen.queryByRole('dialog', { name: 'Upgrade Summary' })).toBeNull();
    expect(within(dialog).getByLabelText('Promo code')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Upgrade' }));
    expect(
      await screen.findByText('Failed to process subscription. Please try again or contact support.'),
    ).toBeInTheDocument();
  });

  it('promo entry: a code and a solved captcha are needed; an applied code is locked and removable', async () => {
    replies['POST subscription/validate-promo'] = {
      body: {
        success: true,
        valid: true,
        code: 'SAVE20',
        discount: 20,
        discountType: 'percentage',
        newPrice: 1039,
        description: 'Spring offer',
        message: 'Promo code applied successfully!',
      },
    };
    replies['POST subscription/create-checkout'] = {
      body: {
        success: true,
        url: '/checkout/cs_local_1',
        sessionId: 'cs_local_1',
        message: 'Redirecting to checkout',
      },
    };
    const { router } = render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Monthly')).getByRole('button', { name: 'Select Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Standard Monthly' });
    expect(within(dialog).getByText(/Free for 14 days, then \$12\.99\/month/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('Please enter a promo code')).toBeInTheDocument();
    expect(within(dialog).getByText('Please complete the captcha verification')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Promo code'), 'save20');
    expect(within(dialog).getByLabelText('Promo code')).toHaveValue('SAVE20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).queryByText('Please enter a promo code')).toBeNull();
    expect(within(dialog).getByText('Please complete the captcha verification')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'subscription/validate-promo')).toBe(false);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Solve captcha' }));
    expect(within(dialog).queryByText('Please complete the captcha verification')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code applied successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'subscription/validate-promo')?.body).toEqual({
      promoCode: 'SAVE20',
      planType: 'standard-monthly',
      userId: '00000000-0000-4000-8000-000000000001',
      captchaToken: 'captcha-token',
    });
    const locked = within(dialog).getByLabelText('Promo code');
    expect(locked).toHaveValue('SAVE20');
    expect(locked).toHaveAttribute('readonly');
    expect(within(dialog).getByText('20% off: $10.39/month (Spring offer)')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove promo code SAVE20' }));
    expect(within(dialog).getByLabelText('Promo code')).toHaveValue('');
    expect(within(dialog).getByLabelText('Promo code')).not.toHaveAttribute('readonly');

    // Applied again, then on to the checkout with the code and the captcha validate-promo accepted
    // for it (the server looks a code up only with a solved captcha).
    await userEvent.type(within(dialog).getByLabelText('Promo code'), 'SAVE20');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await within(dialog).findByRole('button', { name: 'Remove promo code SAVE20' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/cs_local_1'));
    expect(calls.find((c) => c.path === 'subscription/create-checkout')?.body).toMatchObject({
      planType: 'standard-monthly',
      userId: '00000000-0000-4000-8000-000000000001',
      isSignup: false,
      isUpgrade: false,
      isDowngrade: false,
      applyFirstTimeTrial: true,
      promoCode: 'SAVE20',
      captchaToken: 'captcha-token',
    });
  });

  it.each([
    [
      { body: { success: false, valid: false, message: 'This promo code has expired.' } },
      'This promo code has expired.',
    ],
    [{ body: { success: false, valid: false, message: '' } }, 'Invalid promo code'],
    [{ status: 500, body: {} }, 'Failed to validate promo code'],
    [
      { status: 400, body: { success: false, message: 'Please complete the captcha verification' } },
      'Please complete the captcha verification',
    ],
  ])('a refused or failed promo check toasts its reason (%#)', async (reply, text) => {
    replies['POST subscription/validate-promo'] = reply;
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Annual')).getByRole('button', { name: 'Select Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Standard Annual' });
    await userEvent.type(within(dialog).getByLabelText('Promo code'), 'NOPE');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Solve captcha' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const toast = await screen.findByText(text, { selector: '.mantine-Notification-description' });
    expect(toast).toBeInTheDocument();
    // Not applied; the captcha starts over (a solved challenge counts once).
    expect(within(dialog).getByLabelText('Promo code')).not.toHaveAttribute('readonly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('Please complete the captcha verification')).toBeInTheDocument();
  });

  it('the free plan is activated at once', async () => {
    replies['POST subscription/create-checkout'] = {
      body: { success: true, message: 'Free plan activated successfully!' },
    };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Free')).getByRole('button', { name: 'Select Plan' }));
    expect(await screen.findByText('Free plan activated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'subscription/create-checkout')?.body).toMatchObject({
      planType: 'free-tier',
    });
  });

  it('a checkout without the trial already used says so on the way (decision 106)', async () => {
    replies['POST subscription/create-checkout'] = {
      body: {
        success: true,
        url: '/checkout/cs_local_2',
        sessionId: 'cs_local_2',
        message: 'Your free trial has already been used.',
      },
    };
    const { router } = render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Monthly')).getByRole('button', { name: 'Select Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Standard Monthly' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/cs_local_2'));
    expect(await screen.findByText('Your free trial has already been used.')).toBeInTheDocument();
  });

  it('a failed checkout start toasts the server message, or the spec text', async () => {
    replies['POST subscription/create-checkout'] = { status: 500, body: {} };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(within(card('Standard Monthly')).getByRole('button', { name: 'Select Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Standard Monthly' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to Checkout' }));
    expect(
      await screen.findByText('Failed to process subscription. Please try again or contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Subscribe to Standard Monthly' })).toBeInTheDocument();
  });

  it('cancel: the modal, the toast, then Canceling with Resume', async () => {
    current = holding(makeSubscription());
    replies['POST subscription/cancel'] = () => {
      current = holding(makeSubscription({ cancelAtPeriodEnd: true, cancelAt: '2026-03-15T12:00:00.000Z' }));
      return {
        body: {
          success: true,
          message:
            "Subscription canceled successfully. You'll retain access until the end of your billing period.",
        },
      };
    };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    expect(
      within(dialog).getByText('Are you sure you want to cancel your subscription?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(
      await screen.findByText(
        "Subscription canceled successfully. You'll retain access until the end of your billing period.",
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'subscription/cancel')?.body).toEqual({
      immediate: false,
      reason: 'user_request',
    });
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Canceling'));
    expect(screen.getByText(/Your subscription ends on Mar 15, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('a failed cancel says so', async () => {
    current = holding(makeSubscription());
    replies['POST subscription/cancel'] = { status: 500, body: {} };
    render();
    await screen.findByRole('article', { name: 'Free' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Failed to cancel subscription')).toBeInTheDocument();
  });

  it('shows a scheduled change as a badge, and can keep the current plan', async () => {
    current = holding(
      makeSubscription({
        planType: 'standard-annual',
        scheduled_change: { new_plan: 'standard-monthly', effective_date: '2027-02-15T12:00:00.000Z' },
      }),
    );
    replies['DELETE subscription/scheduled'] = {
      body: { success: true, message: 'The scheduled plan change was canceled.' },
    };
    render();
    expect(await screen.findByTestId('scheduled-change')).toHaveTextContent(
      'Changes to Standard Monthly on Feb 15, 2027',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep Standard Annual' }));
    expect(await screen.findByText('The scheduled plan change was canceled.')).toBeInTheDocument();
  });

  it('back from checkout with cancel=true: an info toast, nothing changed', async () => {
    const { router } = render('/subscription?id=u1&cancel=true');
    expect(
      await screen.findByText('Checkout was canceled. Your subscription has not been changed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?id=u1'));
    expect(
      screen.getAllByText('Checkout was canceled. Your subscription has not been changed.'),
    ).toHaveLength(1);
  });

  it('back from checkout with a session id: processing, then the plans and the success toast', async () => {
    let release: () => void = () => undefined;
    replies['GET subscription/checkout/success'] = {
      body: {
        success: true,
        isUpgrade: false,
        isDowngrade: false,
        message: 'Subscription activated successfully!',
      },
    };
    const gate = new Promise<void>((resolve) => (release = resolve));
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('checkout/success')) await gate;
      return base(input, init);
    });
    const { router } = render('/subscription?id=u1&session_id=cs_local_1');
    expect(await screen.findByRole('heading', { name: 'Activating your subscription' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Subscription activated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'subscription/checkout/success?session_id=cs_local_1')).toBe(true);
  });

  it('an activation that fails shows the activation-error screen with support and the way back', async () => {
    replies['GET subscription/checkout/success'] = {
      status: 400,
      body: {
        success: false,
        message: 'There was a problem activating your subscription. Please contact support.',
      },
    };
    render('/subscription?id=u1&session_id=cs_bad');
    expect(
      await screen.findByText('There was a problem activating your subscription. Please contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@mindledger.local' })).toHaveAttribute(
      'href',
      'mailto:support@mindledger.local',
    );
    await userEvent.click(screen.getByRole('button', { name: 'View Subscription Options' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
  });

  it('shows an error with Try Again when the plans cannot be loaded', async () => {
    replies['GET subscription/plans'] = { status: 503, body: { message: 'Service unavailable' } };
    render();
    expect(await screen.findByText('Unable to load plans', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    delete replies['GET subscription/plans'];
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Free' })).toBeInTheDocument();
  });
});

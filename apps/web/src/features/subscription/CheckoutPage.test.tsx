import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { LocalCheckoutSession } from './api';
import { formatExpiry } from './card-form';
import { CheckoutPage } from './CheckoutPage';
import { planResponse } from './test-fixtures';

let fetchMock: Mock<typeof fetch>;
let session: LocalCheckoutSession;
let pay: { status: number; body: unknown };
let paid: unknown[];

function render() {
  return renderRoutes(
    [
      { path: '/checkout/:sessionId', element: <CheckoutPage /> },
      { path: '/subscription', element: <p>Plans page</p> },
    ],
    '/checkout/cs_local_1',
  );
}

describe('the local hosted checkout', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser());
    paid = [];
    session = {
      id: 'cs_local_1',
      status: 'open',
      plan: planResponse('standard-monthly'),
      withTrial: true,
      promoCode: null,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      cancelUrl: '/subscription?id=u1&cancel=true',
    };
    pay = { status: 200, body: { success: true, redirect: '/subscription?id=u1&session_id=cs_local_1' } };
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/api/proxy/v1/', '');
      if (path === 'subscription/local-checkout/cs_local_1') return jsonResponse({ success: true, session });
      if (path === 'subscription/local-checkout/cs_local_1/pay') {
        paid.push(JSON.parse(String(init?.body)));
        return jsonResponse(pay.body, { status: pay.status });
      }
      return jsonResponse({ success: false, message: 'Checkout not found' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await clearToasts();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  async function fillCard(number = '4242424242424242') {
    await userEvent.type(screen.getByLabelText(/^Card number/), number);
    await userEvent.type(screen.getByLabelText(/^Expiry date/), '1230');
    await userEvent.type(screen.getByLabelText(/^CVC/), '123');
    await userEvent.type(screen.getByLabelText(/^Name on card/), 'Ann Lee');
  }

  it('shows the order summary with the trial, and starts the trial with a test card', async () => {
    const { router } = render();
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.getByText('Standard Monthly')).toBeInTheDocument();
    expect(screen.getByTestId('trial-text')).toHaveTextContent('Free for 14 days, then $12.99/month');
    expect(screen.getByText('Due today').nextSibling).toHaveTextContent('$0.00');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/subscription?id=u1&cancel=true',
    );

    await fillCard();
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/^Expiry date/)).toHaveValue('12/30');
    await userEvent.click(screen.getByRole('button', { name: 'Start trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(router.state.location.search).toBe('?id=u1&session_id=cs_local_1');
    expect(paid).toEqual([{ cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Ann Lee' }]);
  });

  it('checks the fields before sending', async () => {
    render();
    await screen.findByRole('heading', { name: 'Order summary' });
    await userEvent.click(screen.getByRole('button', { name: 'Start trial' }));
    expect(await screen.findByText('Card number is required')).toBeInTheDocument();
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument();
    expect(screen.getByText('CVC is required')).toBeInTheDocument();
    expect(screen.getByText('Name on card is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242');
    await userEvent.type(screen.getByLabelText(/^CVC/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Start trial' }));
    expect(await screen.findByText('Enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 or 4 digits.')).toBeInTheDocument();
    expect(paid).toEqual([]);
  });

  it('shows a declined card and a card that is not a test card clearly', async () => {
    session = { ...session, withTrial: false };
    pay = {
      status: 402,
      body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' },
    };
    render();
    await screen.findByRole('heading', { name: 'Order summary' });
    expect(screen.getByText('Due today').nextSibling).toHaveTextContent('$12.99');
    await fillCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $12.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');

    pay = {
      status: 400,
      body: {
        success: false,
        message: 'This checkout accepts test cards only, such as 4242 4242 4242 4242.',
        errors: [
          {
            path: 'cardNumber',
            message: 'This checkout accepts test cards only, such as 4242 4242 4242 4242.',
          },
        ],
      },
    };
    await userEvent.clear(screen.getByLabelText(/^Card number/));
    await userEvent.type(screen.getByLabelText(/^Card number/), '5555555555554444');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $12.99' }));
    expect(
      await screen.findByText('This checkout accepts test cards only, such as 4242 4242 4242 4242.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a paid session says so and links back to the plans', async () => {
    session = { ...session, status: 'complete' };
    render();
    expect(await screen.findByText(/This checkout is already complete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Choose Your Plan' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
  });

  it('an unknown session shows Checkout not found', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, message: 'Checkout not found' }, { status: 404 }),
    );
    render();
    expect(await screen.findByText('Checkout not found')).toBeInTheDocument();
  });

  it('types the expiry as MM/YY', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('1230', '')).toBe('12/30');
  });
});

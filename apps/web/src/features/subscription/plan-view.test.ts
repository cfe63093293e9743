import { describe, expect, it } from 'vitest';
import { planButton, type ChoosablePlanId, type PlanId } from '@mindledger/domain';
import {
  appPath,
  heldPlan,
  planAction,
  priceLabel,
  promoDiscountText,
  scheduledChangeText,
  statusView,
  trialSummary,
} from './plan-view';
import { makeSubscription } from './test-fixtures';

const cards: ChoosablePlanId[] = ['free-tier', 'standard-monthly', 'standard-annual'];

describe('plan buttons and actions (Part 2 §4 Plan ranking and buttons)', () => {
  const cases: [PlanId | null, string[], string[]][] = [
    [null, ['Select Plan', 'Select Plan', 'Select Plan'], ['free', 'checkout', 'checkout']],
    ['free-tier', ['Current Plan', 'Upgrade Plan', 'Upgrade Plan'], ['none', 'checkout', 'checkout']],
    [
      'standard-monthly',
      ['Downgrade to Free', 'Current Plan', 'Upgrade Plan'],
      ['downgrade', 'none', 'upgrade'],
    ],
    [
      'standard-annual',
      ['Downgrade to Free', 'Downgrade Plan', 'Current Plan'],
      ['downgrade', 'downgrade', 'none'],
    ],
    ['provider-connect', ['Select Plan', 'Select Plan', 'Select Plan'], ['free', 'checkout', 'checkout']],
  ];
  it.each(cases)('holding %s', (held, labels, actions) => {
    expect(cards.map((card) => planButton(card, held))).toEqual(labels);
    expect(cards.map((card) => planAction(card, held))).toEqual(actions);
  });

  it('reads the held plan only from a subscription that holds one', () => {
    expect(heldPlan(undefined)).toBeNull();
    expect(
      heldPlan({
        success: true,
        hasSubscription: false,
        subscription: makeSubscription({ status: 'canceled' }),
      }),
    ).toBeNull();
    expect(heldPlan({ success: true, hasSubscription: true, subscription: makeSubscription() })).toBe(
      'standard-monthly',
    );
  });
});

describe('prices, trials and promos', () => {
  it('shows cents as dollars per interval, and Free', () => {
    expect(priceLabel(1299, 'month')).toBe('$12.99/month');
    expect(priceLabel(11999, 'year')).toBe('$119.99/year');
    expect(priceLabel(0, 'lifetime')).toBe('Free');
  });

  it('words the first-time trial', () => {
    expect(trialSummary('standard-monthly', 1299, 'month')).toBe('Free for 14 days, then $12.99/month');
    expect(trialSummary('standard-annual', 11999, 'year')).toBe('Free for 2 months, then $119.99/year');
    expect(trialSummary('free-tier', 0, 'lifetime')).toBeNull();
  });

  it('words a discount', () => {
    expect(promoDiscountText({ discount: 20, discountType: 'percentage' })).toBe('20% off');
    expect(promoDiscountText({ discount: 5, discountType: 'fixed' })).toBe('$5.00 off');
  });
});

describe('the banner', () => {
  it('shows the trial end, the renewal, and Canceling with its end date', () => {
    expect(
      statusView(makeSubscription({ status: 'trialing', trialEnd: '2026-03-01T12:00:00.000Z' })),
    ).toMatchObject({
      label: 'Trial',
      detail: 'Free trial ends on Mar 1, 2026. Then $12.99/month.',
    });
    expect(statusView(makeSubscription())).toMatchObject({
      label: 'Active',
      detail: 'Renews on Mar 15, 2026 at $12.99/month.',
    });
    expect(
      statusView(makeSubscription({ cancelAtPeriodEnd: true, cancelAt: '2026-03-15T12:00:00.000Z' })),
    ).toMatchObject({ label: 'Canceling', tone: 'orange' });
    expect(statusView(makeSubscription({ cancelAtPeriodEnd: true })).detail).toContain(
      'ends on Mar 15, 2026',
    );
    expect(statusView(makeSubscription({ planType: 'free-tier', currentPeriodEnd: null })).detail).toBeNull();
  });

  it('says what follows a trial or a period when a change is scheduled', () => {
    const scheduled = { new_plan: 'standard-monthly' as const, effective_date: '2026-03-01T12:00:00.000Z' };
    expect(
      statusView(
        makeSubscription({
          planType: 'standard-annual',
          status: 'trialing',
          trialEnd: '2026-03-01T12:00:00.000Z',
          scheduled_change: scheduled,
        }),
      ).detail,
    ).toBe('Free trial ends on Mar 1, 2026. Then $12.99/month.');
    expect(
      statusView(
        makeSubscription({
          scheduled_change: { new_plan: 'free-tier', effective_date: '2026-03-15T12:00:00.000Z' },
        }),
      ).detail,
    ).toBe('Standard Monthly runs until Mar 15, 2026. Then the Free plan.');
  });

  it('shows a scheduled change', () => {
    expect(scheduledChangeText(makeSubscription())).toBeNull();
    expect(
      scheduledChangeText(
        makeSubscription({
          planType: 'standard-annual',
          scheduled_change: { new_plan: 'standard-monthly', effective_date: '2027-02-15T12:00:00.000Z' },
        }),
      ),
    ).toBe('Changes to Standard Monthly on Feb 15, 2027');
  });
});

describe('appPath', () => {
  it('keeps paths of this app and refuses other sites', () => {
    expect(appPath('/checkout/cs_1')).toBe('/checkout/cs_1');
    expect(appPath('//evil.example/x')).toBeNull();
    expect(appPath('/\\evil.example')).toBeNull();
    expect(appPath('https://checkout.stripe.com/x')).toBeNull();
    expect(appPath(undefined)).toBeNull();
  });
});

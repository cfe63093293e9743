import { describe, expect, it } from 'vitest';
import { isFeatureName, planAllows, planButton, planChange, plans } from './plans.js';

describe('plan ranking and buttons (Part 2 §4)', () => {
  it('labels each card by the plan held', () => {
    expect(planButton('standard-monthly', null)).toBe('Select Plan');
    expect(planButton('free-tier', null)).toBe('Select Plan');
    expect(planButton('free-tier', 'free-tier')).toBe('Current Plan');
    expect(planButton('standard-monthly', 'free-tier')).toBe('Upgrade Plan');
    expect(planButton('standard-annual', 'standard-monthly')).toBe('Upgrade Plan');
    expect(planButton('standard-monthly', 'standard-annual')).toBe('Downgrade Plan');
    expect(planButton('free-tier', 'standard-annual')).toBe('Downgrade to Free');
    expect(planButton('standard-annual', 'standard-annual')).toBe('Current Plan');
    expect(planButton('standard-monthly', 'provider-connect')).toBe('Select Plan');
  });

  it('ranks free 0, monthly 1, annual 2', () => {
    expect([plans['free-tier'].rank, plans['standard-monthly'].rank, plans['standard-annual'].rank]).toEqual([
      0, 1, 2,
    ]);
    expect(planChange('standard-monthly', 'standard-annual')).toBe('upgrade');
    expect(planChange('standard-annual', 'free-tier')).toBe('downgrade');
    expect(planChange('standard-annual', 'standard-annual')).toBe('same');
    expect(planChange(null, 'standard-annual')).toBe('new');
  });
});

describe('what plans unlock', () => {
  it('Standard unlocks weekly insights and Initial Journey documents; free features stay free', () => {
    expect(planAllows('free-tier', 'weekly-insights')).toBe(false);
    expect(planAllows('free-tier', 'initial-journey')).toBe(false);
    expect(planAllows('free-tier', 'journaling')).toBe(true);
    for (const plan of ['standard-monthly', 'standard-annual', 'provider-connect'] as const) {
      expect(planAllows(plan, 'weekly-insights')).toBe(true);
      expect(planAllows(plan, 'initial-journey')).toBe(true);
    }
    expect(isFeatureName('weekly-insights')).toBe(true);
    expect(isFeatureName('constructor')).toBe(false);
  });

  it('trials: 14 days monthly, 2 months annual, none on free', () => {
    expect(plans['standard-monthly'].trial).toEqual({ days: 14 });
    expect(plans['standard-annual'].trial).toEqual({ months: 2 });
    expect(plans['free-tier'].trial).toBeNull();
  });
});

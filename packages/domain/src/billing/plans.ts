/**
 * The plan catalogue (Part 2 §3 'Plan catalogue entry', §9 Subscriptions; decision 078). Prices are
 * in cents; the web shows them divided by 100 with two decimals (`formatCents`).
 */
export const planIds = ['free-tier', 'standard-monthly', 'standard-annual', 'provider-connect'] as const;
export type PlanId = (typeof planIds)[number];
export type PlanInterval = 'month' | 'year' | 'lifetime';

/** What a paid plan unlocks: every paid feature asks `planAllows` (server guard, check-feature). */
export const paidFeatures = ['weekly-insights', 'initial-journey', 'weekly-automation'] as const;
/** Features every account has (check-feature answers allowed for these on any plan). */
export const freeFeatures = ['journaling', 'mood-check-in', 'goals', 'ai-chat', 'provider-sharing'] as const;
export type PaidFeature = (typeof paidFeatures)[number];
export type FeatureName = PaidFeature | (typeof freeFeatures)[number];

export function isFeatureName(value: string): value is FeatureName {
  return (
    (paidFeatures as readonly string[]).includes(value) || (freeFeatures as readonly string[]).includes(value)
  );
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Cents per interval. */
  price: number;
  /** Cents the same span would cost without the plan's discount. */
  originalPrice: number;
  interval: PlanInterval;
  description: string;
  features: string[];
  restrictions: string[];
  popular: boolean;
  /** Percent saved against `originalPrice`. */
  discount: number;
  /** Plan ranking of Part 2 §4 (provider-connect is not ranked: it is given, not chosen). */
  rank: number | null;
  /** The first-time trial (Part 2 §9): days or months. */
  trial: { days: number } | { months: number } | null;
  /** Paid features this plan unlocks. */
  unlocks: PaidFeature[];
}

const freeList = [
  'Daily mood and emotion check-ins',
  'Journaling in all four modes: prompt, AI chat, voice and photo',
  'Personal goals, streaks and your weekly journey',
  'Connect and share with your therapist',
];

export const plans: Record<PlanId, Plan> = {
  'free-tier': {
    id: 'free-tier',
    name: 'Free',
    price: 0,
    originalPrice: 0,
    interval: 'lifetime',
    description: 'Everything you need to journal and check in every day.',
    features: freeList,
    restrictions: ['No weekly AI insights', 'No Initial Journey documents', 'No weekly summary automation'],
    popular: false,
    discount: 0,
    rank: 0,
    trial: null,
    unlocks: [],
  },
  'standard-monthly': {
    id: 'standard-monthly',
    name: 'Standard Monthly',
    price: 1299,
    originalPrice: 1299,
    interval: 'month',
    description: 'Weekly AI insights and Initial Journey documents, billed monthly.',
    features: [
      ...freeList,
      'Weekly AI insights from your entries',
      'Initial Journey documents to find the right therapist',
      'Weekly summary automation',
      '14-day free trial for first-time subscribers',
    ],
    restrictions: [],
    popular: false,
    discount: 0,
    rank: 1,
    trial: { days: 14 },
    unlocks: ['weekly-insights', 'initial-journey', 'weekly-automation'],
  },
  'standard-annual': {
    id: 'standard-annual',
    name: 'Standard Annual',
    price: 11999,
    originalPrice: 15588,
    interval: 'year',
    description: 'Everything in Standard, billed yearly: save 23%.',
    features: [
      ...freeList,
      'Weekly AI insights from your entries',
      'Initial Journey documents to find the right therapist',
      'Weekly summary automation',
      '2 months free for first-time subscribers',
    ],
    restrictions: [],
    popular: true,
    discount: 23,
    rank: 2,
    trial: { months: 2 },
    unlocks: ['weekly-insights', 'initial-journey', 'weekly-automation'],
  },
  'provider-connect': {
    id: 'provider-connect',
    name: 'Provider Connect',
    price: 0,
    originalPrice: 1299,
    interval: 'lifetime',
    description: 'Standard features, covered by your connected therapist.',
    features: [
      ...freeList,
      'Weekly AI insights from your entries',
      'Initial Journey documents to find the right therapist',
      'Weekly summary automation',
    ],
    restrictions: ['Ends when your therapist stops covering it or the connection ends'],
    popular: false,
    discount: 100,
    rank: null,
    trial: null,
    unlocks: ['weekly-insights', 'initial-journey', 'weekly-automation'],
  },
};

/** The plans a client chooses from on 'Choose Your Plan', in rank order. */
export const choosablePlanIds = [
  'free-tier',
  'standard-monthly',
  'standard-annual',
] as const satisfies readonly PlanId[];
export type ChoosablePlanId = (typeof choosablePlanIds)[number];
export const paidPlanIds = ['standard-monthly', 'standard-annual'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof paidPlanIds)[number];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

export function isPaidPlan(id: PlanId): id is PaidPlanId {
  return (paidPlanIds as readonly string[]).includes(id);
}

export type PlanButton =
  'Current Plan' | 'Upgrade Plan' | 'Downgrade Plan' | 'Downgrade to Free' | 'Select Plan';

/** Part 2 §4 Plan ranking and buttons: the label of a plan card's button for the plan held. */
export function planButton(card: ChoosablePlanId, held: PlanId | null): PlanButton {
  if (held === null) return 'Select Plan';
  if (card === held) return 'Current Plan';
  const heldRank = plans[held].rank;
  const cardRank = plans[card].rank ?? 0;
  if (heldRank === null) return 'Select Plan';
  if (cardRank > heldRank) return 'Upgrade Plan';
  return card === 'free-tier' ? 'Downgrade to Free' : 'Downgrade Plan';
}

export type PlanChange = 'upgrade' | 'downgrade' | 'same' | 'new';

/** Whether moving from `held` to `target` is an upgrade (at once) or a downgrade (at period end). */
export function planChange(held: PlanId | null, target: PlanId): PlanChange {
  if (held === null || plans[held].rank === null) return 'new';
  if (held === target) return 'same';
  return (plans[target].rank ?? 0) > (plans[held].rank ?? 0) ? 'upgrade' : 'downgrade';
}

/** Whether a plan gives a feature. */
export function planAllows(plan: PlanId, feature: FeatureName): boolean {
  return (
    !(paidFeatures as readonly string[]).includes(feature) ||
    plans[plan].unlocks.includes(feature as PaidFeature)
  );
}

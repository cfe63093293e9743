/** Subscription texts of Part 2 §8 (exact), and the server's own where the spec is silent. */
export const billingMessages = {
  activationError: 'There was a problem activating your subscription. Please contact support.',
  processFailed: 'Failed to process subscription. Please try again or contact support.',
  processFailedShort: 'Failed to process subscription',
  downgradeFailed: 'Failed to process downgrade. Please try again or contact support.',
  cancelFailed: 'Failed to cancel subscription',
  freeActivated: 'Free plan activated successfully!',
  created: 'Subscription created successfully!',
  upgraded: 'Subscription upgraded successfully!',
  changed: 'Subscription changed successfully!',
  activated: 'Subscription activated successfully!',
  canceled: "Subscription canceled successfully. You'll retain access until the end of your billing period.",
  checkoutCanceled: 'Checkout was canceled. Your subscription has not been changed.',
  /** The guard's refusal (a paid feature without a paid plan): contains "subscription". */
  required: (feature: string) => `An active Standard subscription is required to use ${feature}.`,
  notYours: 'You can only manage your own subscription.',
  trialUsed: 'Your free trial has already been used.',
  alreadySubscribed: 'You already have an active subscription. Change your plan from Choose Your Plan.',
  promoNotOnDowngrade: 'Promo codes apply to new subscriptions and upgrades.',
  samePlan: 'You are already on this plan.',
  noSubscription: 'You have no active subscription.',
  downgradeScheduled: (plan: string, day: string) => `Your plan will change to ${plan} on ${day}.`,
  resumed: 'Your subscription will continue.',
  scheduledCanceled: 'The scheduled plan change was canceled.',
  cardDeclined: 'Your card was declined.',
  notTestCard: 'This checkout accepts test cards only, such as 4242 4242 4242 4242.',
  captchaFailed: 'Please complete the captcha verification',
  checkoutExpired: 'This checkout has expired. Please start again from Choose Your Plan.',
} as const;

/** Test card numbers the local checkout accepts (decision 078). */
export const localTestCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Attaches, then every renewal charge fails (past_due). */
  failsLater: '4000000000000341',
} as const;

/**
 * What other features use of subscriptions: the upgrade prompt and link that paywalled screens
 * show (they go to 'Choose Your Plan'), and the plan page's path. The plan page and the local
 * hosted checkout are loaded lazily by the router.
 */
export { SubscriptionLink, UpgradePrompt, type UpgradePromptProps } from './UpgradePrompt';
export { checkoutPath, subscriptionPath } from './paths';
export { signupCheckoutPath, signupPlanPath, signupStep } from './signup-step';

/**
 * The admin's subscriptions list has nothing other features use: the router loads the page lazily
 * from SubscriptionsPage.tsx.
 */
export {};

/**
 * The important updates (Admin) have nothing other features use: the router loads the page lazily
 * from ImportantUpdatesPage.tsx.
 */
export {};

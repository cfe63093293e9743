/**
 * The users management has nothing other features use: the router loads the page lazily from
 * UsersManagementPage.tsx.
 */
export {};

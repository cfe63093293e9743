/**
 * The patient home has nothing other features use: the router loads the page lazily from
 * PatientHomePage.tsx, so its chunk (and its widgets) stays out of every other route's first load.
 */
export {};

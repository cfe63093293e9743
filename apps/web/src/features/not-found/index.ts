/** The not-found page has nothing other features use: the router loads it lazily from NotFoundPage.tsx. */
export {};

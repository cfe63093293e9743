/**
 * The promo codes management has nothing other features use: the router loads the page lazily from
 * PromoCodesPage.tsx.
 */
export {};

/**
 * The provider's client pages have nothing other features use: the router loads the dashboard, the
 * patient overview and the inactive clients lazily from their own modules.
 */
export {};

/**
 * What the app shell and other features use of auth: the signed-in user (the auth store), logging
 * out, the bootstrap at start-up, the return path after a login, and the form helpers the profile
 * forms share with the auth pages. The auth pages are loaded lazily by the router from pages/.
 */
export { fetchMe } from './api';
export { authStore, useAuth, useCurrentUser } from './auth-store';
export { bootstrapAuth, installAuthHandlers } from './bootstrap';
export { applyServerFieldErrors, codeSchema, type CodeInput } from './components/form-utils';
export { returnPath, withMobileFlag } from './components/links';
export { journalDraftPrefix, logout, logoutTarget } from './logout';

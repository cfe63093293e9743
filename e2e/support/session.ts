import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { demo, type Credentials, type DemoRole } from './accounts';

/**
 * The web app restores a session at start only when this browser may hold one (its session hint,
 * apps/web/src/features/auth/session-hint.ts): the refresh cookie alone is not asked about.
 */
const sessionHintKey = 'ml.mayHaveSession';

/** Marks the browser as signed in once per sign-in: a later logout clears the hint for good. */
function hintOnce([key, signInId]: [string, string]) {
  const marker = 'ml.e2e.signIn';
  try {
    if (localStorage.getItem(marker) === signInId) return;
    localStorage.setItem(marker, signInId);
    localStorage.setItem(key, '1');
  } catch {
    // storage unavailable (an opaque origin): nothing to mark
  }
}

export function credentialsOf(who: Credentials | DemoRole): Credentials {
  return typeof who === 'string' ? demo[who] : who;
}

/**
 * Signs the browser context in through the API, as the login form would: the refresh cookie goes
 * into the context's own cookie store (its request context shares it) and the session hint into its
 * storage, so the next page it opens starts signed in. Never through the form: the login journeys
 * (auth.spec.ts, mobile.spec.ts) are the only ones that use it.
 */
export async function signInContext(
  context: BrowserContext,
  who: Credentials | DemoRole,
  /** Another server than the project's (a journey that starts its own), e.g. http://127.0.0.1:4399. */
  base = '',
): Promise<void> {
  const { email, password } = credentialsOf(who);
  const response = await context.request.post(`${base}/api/v1/login`, { data: { email, password } });
  expect(response.status(), `API sign-in of ${email}`).toBe(200);
  await context.addInitScript(hintOnce, [sessionHintKey, randomUUID()] as [string, string]);
}

/** Signs the page's browser context in (see signInContext) and opens `path` there. */
export async function signIn(page: Page, who: Credentials | DemoRole, path?: string): Promise<void> {
  await signInContext(page.context(), who);
  if (path) await page.goto(path);
}

import { test as base, type BrowserContextOptions, type Page } from '@playwright/test';
import { newClient, type Account, type Credentials, type DemoRole, type NewAccountOptions } from './accounts';
import { credentialsOf, signIn } from './session';

export interface JourneyOptions {
  /** The profile of the test's `client` (e.g. its zone: `test.use({ clientProfile: { timezone } })`). */
  clientProfile: NewAccountOptions;
}

export interface JourneyFixtures {
  /** A new activated client made through the API for this test (its token for set-up calls). */
  client: Account;
  /** The test's page, signed in as its new `client`. */
  patientPage: Page;
  /** The test's page, signed in as the demo client (Maya Patel, eight weeks of entries). */
  mayaPage: Page;
  /** The test's page, signed in as the demo provider (Daniel Reyes, connected to Maya). */
  providerPage: Page;
  /** The test's page, signed in as the demo admin. */
  adminPage: Page;
  /**
   * Another browser (the project's device, with `options` on top), signed in as `who` (an account
   * or a demo role), with a page at `path` when given; closed after the test.
   */
  openAs: (who: Credentials | DemoRole, path?: string, options?: BrowserContextOptions) => Promise<Page>;
}

/** The test's page may be signed in once, by one of the page fixtures. */
const claimed = new WeakSet<Page>();

async function signedInPage(page: Page, who: Credentials | DemoRole): Promise<Page> {
  if (claimed.has(page))
    throw new Error('The test page is already signed in by another fixture: use openAs for a second person.');
  claimed.add(page);
  await signIn(page, credentialsOf(who));
  return page;
}

/**
 * The journeys' test: fixtures for a signed-in client, provider and admin (a session from the API,
 * never the login form except in the login journeys), and for more people in other browsers.
 */
export const test = base.extend<JourneyOptions & JourneyFixtures>({
  clientProfile: [{}, { option: true }],
  client: async ({ request, clientProfile }, use) => {
    await use(await newClient(request, clientProfile));
  },
  patientPage: async ({ page, client }, use) => use(await signedInPage(page, client)),
  mayaPage: async ({ page }, use) => use(await signedInPage(page, 'patient')),
  providerPage: async ({ page }, use) => use(await signedInPage(page, 'provider')),
  adminPage: async ({ page }, use) => use(await signedInPage(page, 'admin')),
  openAs: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (who, path, options = {}) => {
      // A context made in a test takes the project's options (baseURL, device, zone) by default.
      const context = await browser.newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, credentialsOf(who), path);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from '@playwright/test';

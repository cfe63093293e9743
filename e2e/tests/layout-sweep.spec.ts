import type { Locator, Page } from '@playwright/test';
import {
  apiSignIn,
  checkA11y,
  demo,
  expect,
  expectNoSidewaysScroll,
  expectNothingBehindTheBars,
  isPhone,
  signIn,
  test,
  type DemoRole,
} from '../support';

// Every screen once, at each width (the desktop and the phone projects both run this file): its
// main heading, axe in each theme the screen has (touch targets of 24 px at 375 px), and at 375 px
// what a phone changes: nothing scrolls sideways, nothing hides under the fixed bars. Journeys then
// check what only they reach (a dialog open, a state after a step); docs/decisions.md (decision
// 102) lists which journey moved where.

interface Screen {
  path: string;
  heading: string | RegExp;
  name: string;
  /** The tab the path selects (the screens of one page share its heading). */
  tab?: string;
}

const signedOut: Screen[] = [
  { path: '/auth/login/client', heading: 'Client Login', name: 'client login' },
  { path: '/auth/login', heading: 'Provider Login', name: 'provider login' },
  { path: '/auth/register', heading: 'Create an account', name: 'registration' },
  { path: '/auth/activate', heading: 'Activate your account', name: 'activation' },
  { path: '/auth/forgot-password', heading: 'Forgot your password?', name: 'forgot password' },
  { path: '/auth/reset-password', heading: 'Reset your password', name: 'reset password' },
  { path: '/notifications/unsubscribe', heading: 'Unsubscribe failed', name: 'unsubscribe, no token' },
  { path: '/legal/privacy', heading: 'Privacy Policy and Data Protection Framework', name: 'privacy policy' },
  { path: '/legal/terms', heading: 'Terms of Service', name: 'terms of service' },
  { path: '/no/such/page', heading: 'Page Not Found', name: 'not found' },
];

/** Screens every signed-in role has (named with the role: each shows the role's own parts). */
const profile = (role: string): Screen[] => [
  { path: '/profile', heading: 'My Profile', name: `my profile (${role})` },
  { path: '/profile/edit-profile', heading: 'Profile Settings', name: `profile settings (${role})` },
  { path: '/profile/privacy', heading: 'Privacy and consents', name: `privacy and consents (${role})` },
];

const client: Screen[] = [
  { path: '/user/home', heading: 'Welcome, Maya', name: 'client home' },
  { path: '/user/journaling-feature', heading: 'New journal entry', name: 'journaling' },
  { path: '/user/mood-selector', heading: 'Mood Check-in', name: 'quick check-in' },
  { path: '/user/notifications', heading: 'Notifications', name: 'client notifications' },
  { path: '/user/goals', heading: 'Goals', name: 'goals' },
  { path: '/user/initial-journey', heading: 'Initial Journey', name: 'initial journey' },
  { path: '/user/providers', heading: 'My Providers', name: 'my providers' },
  { path: '/user/from-providers', heading: 'From My Providers', name: 'from my providers' },
  { path: '/user/measures', heading: 'Questionnaires', name: 'questionnaires' },
  { path: '/user/access-history', heading: 'Access History', name: 'access history' },
  { path: '/user/report', heading: 'Weekly Insights', name: 'weekly insights' },
  { path: '/user/reactivation-consent', heading: 'Restore provider access', name: 'reactivation consent' },
  { path: '/subscription', heading: 'Choose Your Plan', name: 'subscription plans' },
  { path: '/profile/notification-settings', heading: 'Notification Settings', name: 'notification settings' },
  { path: '/profile/backup', heading: 'Backup and Import', name: 'backup' },
  { path: '/profile/weekly-automation', heading: 'Weekly Automation', name: 'weekly automation' },
  ...profile('client'),
];

const provider = (mayaId: string): Screen[] => [
  { path: '/provider/dashboard', heading: 'Welcome, Daniel', name: 'provider dashboard' },
  ...['Overview', 'Dashboard', 'Notes/Plans', 'Journals', 'Summaries'].map((tab) => ({
    path: `/provider/patient-overview/${mayaId}?tab=${tab.toLowerCase()}`,
    heading: 'Maya Patel',
    name: `client overview: ${tab}`,
    tab,
  })),
  { path: '/provider/notifications', heading: 'Notifications', name: 'provider notifications' },
  { path: '/provider/inactive-clients', heading: 'Inactive Clients', name: 'inactive clients' },
  ...profile('provider'),
];

const admin: Screen[] = [
  { path: '/admin/all-users', heading: 'Users Management', name: 'users' },
  { path: '/admin/promo-codes', heading: 'Promo Codes Management', name: 'promo codes' },
  { path: '/admin/notifications', heading: 'Notifications', name: 'admin notifications' },
  { path: '/admin/subscriptions', heading: 'Subscriptions', name: 'subscriptions' },
  { path: '/admin/important-updates', heading: 'Important Updates', name: 'important updates' },
  ...profile('admin'),
];

/**
 * Opens the path inside the running app when it is loaded (the router follows a history entry, as a
 * link would: no reload, so each screen costs its own render and data, not the app's start again);
 * with a full load the first time.
 */
async function open(page: Page, path: string) {
  if (!page.url().startsWith('http')) return page.goto(path);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

async function visit(page: Page, screen: Screen) {
  await test.step(screen.name, async () => {
    await open(page, screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible();
    if (screen.tab) await expect(page.getByRole('tab', { name: screen.tab, selected: true })).toBeVisible();
    // the screen's lists have arrived (a part drawn only once scrolled to, such as the home's
    // analytics, may still show its skeleton)
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    if (isPhone(page)) {
      await expectNoSidewaysScroll(page);
      await expectNothingBehindTheBars(page);
    }
    await checkA11y(page, screen.name);
  });
}

/** Each screen in light; then, where the role has the choice (not clients: Coming Soon), in dark. */
async function sweep(page: Page, screens: Screen[], { dark = true } = {}) {
  for (const screen of screens) await visit(page, screen);
  if (!dark) return;
  // the theme is read at the app's start: one full load in dark, then the screens in it
  await page.evaluate(() => localStorage.setItem('mix_layout', 'dark'));
  await page.reload();
  for (const screen of screens) {
    await visit(page, screen);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  }
}

/**
 * A dialog, drawer or menu opened on a screen, checked as a phone shows it, then closed without
 * saving anything (the demo accounts are shared with the journeys running beside this file).
 */
async function state(
  page: Page,
  name: string,
  open: () => Promise<Locator>,
  close = () => page.keyboard.press('Escape'),
) {
  await test.step(name, async () => {
    const opened = await open();
    await expect(opened).toBeVisible();
    await expectNoSidewaysScroll(page);
    await checkA11y(page, name);
    await close();
    await expect(opened).toBeHidden();
  });
}

const signedInAs = async (page: Page, role: DemoRole) => signIn(page, role);

test.describe('every screen', { tag: '@phone' }, () => {
  test('signed out', async ({ page }) => {
    await sweep(page, signedOut);
  });

  test('the demo client', async ({ page }) => {
    test.slow();
    await signedInAs(page, 'patient');
    await sweep(page, client, { dark: false });
  });

  test('the demo provider', async ({ page, request }) => {
    test.slow();
    const { userId: mayaId } = await apiSignIn(request, demo.patient.email, demo.patient.password);
    await signedInAs(page, 'provider');
    await sweep(page, provider(mayaId));
  });

  test('the demo admin', async ({ page }) => {
    test.slow();
    await signedInAs(page, 'admin');
    await sweep(page, admin);
  });
});

// The dialogs and menus the journeys open at 1280 px, at 375 px (decision 102: the journeys no
// longer run a second time at this width).
test.describe('dialogs and menus on a phone', { tag: '@phone-only' }, () => {
  test('the demo client', async ({ mayaPage: page }) => {
    await page.goto('/user/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya' })).toBeVisible();
    await state(page, 'notifications: the bell', async () => {
      await page.getByRole('button', { name: 'Notifications', exact: true }).click();
      return page.getByRole('dialog', { name: 'Notifications' });
    });
    await state(page, 'profile menu (client)', async () => {
      await page.getByRole('button', { name: 'Profile menu: Maya Patel' }).click();
      return page.getByRole('menu');
    });
    await page.goto('/user/goals');
    await expect(page.getByRole('heading', { level: 1, name: 'Goals' })).toBeVisible();
    await state(page, 'goals: new goal dialog', async () => {
      await page.getByRole('button', { name: 'New goal' }).first().click();
      return page.getByRole('dialog', { name: 'New goal' });
    });
    await state(page, 'goals: presets dialog (demo client)', async () => {
      await page.getByRole('button', { name: 'Browse presets' }).first().click();
      return page.getByRole('dialog', { name: 'Goal presets' });
    });
    await page.goto('/user/journaling-feature');
    await expect(page.getByRole('heading', { level: 1, name: 'New journal entry' })).toBeVisible();
    await state(page, 'journaling: voice settings', async () => {
      await page
        .getByRole('radiogroup', { name: 'Journal mode' })
        .locator('label')
        .filter({ hasText: /^Voice$/ })
        .click();
      await page.getByRole('button', { name: 'Voice settings' }).click();
      return page.getByRole('dialog', { name: 'Voice settings' });
    });
  });

  test('the demo provider', async ({ providerPage: page, request }) => {
    const { userId: mayaId } = await apiSignIn(request, demo.patient.email, demo.patient.password);
    await page.goto(`/provider/patient-overview/${mayaId}`);
    await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    await state(page, 'client overview: add therapist goal dialog', async () => {
      await page
        .getByRole('region', { name: 'Goals', exact: true })
        .getByRole('button', { name: 'Add therapist goal' })
        .click();
      return page.getByRole('dialog', { name: 'Add therapist goal' });
    });
    await state(page, 'profile menu (provider)', async () => {
      await page.getByRole('button', { name: 'Profile menu: Daniel Reyes' }).click();
      return page.getByRole('menu');
    });
  });

  test('the demo admin', async ({ adminPage: page }) => {
    await page.goto('/admin/promo-codes');
    await expect(page.getByRole('heading', { level: 1, name: 'Promo Codes Management' })).toBeVisible();
    await state(page, 'promo codes: new promo code dialog', async () => {
      await page.getByRole('button', { name: 'New Promo Code' }).click();
      return page.getByRole('dialog', { name: 'New Promo Code' });
    });
    await page.goto('/admin/all-users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users Management' })).toBeVisible();
    await state(page, 'users: delete confirmation', async () => {
      await page
        .getByRole('table', { name: /users/i })
        .getByRole('button', { name: /delete/i })
        .first()
        .click();
      return page.getByRole('dialog', { name: 'Delete user' });
    });
    await page.goto('/admin/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await state(
      page,
      'subscriptions: status menu',
      async () => {
        await page
          .getByRole('button', { name: /^Change status for / })
          .first()
          .click();
        return page.getByRole('menu');
      },
      // a tap outside closes it (on the page's heading, where a tap does nothing)
      () => page.getByRole('heading', { level: 1, name: 'Subscriptions' }).click(),
    );
  });
});

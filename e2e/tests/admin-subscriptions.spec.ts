import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, demoPassword, expectAccessible } from './support';

/** Where the journey leaves its screenshots (light and dark, at each width) for a look. */
const shots = '/tmp/shots-adminsub';
mkdirSync(shots, { recursive: true });

// Both widths change the demo client's one subscription: one after the other, never at once.
test.describe.configure({ mode: 'serial' });

/**
 * The mobile project's pattern (/subscription/) also matches this file; the journey sets its own
 * widths, so it runs in the desktop project only (two projects at once would race on Maya's row).
 */
const elsewhere = (project: string) => project !== 'journeys';

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function toast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** Puts the demo client's subscription back to active (after a journey that stopped half-way). */
async function restoreMaya(request: APIRequestContext): Promise<void> {
  const { token } = await apiSignIn(request, 'admin@demo.local', demoPassword);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/v1/subscriptions?search=patient%40demo.local', { headers });
  const { subscriptions } = (await list.json()) as { subscriptions: { id: string; status: string }[] };
  for (const sub of subscriptions.filter((s) => s.status !== 'active'))
    await request.patch(`/api/v1/subscriptions/${sub.id}/status`, { headers, data: { status: 'active' } });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(
      width === 375
        ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } },
    );
    test.afterEach(async ({ request }, testInfo) => {
      if (!elsewhere(testInfo.project.name)) await restoreMaya(request);
    });

    test('the admin finds Maya, filters by plan and changes her status there and back', async ({ page }) => {
      test.skip(elsewhere(test.info().project.name), 'runs in the journeys project only');
      // Several accessibility scans, menus and dialogs: more than the default minute on a busy machine.
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      // The sidebar at 1280 px, the bar under the header at 375 px (the sidebar is then off screen).
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .last()
        .getByRole('link', { name: 'Subscriptions' })
        .click();
      await expect(page).toHaveURL(/\/admin\/subscriptions$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Subscriptions' })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, width);

      // Search by the user's name: Maya's Standard Monthly subscription from the demo seed.
      await page.getByLabel('Search subscriptions').fill('Maya');
      const row = page.getByRole('row', { name: /Maya Patel/ });
      await expect(row).toBeVisible();
      await expect(row.getByText('patient@demo.local')).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Standard Monthly', exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: '$12.99 / month' })).toBeVisible();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();

      // The plan filter: another plan hides her, hers shows her again.
      const plan = page.getByLabel('Plan', { exact: true });
      await plan.selectOption({ label: 'Standard Annual' });
      await expect(page.getByText('No subscriptions found')).toBeVisible();
      await plan.selectOption({ label: 'Standard Monthly' });
      await expect(row).toBeVisible();
      await page.screenshot({ path: `${shots}/list-${width}-light.png`, fullPage: true });

      // past_due, after confirming; the badge changes.
      await row.getByRole('button', { name: 'Change status for Maya Patel' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Active (current)' })).toBeDisabled();
      await expectAccessible(page);
      await page.screenshot({ path: `${shots}/menu-${width}-light.png`, fullPage: true });
      await menu.getByRole('menuitem', { name: 'Past due' }).click();
      const confirm = page.getByRole('dialog', { name: 'Change subscription status' });
      await expect(confirm.getByText("Change this subscription's status to Past due?")).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `${shots}/confirm-${width}-light.png`, fullPage: true });
      await confirm.getByRole('button', { name: 'Change status' }).click();
      await toast(page, 'Subscription status updated to past_due');
      await expect(confirm).toBeHidden();
      await expect(row.getByText('Past due', { exact: true })).toBeVisible();

      // The status filter finds her under her new status.
      const status = page.getByLabel('Status', { exact: true });
      await status.selectOption({ label: 'Past due' });
      await expect(row.getByText('Past due', { exact: true })).toBeVisible();
      await status.selectOption({ label: 'All statuses' });

      // Dark mode.
      await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
      await expect(row).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `${shots}/list-${width}-dark.png`, fullPage: true });

      // Back to active, with the keyboard this time.
      const change = row.getByRole('button', { name: 'Change status for Maya Patel' });
      await change.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      // Opening moves focus to the first status; the arrows move on (past the current one). (The
      // screenshot comes after: a full-page capture resizes the page, which can move the focus.)
      await expect(menu.getByRole('menuitem', { name: 'Trialing' })).toBeFocused();
      await page.screenshot({ path: `${shots}/menu-${width}-dark.png`, fullPage: true });
      await expect(menu.getByRole('menuitem', { name: 'Trialing' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Active', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(confirm.getByText("Change this subscription's status to Active?")).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `${shots}/confirm-${width}-dark.png`, fullPage: true });
      await confirm.getByRole('button', { name: 'Change status' }).click();
      await toast(page, 'Subscription status updated to active');
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, width);

      await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
    });
  });
}

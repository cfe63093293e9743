import { checkA11y, demo, expect, expectNoSidewaysScroll, test } from '../support';

// Login journeys at 375 px (the phone project only): the forms are what they check.

test(
  'at 375 px a client logs in with ?m=1 and logs out back to the mobile client login',
  { tag: ['@phone-only', '@smoke'] },
  async ({ page }) => {
    await page.goto('/auth/login/client?m=1');
    await expect(page.getByRole('heading', { name: 'Client Login' })).toBeVisible();
    await checkA11y(page, 'client login');
    await page.getByLabel('Email').fill(demo.patient.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.patient.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
    await checkA11y(page, 'client home');
    await expectNoSidewaysScroll(page);
    await page.goto('/profile/edit-profile');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Profile menu: Maya Patel' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login\/client\?m=1$/);
  },
);

test('at 375 px the admin users table stays usable', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(demo.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await checkA11y(page, 'users');
  await expectNoSidewaysScroll(page);
});

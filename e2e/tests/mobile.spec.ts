import { expect, test } from '@playwright/test';
import { demoPassword, expectAccessible } from './support';

test('at 375 px a client logs in with ?m=1 and logs out back to the mobile client login', async ({
  page,
}) => {
  await page.goto('/auth/login/client?m=1');
  await expect(page.getByRole('heading', { name: 'Client Login' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill('patient@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
  await expectAccessible(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.goto('/profile/edit-profile');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Profile menu: Maya Patel' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/client\?m=1$/);
});

test('at 375 px the admin users table stays usable', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

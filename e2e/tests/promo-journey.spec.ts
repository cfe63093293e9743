import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkA11y, expect, test } from '../support';

// The cross-role journey of a promo code: the admin creates one, a new client applies it with the
// captcha and subscribes, the admin sees one use and finds it in the CSV.

test('a promo code made by the admin is applied by a client and counted once', async ({
  openAs,
  patientPage: page,
}) => {
  test.setTimeout(180_000);
  const code = `JRN${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

  // The admin creates a 25 % code for 10 uses.
  const admin = await openAs('admin', '/admin/promo-codes', { acceptDownloads: true });
  await expect(admin.getByRole('heading', { name: 'Promo Codes Management' })).toBeVisible();
  await admin.getByRole('button', { name: 'New Promo Code' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New Promo Code' });
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
  await dialog.getByLabel(/Discount \(%\)/).fill('25');
  await dialog.getByLabel('Maximum uses').fill('10');
  await dialog.getByLabel(/Description/).fill('Journey quarter off');
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(admin.getByText('Promo code created successfully', { exact: true }).first()).toBeVisible();

  // A new client applies it on the plan modal (captcha solved in the browser) and subscribes.
  await page.goto('/subscription');
  const monthly = page.getByRole('article', { name: 'Standard Monthly' });
  await monthly.getByRole('button', { name: 'Select Plan' }).click();
  const modal = page.getByRole('dialog', { name: 'Subscribe to Standard Monthly' });
  await modal.getByLabel('Promo code').fill(code.toLowerCase());
  await modal.getByText("I'm not a robot").click();
  await expect(modal.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code applied successfully!').first()).toBeVisible();
  // Applied: locked in its field, removable, and the new price said.
  await expect(modal.getByRole('textbox', { name: 'Promo code' })).toHaveValue(code);
  await expect(modal.getByRole('button', { name: `Remove promo code ${code}` })).toBeVisible();
  await expect(modal.getByRole('status')).toContainText('25% off: $9.74/month');
  await checkA11y(page, 'subscription plans: plan dialog, promo code applied');
  await modal.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jo Journey');
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByText('Subscription activated successfully!')).toBeVisible();
  await expect(monthly.getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  // The admin sees one use, and the CSV says so.
  await admin.reload();
  await admin.getByLabel('Search promo codes').fill(code);
  const row = admin.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByRole('cell', { name: '1 / 10' })).toBeVisible();
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('promo-codes.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.startsWith(`${code},`));
  expect(line).toMatch(new RegExp(`^${code},25,Percentage,Forever,,Journey quarter off,1,10,Yes,`));
});

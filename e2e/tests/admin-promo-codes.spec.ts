import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkA11y, expect, expectNoSidewaysScroll, shot, test, toast } from '../support';

test('the admin creates, edits, finds, exports and deletes a promo code', async ({ adminPage: page }) => {
  // Four accessibility scans and two dialogs: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const code = `E2E${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  await page.goto('/admin/all-users');
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Promo Codes' })
    .click();
  await expect(page).toHaveURL(/\/admin\/promo-codes$/);
  await expect(page.getByRole('heading', { name: 'Promo Codes Management' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Promo codes' }).or(page.getByText('No promo codes found')),
  ).toBeVisible();
  await checkA11y(page, 'promo codes');
  await expectNoSidewaysScroll(page);

  // Create through the dialog: the code shows in uppercase, a fixed discount takes cents.
  await page.getByRole('button', { name: 'New Promo Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Promo Code' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
  await expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveValue(code);
  await dialog.getByLabel(/Discount type/).selectOption('fixed');
  await dialog.getByLabel(/Discount \(\$\)/).fill('12.50');
  await dialog.getByLabel(/^Duration/).selectOption('multipleMonths');
  await dialog.getByLabel(/Number of months/).fill('3');
  await dialog.getByLabel('Maximum uses').fill('10');
  await dialog.getByLabel(/Description/).fill('=SUM(1,2) "quoted", journey offer');
  await checkA11y(page, 'promo codes: new code dialog, filled');
  await shot(page, 'promo-codes-dialog', { schemes: 'current' });
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await toast(page, 'Promo code created successfully');
  await expect(dialog).toBeHidden();

  const search = page.getByLabel('Search promo codes');
  await search.fill(code);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '$12.50' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '3 months' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 / 10' })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await shot(page, 'promo-codes-list', { schemes: 'current' });

  // Edit: the terms are locked, the description changes.
  await row.getByRole('button', { name: `Edit promo code ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Promo Code' });
  await expect(edit.getByRole('textbox', { name: /^Code/ })).toBeDisabled();
  await expect(edit.getByLabel(/Discount \(\$\)/)).toBeDisabled();
  await edit.getByLabel(/Description/).fill('=SUM(1,2) "quoted", edited offer');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Promo code updated successfully');
  await expect(row.getByText('=SUM(1,2) "quoted", edited offer')).toBeVisible();

  // Search by description, and a search that finds nothing.
  await search.fill('nothing-matches-this');
  await expect(page.getByText('No promo codes found')).toBeVisible();
  await search.fill(`edited offer`);
  await expect(row).toBeVisible();

  // Export: the server's file through the app, with the cells quoted and neutralised.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('promo-codes.csv');
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe(
    'Code,Discount,Discount Type,Duration,Months,Description,Usage,Max Uses,One Time Use,Expiration,Status,Created',
  );
  expect(csv).toContain(`${code},12.50,Fixed,3 months,3,"'=SUM(1,2) ""quoted"", edited offer",0,10,Yes,`);

  // Dark mode.
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await checkA11y(page, 'promo codes: a search finding one');
  await shot(page, 'promo-codes-list', { schemes: 'current' });
  await row.getByRole('button', { name: `Edit promo code ${code}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Promo Code' })).toBeVisible();
  await checkA11y(page, 'promo codes: edit dialog');
  await shot(page, 'promo-codes-dialog', { schemes: 'current' });
  await page.getByRole('dialog', { name: 'Edit Promo Code' }).getByRole('button', { name: 'Cancel' }).click();

  // Delete after confirming.
  await row.getByRole('button', { name: `Delete promo code ${code}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete promo code' });
  await expect(confirm.getByText('Are you sure you want to delete this promo code?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Promo code deleted successfully');
  await search.fill(code);
  await expect(page.getByText('No promo codes found')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
});

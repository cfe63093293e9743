import { activatedAccount, checkA11y, demo, expect, journeyPassword, test } from '../support';

test('an unknown page says Page Not Found and goes back to the role home', async ({ mayaPage: page }) => {
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/user\/home$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await checkA11y(page, 'not found');
  await page.getByRole('button', { name: 'BACK TO HOME PAGE' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
});

test('the patient header: dark mode is Coming Soon; admin pages are out of reach', async ({
  mayaPage: page,
}) => {
  await page.goto('/user/home');
  const toggle = page.getByRole('button', { name: 'Toggle dark mode' });
  await expect(toggle).toHaveAttribute('aria-disabled', 'true');
  await toggle.hover();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await page.goto('/admin/all-users');
  await expect(page).toHaveURL(/\/user\/home$/);
});

test('the admin deletes a user after confirming', { tag: '@smoke' }, async ({ adminPage: page, request }) => {
  const { email } = await activatedAccount(request);
  await page.goto('/admin/all-users');
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete user' });
  await expect(dialog.getByText('Are you sure you want to delete this user?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No users found')).toBeVisible();
  const login = await request.post('/api/v1/login', { data: { email, password: journeyPassword } });
  expect(login.status()).toBe(401);
});

test('a provider sees dark mode and the provider home', { tag: '@smoke' }, async ({ providerPage: page }) => {
  await page.goto('/provider/dashboard');
  await expect(page).toHaveURL(/\/provider\/dashboard$/);
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  // the layout sweep's name: the same screen, scanned once per theme
  await checkA11y(page, 'provider dashboard');
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
});

test('a signed-out visitor is sent to login and comes back to the page they asked for', async ({ page }) => {
  await page.goto('/user/access-history');
  await expect(page).toHaveURL(/\/auth\/login\/client$/);
  await page.getByLabel('Email').fill(demo.patient.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.patient.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/access-history$/);
  await expect(page.getByRole('heading', { name: 'Access History' })).toBeVisible();
});

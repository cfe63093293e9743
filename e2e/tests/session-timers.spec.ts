import { expect, openClientHome, test } from '../support';

// This project's server hands the web app an idle threshold of 4 s and a 6 s warning countdown.

test('the idle warning counts down; Continue Session resumes the session', async ({ patientPage: page }) => {
  await openClientHome(page);
  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning.getByText(/00:0\d/)).toBeVisible();
  await warning.getByRole('button', { name: 'Continue Session' }).click();
  await expect(page.getByText('Session resumed successfully')).toBeVisible();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
});

test('without activity the session ends by itself and the login page says why', async ({
  patientPage: page,
}) => {
  await openClientHome(page);
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/auth\/login\/client\?timeout=true$/, { timeout: 20_000 });
  await expect(page.getByText('Session expired due to inactivity. Please log in again.')).toBeVisible();
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/auth\/login\/client/);
});

test('Logout Now ends the session at once', async ({ patientPage: page }) => {
  await openClientHome(page);
  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await warning.getByRole('button', { name: 'Logout Now' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/client$/);
});

test('a journal draft survives an idle logout and is there after signing in again', async ({
  patientPage: page,
  client,
}) => {
  await openClientHome(page);
  await page.goto('/user/journaling-feature');
  await expect(page.getByRole('heading', { name: 'New journal entry', level: 1 })).toBeVisible();
  const text = 'Started writing about the long week, then the phone rang';
  await page.getByLabel('Journal notes').fill(text);

  await expect(page).toHaveURL(/\/auth\/login\/client\?timeout=true$/, { timeout: 30_000 });
  await expect(page.getByText('Session expired due to inactivity. Please log in again.')).toBeVisible();
  // Signing in again is the journey: through the login form.
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await page.goto('/user/journaling-feature');
  await expect(page.getByText('We restored the draft you were writing.')).toBeVisible();
  await expect(page.getByLabel('Journal notes')).toHaveValue(text);
});

test('on the subscription and checkout pages the longer idle threshold applies', async ({
  patientPage: page,
}) => {
  // The page's timers on Playwright's clock: the quiet time on the payment page is skipped, not waited.
  await page.clock.install();
  await openClientHome(page);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeVisible();
  // Twice this server's 4 s idle threshold, without a warning (30 minutes there).
  await page.clock.fastForward(9_000);
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeHidden();
  await expect(page).toHaveURL(/\/subscription$/);
  // Elsewhere the short threshold is back.
  await page.getByRole('link', { name: 'MindLedger home' }).click();
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeVisible({
    timeout: 15_000,
  });
});

import { expect, test, type Page } from '@playwright/test';
import { activatedAccount } from './support';

// This project's server hands the web app an idle threshold of 4 s and a 6 s warning countdown.

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login/client');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
}

test('the idle warning counts down; Continue Session resumes the session', async ({ page, request }) => {
  const { email, password } = await activatedAccount(request);
  await signIn(page, email, password);
  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning.getByText(/00:0\d/)).toBeVisible();
  await warning.getByRole('button', { name: 'Continue Session' }).click();
  await expect(page.getByText('Session resumed successfully')).toBeVisible();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
});

test('without activity the session ends by itself and the login page says why', async ({ page, request }) => {
  const { email, password } = await activatedAccount(request);
  await signIn(page, email, password);
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/auth\/login\/client\?timeout=true$/, { timeout: 20_000 });
  await expect(page.getByText('Session expired due to inactivity. Please log in again.')).toBeVisible();
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/auth\/login\/client/);
});

test('Logout Now ends the session at once', async ({ page, request }) => {
  const { email, password } = await activatedAccount(request);
  await signIn(page, email, password);
  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await warning.getByRole('button', { name: 'Logout Now' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/client$/);
});

test('a journal draft survives an idle logout and is there after signing in again', async ({
  page,
  request,
}) => {
  const { email, password } = await activatedAccount(request);
  await signIn(page, email, password);
  await page.goto('/user/journaling-feature');
  await expect(page.getByRole('heading', { name: 'New journal entry', level: 1 })).toBeVisible();
  const text = 'Started writing about the long week, then the phone rang';
  await page.getByLabel('Journal notes').fill(text);

  await expect(page).toHaveURL(/\/auth\/login\/client\?timeout=true$/, { timeout: 30_000 });
  await expect(page.getByText('Session expired due to inactivity. Please log in again.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await page.goto('/user/journaling-feature');
  await expect(page.getByText('We restored the draft you were writing.')).toBeVisible();
  await expect(page.getByLabel('Journal notes')).toHaveValue(text);
});

test('on the subscription and checkout pages the longer idle threshold applies', async ({
  page,
  request,
}) => {
  const { email, password } = await activatedAccount(request);
  await signIn(page, email, password);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeVisible();
  // Twice this server's 4 s idle threshold, without a warning (30 minutes there).
  await page.waitForTimeout(9_000);
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeHidden();
  await expect(page).toHaveURL(/\/subscription$/);
  // Elsewhere the short threshold is back.
  await page.getByRole('link', { name: 'MindLedger home' }).click();
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeVisible({
    timeout: 15_000,
  });
});

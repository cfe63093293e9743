import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { activatedAccount } from './support';

/** A fresh client signed in through the login page, on the client home. */
export async function signInNewClient(
  page: Page,
  request: APIRequestContext,
  profile: { timezone?: string } = {},
) {
  const account = await activatedAccount(request, 'patient', profile);
  await page.goto('/auth/login/client');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
  return account;
}

export async function openNewEntry(page: Page) {
  await page.goto('/user/journaling-feature');
  await expect(page.getByRole('heading', { name: 'New journal entry', level: 1 })).toBeVisible();
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createGoalViaApi(request: APIRequestContext, token: string, text: string) {
  const response = await request.post('/api/v1/goals/', { data: { text }, headers: bearer(token) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

export async function chooseMood(page: Page, mood: string) {
  const radio = page
    .getByRole('radiogroup', { name: 'Mood' })
    .getByRole('radio', { name: mood, exact: true });
  // The native input is visually hidden inside its label: click the label, as a person does.
  await radio.locator('xpath=ancestor::label').click();
  await expect(radio).toBeChecked();
}

export async function chooseJournalMode(page: Page, mode: 'Prompt' | 'Chat' | 'Voice' | 'Photo') {
  const group = page.getByRole('radiogroup', { name: 'Journal mode' });
  const radio = group.getByRole('radio', { name: mode });
  // Mantine's segmented control draws a label beside each hidden input.
  await group
    .locator('label')
    .filter({ hasText: new RegExp(`^${mode}$`) })
    .click();
  await expect(radio).toBeChecked();
}

/**
 * Clicks a segment of the emotion wheel. Segments are SVG annular sectors, so the middle of their
 * bounding box may lie on another ring: the click goes where the segment's own emoji or name is drawn.
 */
export async function pickOnWheel(page: Page, name: string) {
  const wheel = page.getByRole('group', { name: 'Emotion wheel' });
  // Rings grow in with a short animation: wait for it so the positions measured below hold.
  await wheel.evaluate((svg) => Promise.all(svg.getAnimations({ subtree: true }).map((a) => a.finished)));
  const segment = wheel.getByRole('button', { name, exact: true });
  const box = await segment.boundingBox();
  const mark = await segment.locator('text').last().boundingBox();
  if (!box || !mark) throw new Error(`The wheel segment ${name} is not on screen`);
  await segment.click({
    position: { x: mark.x + mark.width / 2 - box.x, y: mark.y + mark.height / 2 - box.y },
  });
}

export async function saveEntry(page: Page, button = 'Save Entry') {
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
}

export function ledger(page: Page) {
  return page.getByRole('region', { name: 'Your Journal' });
}

/** At a phone's width, nothing on the page may scroll sideways (checked after each journey). */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  if (width > 480) return;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page is ${scrollWidth}px wide at a ${width}px viewport`).toBeLessThanOrEqual(width);
}

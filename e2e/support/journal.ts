import { expect, type Page } from '@playwright/test';

/** The journaling page, for a new entry. */
export async function openNewEntry(page: Page) {
  await page.goto('/user/journaling-feature');
  await expect(page.getByRole('heading', { name: 'New journal entry', level: 1 })).toBeVisible();
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

import { expect, type Page } from '@playwright/test';

/** A toast with exactly this text is showing. */
export async function toast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** The header's theme switch (providers and admins; clients see 'Coming Soon'). */
export async function toggleDark(page: Page, scheme: 'dark' | 'light'): Promise<void> {
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', scheme);
}

/** The signed-in client's home, where the login form would have led (`Jo` for a journey's client). */
export async function openClientHome(page: Page, firstName = 'Jo'): Promise<void> {
  await page.goto('/user/home');
  await expect(page.getByRole('heading', { name: `Welcome, ${firstName}` })).toBeVisible();
}

/**
 * Closes the toast with this text. Toasts sit over the header's top-right corner on a desktop; one
 * still sliding in can take a click meant for a header button (Logout) under it.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const note = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: 'Close notification' }).click();
  await expect(note).toBeHidden();
}

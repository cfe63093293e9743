import type { Page } from '@playwright/test';

/**
 * Waits (at most 2 s) for the page's CSS transitions and animations to finish: a modal opening, a
 * toast fading in, a colour scheme's transitions. What the eye waits for, instead of a fixed pause.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

/** The colour scheme the page shows (Mantine's attribute on the root element). */
export async function schemeOf(page: Page): Promise<'light' | 'dark'> {
  const scheme = await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  );
  return scheme === 'dark' ? 'dark' : 'light';
}

/** Whether the page emulates a phone (the 375 px project). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { isPhone, schemeOf, settled } from './settle';

/**
 * Where journeys leave screenshots for people to look at (never compared): E2E_SHOTS=<dir>. Unset
 * (the test tiers), nothing is taken.
 */
const shotsDir = process.env.E2E_SHOTS;

export interface ShotOptions {
  /** The whole page (default) or only the viewport (a modal, a dropdown). */
  fullPage?: boolean;
  /** Only this element. */
  target?: Locator;
  /**
   * The schemes to take: the one shown ('current'), or light and then dark (default 'both': for a
   * screen that has no dark mode, such as a client's, Mantine's dark scheme forced on the page, to
   * keep it ready).
   */
  schemes?: 'both' | 'current';
}

async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
  await settled(page);
}

/** One screenshot helper: `<name>-<width>-<scheme>.png` in E2E_SHOTS, light and dark by default. */
export async function shot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const { fullPage = true, target, schemes = 'both' } = options;
  // From the top (a full-page capture would draw a fixed header mid-page) and with no hover state.
  if (fullPage && !target) await page.evaluate(() => window.scrollTo(0, 0));
  if (!isPhone(page)) await page.mouse.move(1, 1);
  const shown = await schemeOf(page);
  const take = async (scheme: string) => {
    const path = `${shotsDir}/${name}-${width}-${scheme}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage });
  };
  await settled(page);
  if (schemes === 'current') return take(shown);
  let current = shown;
  for (const scheme of ['light', 'dark'] as const) {
    if (scheme !== current) await setScheme(page, (current = scheme));
    await take(scheme);
  }
  if (current !== shown) await setScheme(page, shown);
}

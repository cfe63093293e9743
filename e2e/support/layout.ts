import { expect, type Locator, type Page } from '@playwright/test';

/** Nothing on the page scrolls sideways (at any width; it matters at a phone's). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page is ${scrollWidth}px wide at a ${width}px viewport`).toBeLessThanOrEqual(width);
}

/** The element is on screen, whole, without scrolling sideways. */
export async function expectInView(page: Page, target: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/**
 * Nothing fixed (the header, the bar of links under it) covers the page's main heading when the
 * page is at its top, nor the main region's last element when it is scrolled to the end: what a
 * phone shows under its bars is reachable.
 */
export async function expectNothingBehindTheBars(page: Page): Promise<void> {
  const covered = await page.evaluate(() => {
    const coveredBy = (element: Element | null): string | null => {
      if (!element) return null;
      element.scrollIntoView({ block: 'nearest' });
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      const x = Math.min(Math.max(box.left + Math.min(box.width, 40) / 2, 0), window.innerWidth - 1);
      for (const y of [box.top + 2, box.bottom - 2]) {
        if (y < 0 || y > window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || element.contains(hit) || hit.contains(element)) continue;
        // something else is drawn there: a problem only when it is fixed or sticky
        for (let node: Element | null = hit; node; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if (position === 'fixed' || position === 'sticky')
            return `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" under ${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
        }
      }
      return null;
    };
    window.scrollTo(0, 0);
    const heading = document.querySelector('main h1') ?? document.querySelector('h1');
    const first = coveredBy(heading);
    const main = document.querySelector('main');
    let last: string | null = null;
    if (main) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const candidates = [
        ...main.querySelectorAll('button, a[href], input, select, textarea, h2, h3, p'),
      ].filter((e) => (e as HTMLElement).offsetParent !== null);
      last = coveredBy(candidates.at(-1) ?? null);
    }
    window.scrollTo(0, 0);
    return [first, last].filter((c): c is string => c !== null);
  });
  expect(covered, 'covered by a fixed bar').toEqual([]);
}

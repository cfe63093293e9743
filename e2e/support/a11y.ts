import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { isPhone, schemeOf, settled } from './settle';

/**
 * Where this run notes the screens it has scanned (a fresh folder per run, made by global-setup.ts):
 * one empty folder per screen, theme and width, made atomically, so that two workers never scan
 * the same one twice.
 */
const scannedDir = process.env.E2E_A11Y_DIR;

const markerOf = (key: string) => (scannedDir ? join(scannedDir, key.replace(/[^\w.-]+/g, '_')) : null);

function firstScanOf(key: string): boolean {
  const marker = markerOf(key);
  if (!marker) return true;
  try {
    mkdirSync(marker);
    return true;
  } catch {
    return false;
  }
}

/** A scan that found violations is forgotten: the journey's retry (or another journey) scans again. */
function forget(key: string): void {
  const marker = markerOf(key);
  if (marker) rmSync(marker, { recursive: true, force: true });
}

/**
 * axe-core itself, run in the page (decision 102: its Playwright wrapper finishes every scan in a
 * new blank page, three to five times the cost of the scan; the app has no frames to merge).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = {
    resultTypes: ['violations'],
    // On a phone, touch targets must be 24 px or leave that much room (WCAG 2.5.8; off by default).
    rules: { 'target-size': { enabled: isPhone(page) } },
  };
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe
        .run(document, runOptions)
        .then((r) => ({ violations: r.violations })),
    options,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * No serious or critical accessibility violation on `screen` (a name for the screen and the state it
 * is in: "goals", "goals: presets dialog"), scanned once per theme and width in a run: a screen
 * reached again by another journey, or at another step, is not scanned again.
 *
 * Scanned once the page is at rest. A toast fading in, a button still pressed or a dropdown closing
 * (an empty listbox for a frame) can fail a rule for a moment: findings are measured once more after
 * the pointer leaves and the animations end, and only those still there count (a real violation is
 * there both times).
 */
export async function checkA11y(page: Page, screen: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const key = `${screen}@${width}-${await schemeOf(page)}`;
  if (!firstScanOf(key)) return;
  await settled(page);
  let serious = await seriousViolations(page);
  if (serious.length > 0) {
    if (!isPhone(page)) await page.mouse.move(0, 0);
    await settled(page);
    serious = await seriousViolations(page);
  }
  if (serious.length > 0) forget(key);
  expect.soft(serious, `accessibility of ${key}`).toEqual([]);
}

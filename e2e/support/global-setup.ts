import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A fresh folder per run for the accessibility check's notes of what it scanned (support/a11y.ts). */
export default function globalSetup(): void {
  const dir = join(import.meta.dirname, '..', '..', '.tmp', `a11y-scans-${process.env.E2E_PORT ?? 4310}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_A11Y_DIR = dir;
}

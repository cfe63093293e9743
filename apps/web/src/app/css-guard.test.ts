import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(__dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

describe('the app stylesheets', () => {
  // The build lowers light-dark() to variables that only a literal `color-scheme` sets; Mantine sets
  // it through a variable, so such a colour never follows the dark scheme. Scheme colours go through
  // Mantine's attribute: `:global([data-mantine-color-scheme='dark']) .x { … }`.
  it('never use light-dark(), which does not follow Mantine\u2019s colour scheme once built', () => {
    const offenders = cssFiles(src).filter((file) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .includes('light-dark('),
    );
    expect(offenders).toEqual([]);
  });
});

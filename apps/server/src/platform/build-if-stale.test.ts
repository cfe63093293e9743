import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script of the repository (no types)
import { outputs, upToDate, writeStamp } from '../../../../scripts/build-if-stale.mjs';

// `npm start` skips a build that is up to date (issue 18): a restart does not rebuild everything.
let root = '';
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-stale', () => {
  it('builds when an output is missing or an input changed, and not otherwise', () => {
    root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    put('package.json', '{}');
    put('apps/server/src/main.ts', 'export {};');
    put('apps/web/src/main.tsx', 'export {};');
    put('apps/web/src/main.test.tsx', 'a test is not a build input');
    expect(upToDate(root)).toBe(false); // never built
    for (const output of outputs as string[]) put(output, 'built');
    expect(upToDate(root)).toBe(false); // no stamp yet
    writeStamp(root);
    expect(upToDate(root)).toBe(true);
    put('apps/web/src/main.test.tsx', 'tests change without a build');
    expect(upToDate(root)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'apps/server/src/main.ts'), later, later);
    expect(upToDate(root)).toBe(false); // an input changed
    writeStamp(root);
    expect(upToDate(root)).toBe(true);
    rmSync(join(root, 'apps/server/dist/worker.js'));
    expect(upToDate(root)).toBe(false); // an output is gone
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWebShell, matchRoute, type PreloadTable } from './web-shell.js';

const table: PreloadTable['table'] = [
  ['/auth/login/client', [0]],
  ['/checkout/:sessionId', [1, 2]],
  ['/checkout/new', [0]],
  ['/user/home', [3]],
  ['*', [4]],
];

describe('matchRoute', () => {
  it('matches segment for segment, a dynamic segment matching any one', () => {
    expect(matchRoute(table, '/auth/login/client')).toEqual([0]);
    expect(matchRoute(table, '/checkout/cs_123/')).toEqual([1, 2]);
  });

  it('prefers static segments to dynamic ones, as the router does', () => {
    expect(matchRoute(table, '/checkout/new')).toEqual([0]);
  });

  it('takes the catch-all only when nothing else matches, and nothing without one', () => {
    expect(matchRoute(table, '/auth/login')).toEqual([4]);
    expect(matchRoute(table, '/user/home/extra')).toEqual([4]);
    expect(matchRoute(table.slice(0, 4), '/nowhere')).toBeNull();
  });
});

describe('loadWebShell', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-shell-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const index =
    '<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n  </head>\n  <body></body>\n</html>\n';
  writeFileSync(join(dir, 'index.html'), index);

  it('is index.html as it is without a preload table (an older build)', () => {
    expect(loadWebShell(dir).html('/user/home')).toBe(index);
  });

  it("adds the path's chunks as module preloads and its stylesheets as style preloads, before </head>", () => {
    const files = [
      '/assets/LoginPage-a.js',
      '/assets/Checkout-b.js',
      '/assets/Checkout-b.css',
      '/assets/Home-c.js',
      '/assets/NotFound-d.js',
    ];
    writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ files, table }));
    const shell = loadWebShell(dir);
    const checkout = shell.html('/checkout/cs_1');
    expect(checkout).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/Checkout-b.js">\n    <link rel="preload" as="style" href="/assets/Checkout-b.css">\n  </head>',
    );
    expect(shell.html('/user/home')).toContain('href="/assets/Home-c.js"');
    expect(shell.html('/user/home')).not.toContain('Checkout');
    // the same answer for the same route (cached)
    expect(shell.html('/checkout/cs_2')).toBe(checkout);
  });

  it('never writes a file name that is not a plain build file into the HTML', () => {
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({
        files: ['/assets/x.js"><script>alert(1)</script>', '/elsewhere/y.js'],
        table: [['*', [0, 1]]],
      }),
    );
    expect(loadWebShell(dir).html('/anything')).toBe(index);
  });
});

import { gzipSync } from 'node:zlib';
import { expect, test } from '../support';

const budget = 200 * 1024;

test(
  'the first load of the patient home stays under 200 KB of gzipped JavaScript',
  { tag: '@smoke' },
  async ({ mayaPage: fresh }) => {
    // The first page of a browser signed in through the API: signed in by the refresh cookie, nothing
    // of the app loaded yet.
    const scripts: Promise<number>[] = [];
    const encodings = new Set<string>();
    fresh.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      const encoding = response.headers()['content-encoding'] ?? 'identity';
      scripts.push(
        response.body().then((body) => {
          if (body.length >= 1024) encodings.add(encoding);
          return gzipSync(body).length;
        }),
      );
    });
    await fresh.goto('/user/home');
    await expect(fresh).toHaveURL(/\/user\/home$/);
    await expect(fresh.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
    // Not 'networkidle': the live notification stream stays open. Wait until no script has arrived
    // for a second instead (the lazy chunks the home asks for after its first paint included).
    let seen = -1;
    await expect
      .poll(
        async () => {
          const stable = scripts.length === seen;
          seen = scripts.length;
          return stable;
        },
        { intervals: [1000], timeout: 20_000 },
      )
      .toBe(true);
    const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    test
      .info()
      .annotations.push({ type: 'patient home JS (gzip)', description: `${Math.round(total / 1024)} KB` });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(budget);
    // Served compressed (brotli or gzip files written at build time; tiny files are sent as they are).
    expect([...encodings].every((e) => e === 'br' || e === 'gzip')).toBe(true);
  },
);

test("a screen's chunks and the text font are asked for with the HTML, each once, and all are used", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/auth/login/client')).text();
  // the server adds the path's chunks (decision 101); index.html preloads Inter's Latin faces
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/LoginPage-[\w-]+\.js">/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/AuthLayout-[\w-]+\.js">/);
  for (const weight of [400, 600, 700]) expect(html).toContain(`href="/assets/inter-latin-${weight}-normal-`);
  // 500 is used once signed in only: not asked for with the sign-in page (decision 101)
  expect(html).not.toContain('href="/assets/inter-latin-500-normal-');
  // the entry asks V8 to compile it eagerly, off the main thread (its first line)
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  expect(await (await request.get(entry!)).text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
  // another screen, other chunks; an unknown path gets the not-found page's
  const home = await (await request.get('/user/home?search=x')).text();
  expect(home).toMatch(/rel="modulepreload" crossorigin href="\/assets\/PatientHomePage-[\w-]+\.js"/);
  expect(home).not.toContain('LoginPage-');
  expect(await (await request.get('/no/such/page')).text()).toMatch(/NotFoundPage-[\w-]+\.js/);

  const requested = new Map<string, number>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/')) requested.set(path, (requested.get(path) ?? 0) + 1);
  });
  const unused: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) unused.push(message.text());
  });
  await page.goto('/auth/login/client');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const preloaded = [...html.matchAll(/href="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  for (const path of preloaded) expect(requested.get(path), path).toBe(1);
  // Each preloaded Inter face is in use: a face of that weight for Latin letters (its unicode-range has
  // U+0061, 'a') has loaded.
  const weights = [...new Set([...html.matchAll(/inter-latin-(\d+)-normal-/g)].map((m) => m[1]!))];
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.fonts]
            .filter((f) => f.family.replace(/["']/g, '') === 'Inter' && f.status === 'loaded')
            .filter((f) =>
              f.unicodeRange.split(',').some((range) => {
                const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
                return parseInt(from!, 16) <= 0x61 && 0x61 <= parseInt(to!, 16);
              }),
            )
            .map((f) => f.weight),
        ),
      { message: 'the weights of the loaded Latin faces of Inter' },
    )
    .toEqual(expect.arrayContaining(weights));
  // Chrome warns about a preload the page did not use (a few seconds after the load): none so far
  expect(unused).toEqual([]);
});

import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { demoPassword } from './support';

const budget = 200 * 1024;

test('the first load of the patient home stays under 200 KB of gzipped JavaScript', async ({
  page,
  context,
}) => {
  await page.goto('/auth/login/client');
  await page.getByLabel('Email').fill('patient@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);

  // A new tab of the same browser: signed in by the refresh cookie, nothing cached in memory.
  const fresh = await context.newPage();
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
});

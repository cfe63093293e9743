import {
  bearer,
  checkA11y,
  chooseMood,
  expect,
  ledger,
  openNewEntry,
  test,
  type Page,
  openClientHome,
} from '../support';

// The app installs (manifest, service worker active) and journaling works without a connection: an
// entry written offline waits in the outbox, is still there after a reload, and is saved exactly once
// when the connection returns.

// The device a day ahead of the profile at every hour (UTC+14 and UTC-11): an entry written offline
// belongs to the profile's day, the one the server counts in, or it would arrive "yet to come".
const deviceZone = 'Pacific/Kiritimati';
const profileZone = 'Pacific/Pago_Pago';

test.use({ serviceWorkers: 'allow', timezoneId: deviceZone, clientProfile: { timezone: profileZone } });

/** The service worker is active, so the app's files are kept (its install keeps them all). */
async function appCached(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), {
      timeout: 30_000,
    })
    .toBe('activated');
}

test('installable; an entry written offline waits, survives a reload, and is saved once back online', async ({
  patientPage: page,
  client,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await openClientHome(page);

  // installable: the manifest with its icons, and the service worker controlling the page
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    display: string;
    start_url: string;
    icons: { sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  await appCached(page);

  // once online, so the journaling screen's files are in the app's cache
  await openNewEntry(page);
  await page.goto('/user/home');
  await expect(ledger(page).getByText('No journal entries yet')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'New Journal Entry' }).click();
  await expect(page.getByRole('heading', { name: 'New journal entry', level: 1 })).toBeVisible();
  await chooseMood(page, 'Fine');
  const notes = 'Written on a train with no signal.';
  await page.getByLabel('Journal notes').fill(notes);
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(
    page.getByText(
      'You are offline. Your entry is saved on this device and will be sent when you are back online.',
    ),
  ).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to sync' });
  await expect(waiting.getByText(notes)).toBeVisible();
  await expect(waiting.getByText('Waiting to sync', { exact: true })).toBeVisible();
  await checkA11y(page, 'client home: an entry waiting to sync');

  // a reload without a connection: the app opens from its cache, the entry still waits
  await page.reload();
  await expect(page.getByRole('region', { name: 'Waiting to sync' }).getByText(notes)).toBeVisible();

  // back online: sent once, listed in the journal, gone from the outbox
  await context.setOffline(false);
  await expect(page.getByText('Your entry written offline is saved.')).toBeVisible({ timeout: 40_000 });
  await expect(page.getByRole('region', { name: 'Waiting to sync' })).toHaveCount(0);
  await expect(ledger(page).getByText(notes)).toBeVisible();
  const list = await request.get('/api/v1/get-all-mood?page=1&limit=10', { headers: bearer(client.token) });
  const body = (await list.json()) as { total: number; data: { notes: string }[] };
  expect(body.total).toBe(1);
  expect(body.data[0]!.notes).toBe(notes);
});

test('signing out with entries still waiting asks first', async ({ patientPage: page, context }) => {
  test.setTimeout(90_000);
  await openClientHome(page);
  await appCached(page);
  await openNewEntry(page);
  await context.setOffline(true);
  await chooseMood(page, 'Fine');
  await page.getByLabel('Journal notes').fill('Kept for later.');
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByRole('region', { name: 'Waiting to sync' })).toBeVisible();
  await page.getByRole('button', { name: /^Profile menu: / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entries not sent yet' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page.getByRole('region', { name: 'Waiting to sync' })).toBeVisible();
});

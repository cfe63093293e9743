import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, clientConnectedToDemoProvider, expectAccessible, subscribeStandard } from './support';

// Issue 14's weekly insights and automation: a Standard client with entries in the last seven
// days generates the week's insights in the background, reads the report, and moves their weekly
// automation to another day. Runs at 1280 px (journeys) and 375 px (mobile).

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login/client');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
}

/** With WI_SHOTS=<dir>: the viewport as it is, light and (Mantine's scheme forced) dark. */
async function shot(page: Page, name: string) {
  const dir = process.env.WI_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.waitForTimeout(400); // the colour transitions
    await page.screenshot({ path: `${dir}/weekly-${name}-${width}-${scheme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('a client generates the last seven days’ insights, reads them, and changes the automation day', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await clientConnectedToDemoProvider(request);
  await subscribeStandard(request, client.email, client.password);
  const { token } = await apiSignIn(request, client.email, client.password);
  const headers = { Authorization: `Bearer ${token}` };
  // Two entries, yesterday and the day before in the client's days (the server's today for them):
  // inside the seven days ending yesterday, whatever the hour. (Entries dated 30 and 54 hours back
  // in UTC fell on the client's today for the last hour of each Denver day.)
  const streak = await request.get('/api/v1/streak-dates', { headers });
  const { today } = (await streak.json()) as { today: string };
  const daysBefore = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  for (const [ago, notes] of [
    [1, 'A long walk after work helped me unwind.'],
    [2, 'Slept well and felt calm at the team meeting.'],
  ] as const) {
    const created = await request.post('/api/v1/create-mood', {
      data: {
        mood: 'Fine',
        emoji: '🙂',
        journalType: 'prompt',
        notes,
        customDate: daysBefore(ago),
      },
      headers,
    });
    expect(created.status()).toBe(201);
  }

  await signIn(page, client.email, client.password);
  await page.goto('/user/report');
  await expect(page.getByRole('heading', { name: 'Weekly Insights', level: 1 })).toBeVisible();
  await expect(page.getByText('No weekly insights yet')).toBeVisible();
  await expectAccessible(page);

  const week = page.getByRole('combobox', { name: 'Week' });
  await week.click();
  await page.getByRole('option', { name: /^Last 7 days/ }).click();
  // The info toast may give way to the success one within a frame: record every toast shown.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const n of Array.from(document.querySelectorAll('.mantine-Notification-description')))
        if (n.textContent && !seen.includes(n.textContent)) seen.push(n.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  // The persistent info toast shows while the job runs; when the job finishes before the toasts'
  // container has even loaded, only the success is painted (the web tests check the info toast).
  const seen = () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
  await expect.poll(seen, { timeout: 30_000 }).toContain('Weekly insights generated successfully!');
  expect(
    (await seen()).filter(
      (t) =>
        t !== 'Generating weekly insights in background...' &&
        t !== 'Weekly insights generated successfully!',
    ),
  ).toEqual([]);

  // The report: its title with the dates, the sections, the questions and the end.
  const history = page.getByRole('list', { name: 'Your weekly insights' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('listitem').first().getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /Your Week in Reflection/ })).toBeVisible();
  await expect(page.getByText('END OF REFLECTION')).toBeVisible();
  await expect(page.getByText(/self-reflection only/).first()).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('heading', { name: /Your Week in Reflection/ }).scrollIntoViewIfNeeded();
  await shot(page, 'report');

  // Weekly automation: Sunday by default; Wednesday once saved.
  await page.goto('/profile/weekly-automation');
  const days = page.getByRole('radiogroup', { name: /Generation day/ });
  await expect(days.getByRole('radio', { name: 'Sunday' })).toBeChecked();
  await days.getByRole('radio', { name: 'Wednesday' }).check();
  await expect(page.getByRole('switch', { name: 'Automatic generation' })).toBeChecked();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page.getByText('Automation day updated to Wednesday. Report dates will update accordingly.').first(),
  ).toBeVisible();
  await shot(page, 'automation');
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: /Generation day/ }).getByRole('radio', { name: 'Wednesday' }),
  ).toBeChecked();
  await noSidewaysScroll(page);
  await expectAccessible(page);
});

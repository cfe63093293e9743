import {
  bearer,
  checkA11y,
  connectToDemoProvider,
  createEntry,
  expect,
  expectNoSidewaysScroll,
  shot,
  subscribeStandard,
  test,
} from '../support';

// Weekly insights and automation: a Standard client with entries in the last seven
// days generates the week's insights in the background, reads the report, and moves their weekly
// automation to another day.

test('a client generates the last seven days’ insights, reads them, and changes the automation day', async ({
  patientPage: page,
  client,
  request,
}) => {
  test.setTimeout(120_000);
  await connectToDemoProvider(request, client);
  await subscribeStandard(request, client);
  const headers = bearer(client.token);
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
  ] as const)
    await createEntry(request, client, { mood: 'Fine', emoji: '🙂', notes, customDate: daysBefore(ago) });

  await page.goto('/user/home');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await page.goto('/user/report');
  await expect(page.getByRole('heading', { name: 'Weekly Insights', level: 1 })).toBeVisible();
  await expect(page.getByText('No weekly insights yet')).toBeVisible();
  await checkA11y(page, 'weekly insights: none yet');

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
  await expectNoSidewaysScroll(page);
  await checkA11y(page, 'weekly insights: a report open');
  await page.getByRole('heading', { name: /Your Week in Reflection/ }).scrollIntoViewIfNeeded();
  await shot(page, 'weekly-report', { fullPage: false });

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
  await shot(page, 'weekly-automation', { fullPage: false });
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: /Generation day/ }).getByRole('radio', { name: 'Wednesday' }),
  ).toBeChecked();
  await expectNoSidewaysScroll(page);
  await checkA11y(page, 'weekly automation: Wednesday');
});

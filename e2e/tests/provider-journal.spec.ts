import { checkA11y, connectToDemoProvider, createEntry, expect, test } from '../support';

test(
  'a provider reads a connected client’s shared journal and dashboard, never the private entries',
  { tag: '@smoke' },
  async ({ providerPage: page, client, request }) => {
    // Two actors and two accessibility scans: more than the default budget on a busy machine.
    test.slow();
    await connectToDemoProvider(request, client);
    const entry = { mood: 'Fine', emoji: '🙂', journalType: 'prompt', userTimezone: 'UTC' };
    for (const extra of [{ notes: 'Shared note' }, { notes: 'Private note', isPrivate: true }])
      await createEntry(request, client, { ...entry, ...extra });

    await page.goto('/provider/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
    await page.goto(`/provider/patient-overview/${client.id}`);

    await page.getByRole('tab', { name: 'Journals' }).click();
    const journal = page.getByRole('region', { name: 'Journal entries' });
    await expect(journal.getByText('Shared note')).toBeVisible();
    await expect(journal.getByText('1 shared entry')).toBeVisible();
    await expect(journal.getByRole('article')).toHaveCount(1);
    await expect(page.getByText('Private note')).toHaveCount(0);
    await expect(journal.getByRole('article').first()).toContainText('Journal type: Prompt');
    await journal.getByRole('textbox', { name: 'Search entries' }).fill('private');
    await expect(journal.getByText('No entries match “private”.')).toBeVisible();
    await journal.getByRole('textbox', { name: 'Search entries' }).fill('');
    await expect(journal.getByText('Shared note')).toBeVisible();
    await checkA11y(page, 'client overview: Journals, one shared entry');

    await page.getByRole('tab', { name: 'Dashboard' }).click();
    const latest = page.getByRole('region', { name: 'Latest entry' });
    await expect(latest.getByText('Shared note')).toBeVisible();
    const year = page.getByRole('region', { name: 'Check-ins by year' });
    await expect(year.getByTestId('year-total')).toHaveText(/^1 check-in in \d{4}$/);
    await expect(year.getByRole('list', { name: 'By mood' }).getByRole('listitem')).toHaveText(['🙂 Fine1']);
    const analytics = page.getByRole('region', { name: 'Mood analytics' });
    await expect(analytics.getByText('Check-ins', { exact: true }).locator('xpath=..')).toContainText('1');
    await expect(analytics.getByRole('list', { name: 'Check-ins by core emotion' })).toHaveText('Calm 1');
    await expect(page.getByText('Private note')).toHaveCount(0);
    await checkA11y(page, 'client overview: Dashboard, one shared entry');
  },
);

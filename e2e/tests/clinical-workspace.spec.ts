import {
  apiSignIn,
  bearer,
  checkA11y,
  connectToDemoProvider,
  createGoal,
  demo,
  expect,
  shot,
  test,
  type Page,
} from '../support';

// The clinical workspace: the demo provider writes a progress note with the defaults, leaves
// with unsaved changes (the guard says they are saved), finds the autosaved draft again, signs it
// and adds an addendum; drafts a care plan from the notes and the client's goals, edits an
// objective, picks a diagnosis code and signs it; generates a notes summary and edits it; the
// dashboard lists the signed note and counts it.

// The device in UTC+14, the demo provider's profile in Denver: a new note's date is the profile's
// today (the server's, which the notes summary's range ends on), not the device's, a day ahead most
// hours. 00:00–07:00 UTC with a device in UTC the same gap made the summary find no notes.
test.use({ timezoneId: 'Pacific/Kiritimati' });

async function signedCount(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: 'Session Notes' });
  const value = card.locator('dd').first();
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

test('a provider writes, signs and amends a progress note, drafts and signs a care plan, and edits a notes summary', async ({
  providerPage: page,
  client,
  request,
}) => {
  test.setTimeout(180_000);
  await connectToDemoProvider(request, client);
  await createGoal(request, client, 'Sleep seven hours a night');

  await page.goto('/provider/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();

  // The client's Notes/Plans tab, then the dashboard and back, all inside the app.
  await page.goto(`/provider/patient-overview/${client.id}?tab=notes/plans`);
  await expect(page.getByRole('tab', { name: 'Notes/Plans', selected: true })).toBeVisible();
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to clients' }).click();
  const before = await signedCount(page);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Notes/Plans', selected: true })).toBeVisible();
  await checkA11y(page, 'client overview: Notes/Plans, no notes');
  await shot(page, 'clinical-tab', { fullPage: false });

  // A new progress note carries the spec's defaults; autosave keeps it.
  await page.getByRole('button', { name: 'New progress note' }).click();
  const editor = page.getByRole('dialog', { name: 'Progress note' });
  await expect(editor.getByLabel('Title')).toHaveValue('Progress Note');
  await expect(editor.getByLabel('Duration (minutes)')).toHaveValue('60');
  await expect(editor.getByRole('combobox', { name: 'Service' })).toHaveValue('in-person');
  await expect(editor.getByRole('option', { name: 'In-person', selected: true })).toBeAttached();
  await expect(editor.getByRole('combobox', { name: 'Follow-up frequency' })).toHaveValue('Every 4 Months');
  const notes = editor.getByLabel(/^Notes/);
  await notes.fill('Client slept better this week. Worry about work deadlines eased with breathing.');
  await expect(editor.getByText('Draft saved')).toBeVisible({ timeout: 15_000 });
  await checkA11y(page, 'client overview: progress note editor, draft saved');
  await shot(page, 'clinical-editor', { fullPage: false });

  // Leaving with unsaved words: the guard asks, and says they are saved.
  await notes.fill(
    'Client slept better this week. Worry about work deadlines eased with breathing. Plan: sleep diary.',
  );
  await page.goForward();
  const guard = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(guard).toBeVisible();
  await expect(guard).toContainText(
    'Are you sure you want to leave this page? All unsaved changes will be automatically saved',
  );
  await guard.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('region', { name: 'Session Notes' })).toBeVisible();

  // The words typed last were saved on leaving.
  const provider = await apiSignIn(request, demo.provider.email, demo.provider.password);
  await expect
    .poll(async () => {
      const list = await request.get(`/api/v1/get-all-notes/${client.id}`, {
        headers: bearer(provider.token),
      });
      return ((await list.json()) as { data: { notes: string }[] }).data[0]?.notes;
    })
    .toMatch(/Plan: sleep diary\.$/);
  // Coming back re-opens the draft with every word.
  await page.goBack();
  await expect(page.getByText('Autosaved draft restored.')).toBeVisible();
  await expect(editor.getByLabel(/^Notes/)).toHaveValue(/Plan: sleep diary\.$/);

  // Signing locks it; a correction is an addendum.
  await editor.getByRole('button', { name: 'Sign note' }).click();
  const sign = page.getByRole('dialog', { name: 'Sign this note?' });
  await expect(sign).toContainText('A signed note is locked');
  await sign.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByText('Note signed.').first()).toBeVisible();
  await expect(editor.getByText(/^Signed on /)).toBeVisible();
  await expect(editor.getByLabel(/^Notes/)).toHaveCount(0);
  await editor.getByLabel('Addendum').fill('Correction: the diary starts next week.');
  await editor.getByRole('button', { name: 'Add addendum' }).click();
  await expect(page.getByText('Addendum added.').first()).toBeVisible();
  await expect(editor.getByText('Correction: the diary starts next week.')).toBeVisible();
  await checkA11y(page, 'client overview: progress note signed, an addendum');
  await shot(page, 'clinical-signed', { fullPage: false });
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(editor).toBeHidden();

  // A care plan drafted from the notes and the client's goal; an objective edited; signed.
  await page.getByRole('button', { name: 'Generate care plan' }).click();
  const plan = page.getByRole('dialog', { name: 'Care plan', exact: true });
  await expect(plan.getByRole('textbox', { name: 'Goal', exact: true }).first()).toHaveValue(
    'Sleep seven hours a night',
  );
  await plan.getByLabel('Diagnosis code (ICD-10-CM)').fill('generalized anx');
  await page.getByRole('option', { name: /F41\.1 — Generalized anxiety disorder/ }).click();
  await expect(plan.getByLabel('Diagnosis description')).toHaveValue('Generalized anxiety disorder');
  await plan.getByRole('textbox', { name: 'Completion (%)' }).first().fill('40');
  await checkA11y(page, 'client overview: care plan editor');
  await shot(page, 'clinical-care-plan', { fullPage: false });
  await plan.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Care plan updated.').first()).toBeVisible();
  await plan.getByRole('button', { name: 'Sign plan' }).click();
  const signPlan = page.getByRole('dialog', { name: 'Sign this care plan?' });
  await signPlan.getByRole('button', { name: 'Sign' }).click();
  await expect(signPlan).toBeHidden();
  await expect(page.getByText('Care plan signed.').first()).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Edit signed plan' })).toBeVisible();
  await plan.getByRole('button', { name: 'Close' }).click();
  await expect(plan).toBeHidden();
  await expect(page.getByText('40% complete').first()).toBeVisible();

  // A notes summary of the last 30 days, then edited by hand.
  await page.getByRole('button', { name: 'Generate summary' }).click();
  await expect(page.getByText('Notes summary generated.').first()).toBeVisible();
  await expect(page.getByText(/From: Progress Note, /).first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('form', { name: 'Edit summary' });
  await edit.getByLabel('Summary').fill('# Session themes\n- Sleep is **better** after the diary');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Summary updated.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session themes' })).toBeVisible();
  await checkA11y(page, 'client overview: notes summary edited');
  await shot(page, 'clinical-summary', { fullPage: false });

  // The dashboard lists the signed note and counts it.
  await page.getByRole('link', { name: 'Back to clients' }).click();
  const card = page.getByRole('region', { name: 'Session Notes' });
  await expect(card.getByRole('link', { name: /Jo Journey/ }).first()).toBeVisible();
  await expect.poll(() => signedCount(page)).toBeGreaterThanOrEqual(before + 1);
  await checkA11y(page, 'provider dashboard: a new signed note');
  await shot(page, 'clinical-dashboard', { fullPage: false });
});

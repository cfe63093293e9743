import {
  checkA11y,
  connectToDemoProvider,
  createGoal,
  expect,
  shot,
  test,
  type Locator,
  type Page,
} from '../support';

const borderLeftColor = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).borderLeftColor);

test('a provider sets a therapist goal for a connected client, who sees it in the therapist colour', async ({
  providerPage: provider,
  client,
  openAs,
  request,
}) => {
  // Three actors, four accessibility scans: more than the default budget on a busy machine.
  test.slow();
  await connectToDemoProvider(request, client);
  // The client's own goal, shown read-only to the provider and used to compare colours.
  await createGoal(request, client, 'Walk every morning', { emoji: '🚶' });
  const goalText = 'Practise box breathing before sessions';

  // The provider opens the client's overview and sets a therapist goal there.
  await provider.goto('/provider/dashboard');
  await expect(provider.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
  await provider.goto(`/provider/patient-overview/${client.id}`);
  await expect(provider.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const goals = provider.getByRole('region', { name: 'Goals', exact: true });
  await expect(goals.getByText('Walk every morning')).toBeVisible();
  await expect(goals.getByText('0 of 5 therapist goals used')).toBeVisible();
  await goals.getByRole('button', { name: 'Add therapist goal' }).click();
  const dialog = provider.getByRole('dialog', { name: 'Add therapist goal' });
  await dialog.getByRole('textbox', { name: /^Goal/ }).fill(goalText);
  await dialog.getByRole('textbox', { name: /^Notes/ }).fill('Four slow counts in, hold, out, hold.');
  await dialog.getByLabel('Emoji').fill('🧘');
  await dialog.getByLabel('Priority').selectOption('4');
  await dialog.getByLabel('Category').selectOption('health');
  await dialog.getByLabel('Target date (optional)').fill('2030-06-30');
  await checkA11y(provider, 'client overview: add therapist goal dialog');
  await dialog.getByRole('button', { name: 'Add goal' }).click();
  await expect(provider.getByText('Goal created successfully.').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const item = goals.locator('li[data-goal-type="therapist"]').filter({ hasText: goalText });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Target Jun 30, 2030');
  await expect(goals.getByText('1 of 5 therapist goals used')).toBeVisible();
  await expect(goals.getByRole('button', { name: `Edit ${goalText}` })).toBeVisible();
  await checkA11y(provider, 'client overview: a therapist goal');
  await shot(provider, 'provider-goals-section', { target: goals });
  await goals.getByRole('button', { name: `Edit ${goalText}` }).click();
  const edit = provider.getByRole('dialog', { name: 'Edit therapist goal' });
  await expect(edit).toBeVisible();
  await shot(provider, 'provider-goals-form', { fullPage: false });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // The client (another browser) sees the goal among the therapist goals, in the therapist colour.
  const clientPage = await openAs(client, '/user/home');
  await expect(clientPage.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
  await clientPage.goto('/user/goals');
  const categories = clientPage.getByRole('navigation', { name: 'Goal categories' });
  await categories.getByRole('button', { name: /Personal Goals/ }).click();
  const personalCard = clientPage
    .locator('[data-goal-type="personal"]')
    .filter({ hasText: 'Walk every morning' });
  await expect(personalCard.first()).toBeVisible();
  const personalColour = await borderLeftColor(personalCard.first());

  await categories.getByRole('button', { name: /Therapist Goals/ }).click();
  const card = clientPage.locator('[data-goal-type]').filter({ hasText: goalText }).first();
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-goal-type', 'therapist');
  await expect(card).toContainText('🧘');
  expect(await borderLeftColor(card)).not.toBe(personalColour);
  await expect(
    clientPage.locator('[data-goal-type="personal"]').filter({ hasText: 'Walk every morning' }),
  ).toHaveCount(0);
  await clientPage.mouse.move(0, 0); // axe judges the resting colours, not the hovered ones
  await checkA11y(clientPage, 'goals: therapist goals');
  await selectionCard(clientPage, goalText);
});

/** The therapist goal and the client's own chosen on the journaling screen's goal card. */
async function selectionCard(page: Page, goalText: string) {
  await page.goto('/user/journaling-feature');
  const card = page.getByRole('region', { name: 'Goals', exact: true });
  await card.getByRole('button', { name: new RegExp(`^${goalText}`) }).click();
  // The first chosen goal now titles the card.
  const chosen = page.getByRole('region', { name: goalText });
  await chosen.getByRole('button', { name: /^Walk every morning/ }).click();
  await shot(page, 'provider-goals-selection-card', { target: chosen });
  await page.getByRole('button', { name: 'Done' }).click();
  const summary = page.getByRole('region', { name: 'Selected Goals' });
  await expect(summary).toBeVisible();
  await shot(page, 'provider-goals-selection-summary', { target: summary });
  await checkA11y(page, 'journaling: a therapist goal and a personal goal chosen');
}

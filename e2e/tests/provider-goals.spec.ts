import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, clientConnectedToDemoProvider, demoPassword, expectAccessible } from './support';

/** Set PROVIDER_GOALS_SHOTS=<dir> to keep screenshots of the provider's goal section. */
const shotsDir = process.env.PROVIDER_GOALS_SHOTS;

async function signIn(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const borderLeftColor = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).borderLeftColor);

test('a provider sets a therapist goal for a connected client, who sees it in the therapist colour', async ({
  browser,
  request,
}) => {
  // Three actors, four accessibility scans: more than the default budget on a busy machine.
  test.slow();
  const client = await clientConnectedToDemoProvider(request);
  // The client's own goal, shown read-only to the provider and used to compare colours.
  const { token } = await apiSignIn(request, client.email, client.password);
  const personal = await request.post('/api/v1/goals/', {
    data: { text: 'Walk every morning', emoji: '🚶' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(personal.status()).toBe(201);
  const goalText = 'Practise box breathing before sessions';

  // The provider opens the client's overview and sets a therapist goal there.
  const provider = await (await browser.newContext()).newPage();
  await signIn(provider, '/auth/login', 'provider@demo.local', demoPassword);
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
  await expectAccessible(provider);
  await dialog.getByRole('button', { name: 'Add goal' }).click();
  await expect(provider.getByText('Goal created successfully.').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const item = goals.locator('li[data-goal-type="therapist"]').filter({ hasText: goalText });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Target Jun 30, 2030');
  await expect(goals.getByText('1 of 5 therapist goals used')).toBeVisible();
  await expect(goals.getByRole('button', { name: `Edit ${goalText}` })).toBeVisible();
  await expectAccessible(provider);
  if (shotsDir) {
    await goals.screenshot({ path: `${shotsDir}/provider-section-1280.png` });
    await provider.setViewportSize({ width: 375, height: 812 });
    await goals.screenshot({ path: `${shotsDir}/provider-section-375.png` });
    await goals.getByRole('button', { name: `Edit ${goalText}` }).click();
    const edit = provider.getByRole('dialog', { name: 'Edit therapist goal' });
    await expect(edit).toBeVisible();
    await provider.waitForTimeout(500); // the modal's opening transition
    await provider.screenshot({ path: `${shotsDir}/provider-form-375.png` });
    await edit.getByRole('button', { name: 'Cancel' }).click();
  }

  // The client sees the goal among the therapist goals, in the therapist colour.
  const clientPage = await (await browser.newContext()).newPage();
  await signIn(clientPage, '/auth/login/client', client.email, client.password);
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
  await expectAccessible(clientPage);
  if (shotsDir) await selectionCardShots(clientPage, goalText, shotsDir);
});

/** Screenshots of the goal selection card on the journaling screen (only when asked for). */
async function selectionCardShots(page: Page, goalText: string, dir: string) {
  await page.goto('/user/journaling-feature');
  const card = page.getByRole('region', { name: 'Goals', exact: true });
  // The journaling screen comes with the journaling issue; without it there is nothing to show.
  if (
    !(await card.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    ))
  )
    return;
  await card.getByRole('button', { name: new RegExp(`^${goalText}`) }).click();
  // The first chosen goal now titles the card.
  await page
    .getByRole('region', { name: goalText })
    .getByRole('button', { name: /^Walk every morning/ })
    .click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('region', { name: goalText }).screenshot({ path: `${dir}/selection-card-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('region', { name: goalText }).screenshot({ path: `${dir}/selection-card-375.png` });
  await page.getByRole('button', { name: 'Done' }).click();
  await page
    .getByRole('region', { name: 'Selected Goals' })
    .screenshot({ path: `${dir}/selection-summary-375.png` });
  await expectAccessible(page);
}

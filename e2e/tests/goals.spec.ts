import { checkA11y, expect, expectNoSidewaysScroll, openClientHome, test, type Page } from '../support';

const gratitudePreset = 'Write down three things I am grateful for each day';

/** The signed-in new client's goals page (no goals yet), reached through the navigation or by URL. */
async function openGoals(page: Page, viaNav = true) {
  await openClientHome(page);
  // At 375 px the links sit in a bar above the page; the desktop sidebar is checked through the nav.
  if (viaNav)
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Goals', exact: true })
      .click();
  else await page.goto('/user/goals');
  await expect(page).toHaveURL(/\/user\/goals$/);
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  await expect(page.getByText('No goals yet')).toBeVisible();
}

async function createGoal(page: Page, text: string) {
  await page.getByRole('button', { name: 'New goal' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New goal' });
  await dialog.getByRole('textbox', { name: /^Goal/ }).fill(text);
  await dialog.getByRole('button', { name: 'Create goal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: text, exact: true })).toBeVisible();
}

test('a client adopts a preset goal and creates a custom one', async ({ patientPage: page }) => {
  await openGoals(page);
  await checkA11y(page, 'goals: none yet');

  await page.getByRole('button', { name: 'Browse presets' }).first().click();
  const presets = page.getByRole('dialog', { name: 'Goal presets' });
  await expect(presets.getByRole('tab', { name: /Personal/ })).toHaveAttribute('aria-selected', 'true');
  await checkA11y(page, 'goals: presets dialog');
  await presets.getByRole('button', { name: `Adopt: ${gratitudePreset}` }).click();
  await expect(page.getByText('Goal created successfully.').first()).toBeVisible();
  await expect(presets).toBeHidden();

  await page.getByRole('button', { name: 'New goal' }).first().click();
  const form = page.getByRole('dialog', { name: 'New goal' });
  await form.getByRole('button', { name: 'Create goal' }).click();
  await expect(form.getByText('Text is required')).toBeVisible();
  await form.getByRole('textbox', { name: /^Goal/ }).fill('Walk to work twice a week');
  await form.getByLabel('Notes').fill('Leave ten minutes earlier');
  await form.getByLabel('Priority').selectOption('5');
  await form.getByRole('button', { name: 'Create goal' }).click();
  await expect(form).toBeHidden();

  const list = page.getByRole('list', { name: 'Goals' });
  await expect(list.getByRole('button', { name: gratitudePreset, exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Walk to work twice a week', exact: true })).toBeVisible();
  await expect(list.getByText('Leave ten minutes earlier')).toBeVisible();
  await expect(list.getByText('Preset')).toBeVisible();
  await expect(list.getByRole('img', { name: 'High priority' })).toHaveCount(1);
  await expect(list.getByText('Created today')).toHaveCount(2);
  await expect(page.getByText('2 of 5 personal goals used')).toBeVisible();
  await expect(page.getByText('2 of 10')).toBeVisible();
  await checkA11y(page, 'goals: two goals');

  // The card opens its detail view from the keyboard.
  await list.getByRole('button', { name: 'Walk to work twice a week', exact: true }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Goal details' });
  await expect(drawer.getByText('No journal entries mention this goal yet.')).toBeVisible();
  await checkA11y(page, 'goals: details drawer');
  await drawer.getByRole('button', { name: 'View in Ledger' }).click();
  await expect(page).toHaveURL(/\/user\/home\?search=Walk%20to%20work%20twice%20a%20week$/);
});

test('five personal goals reach the goal limit', async ({ patientPage: page }) => {
  await openGoals(page, false);
  for (let n = 1; n <= 5; n += 1) await createGoal(page, `Limit goal number ${n}`);
  await expect(page.getByText('5 of 5 personal goals used')).toBeVisible();
  await expect(page.getByText('Goal limit reached')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New goal' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Personal Goals/ })).toContainText('5');
  await checkA11y(page, 'goals: limit reached');
});

test(
  'a completed goal moves to Archived Goals and counts in Quick Stats',
  { tag: '@smoke' },
  async ({ patientPage: page }) => {
    await openGoals(page, false);
    await createGoal(page, 'Finish the reading list');
    await createGoal(page, 'Call a friend every Sunday');
    await expect(page.locator('[data-stat="Completed"]')).toHaveText('0');

    await page.getByRole('button', { name: 'Goal actions: Finish the reading list' }).click();
    await page.getByRole('menuitem', { name: 'Complete' }).click();
    await expect(page.getByText('Goal completed.').first()).toBeVisible();
    await expect(page.locator('[data-stat="Completed"]')).toHaveText('1');
    await expect(page.locator('[data-stat="Completion Rate %"]')).toHaveText('50%');
    await expect(page.getByRole('list', { name: 'Goals' }).getByText('Finish the reading list')).toBeHidden();

    const archived = page.getByRole('button', { name: /Archived Goals/ });
    await expect(archived).toContainText('1');
    await archived.click();
    await expect(page.getByRole('heading', { name: 'Archived Goals' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Goals' });
    await expect(list.getByRole('button', { name: 'Finish the reading list', exact: true })).toBeVisible();
    await expect(list.getByText('Completed', { exact: true })).toBeVisible();
    await checkA11y(page, 'goals: archived');
  },
);

test(
  'at 375 px the sidebar stacks above the list and nothing overflows',
  { tag: '@phone-only' },
  async ({ patientPage: page }) => {
    await openGoals(page, false);
    await createGoal(page, 'A goal with a rather long description that has to wrap on a small phone screen');
    const sidebar = await page.getByRole('complementary', { name: 'Goals overview' }).boundingBox();
    const list = await page.getByRole('heading', { name: 'Active goals' }).boundingBox();
    expect(sidebar && list && sidebar.y < list.y).toBe(true);
    await expectNoSidewaysScroll(page);
    await checkA11y(page, 'goals: a long goal');
  },
);

import {
  apiSignIn,
  bearer,
  checkA11y,
  demo,
  expect,
  expectNoSidewaysScroll,
  shot,
  test,
  toast,
} from '../support';

// The journey changes the demo client's one subscription (Maya's): its tests run one after the other,
// and each ends by putting it back.
test.describe.configure({ mode: 'serial' });

/** Puts the demo client's subscription back to active (after a journey that stopped half-way). */
test.afterEach(async ({ request }) => {
  const { token } = await apiSignIn(request, demo.admin.email, demo.admin.password);
  const headers = bearer(token);
  const list = await request.get('/api/v1/subscriptions?search=patient%40demo.local', { headers });
  const { subscriptions } = (await list.json()) as { subscriptions: { id: string; status: string }[] };
  for (const sub of subscriptions.filter((s) => s.status !== 'active'))
    await request.patch(`/api/v1/subscriptions/${sub.id}/status`, { headers, data: { status: 'active' } });
});

test('the admin finds Maya, filters by plan and changes her status there and back', async ({
  adminPage: page,
}) => {
  // Several accessibility scans, menus and dialogs: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/admin/all-users');
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Subscriptions' })
    .click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Subscriptions' })).toBeVisible();
  await checkA11y(page, 'subscriptions');
  await expectNoSidewaysScroll(page);

  // Search by the user's name: Maya's Standard Monthly subscription from the demo seed.
  await page.getByLabel('Search subscriptions').fill('Maya');
  const row = page.getByRole('row', { name: /Maya Patel/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('patient@demo.local')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Standard Monthly', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '$12.99 / month' })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // The plan filter: another plan hides her, hers shows her again.
  const plan = page.getByLabel('Plan', { exact: true });
  await plan.selectOption({ label: 'Standard Annual' });
  await expect(page.getByText('No subscriptions found')).toBeVisible();
  await plan.selectOption({ label: 'Standard Monthly' });
  await expect(row).toBeVisible();
  await shot(page, 'admin-subscriptions-list', { schemes: 'current' });

  // past_due, after confirming; the badge changes.
  await row.getByRole('button', { name: 'Change status for Maya Patel' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Active (current)' })).toBeDisabled();
  await checkA11y(page, 'subscriptions: status menu');
  await shot(page, 'admin-subscriptions-menu', { schemes: 'current' });
  await menu.getByRole('menuitem', { name: 'Past due' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change subscription status' });
  await expect(confirm.getByText("Change this subscription's status to Past due?")).toBeVisible();
  await checkA11y(page, 'subscriptions: status change dialog');
  await shot(page, 'admin-subscriptions-confirm', { schemes: 'current' });
  await confirm.getByRole('button', { name: 'Change status' }).click();
  await toast(page, 'Subscription status updated to past_due');
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Past due', { exact: true })).toBeVisible();

  // The status filter finds her under her new status.
  const status = page.getByLabel('Status', { exact: true });
  await status.selectOption({ label: 'Past due' });
  await expect(row.getByText('Past due', { exact: true })).toBeVisible();
  await status.selectOption({ label: 'All statuses' });

  // Dark mode.
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await expect(row).toBeVisible();
  await checkA11y(page, 'subscriptions: Maya past due');
  await shot(page, 'admin-subscriptions-list', { schemes: 'current' });

  // Back to active, with the keyboard this time.
  const change = row.getByRole('button', { name: 'Change status for Maya Patel' });
  await change.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  // Opening moves focus to the first status; the arrows move on (past the current one). (The
  // screenshot comes after: a full-page capture resizes the page, which can move the focus.)
  await expect(menu.getByRole('menuitem', { name: 'Trialing' })).toBeFocused();
  await shot(page, 'admin-subscriptions-menu', { schemes: 'current' });
  await expect(menu.getByRole('menuitem', { name: 'Trialing' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Active', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByText("Change this subscription's status to Active?")).toBeVisible();
  await checkA11y(page, 'subscriptions: status change dialog');
  await shot(page, 'admin-subscriptions-confirm', { schemes: 'current' });
  await confirm.getByRole('button', { name: 'Change status' }).click();
  await toast(page, 'Subscription status updated to active');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
});

import { randomUUID } from 'node:crypto';
import {
  bearer,
  checkA11y,
  createGoal,
  expect,
  expectNoSidewaysScroll,
  openClientHome,
  quietNotifications,
  shot,
  test,
  toast,
  toggleDark,
  type APIRequestContext,
  type Locator,
  type Page,
} from '../support';

// Notifications: the bell, the notifications page, the settings, the admin's important updates and
// the unsubscribe page. Clients have no dark mode ('Coming Soon', Part 1 §6): their screens are
// checked in light, and the provider's and the admin's in both (the screenshots of a client's screen
// also take Mantine's dark scheme forced on the page, to keep the screens ready for it).

/** Makes the client's reminder of `kind` due now (dev route); the server claims it at once. */
async function reminderDue(
  request: APIRequestContext,
  email: string,
  kind: 'journal-reminder' | 'weekly-summary-reminder' | 'goal-reminder' = 'journal-reminder',
) {
  const response = await request.post('/api/dev/reminders/due', { data: { email, kind } });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { due: number }).due).toBe(1);
}

async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/notifications/unread-count', { headers: bearer(token) });
  return ((await response.json()) as { data: { unreadCount: number } }).data.unreadCount;
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notifications', exact: true });
const bellDropdown = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const badge = (page: Page) => page.getByTestId('notification-badge').locator('.mantine-Indicator-indicator');

/**
 * Clicks a Mantine checkbox or switch. Its input is drawn over by its track, so it is clicked in the
 * page (a forced pointer click at its box could land on the fixed header once scrolled).
 */
async function flip(control: Locator) {
  await control.evaluate((input: HTMLInputElement) => input.click());
}

async function setChecked(control: Locator, on: boolean) {
  if ((await control.isChecked()) !== on) await flip(control);
  if (on) await expect(control).toBeChecked();
  else await expect(control).not.toBeChecked();
}

test(
  'a reminder arrives live in the bell and opens the journal',
  { tag: '@smoke' },
  async ({ patientPage: page, client, request }) => {
    test.slow();
    await quietNotifications(request, client);
    await openClientHome(page);
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(bell(page)).toHaveAccessibleDescription('No unread notifications');
    await expect(badge(page)).toHaveCount(0);
    await checkA11y(page, 'client home: no entries');

    // The journal reminder becomes due: the badge shows 1 without a reload (the live stream).
    await reminderDue(request, client.email);
    await expect(bell(page)).toHaveAccessibleDescription('1 unread', { timeout: 15_000 });
    await expect(badge(page)).toHaveText('1');

    // The dropdown: the reminder unread, the header and footer actions.
    await bell(page).click();
    const dropdown = bellDropdown(page);
    await expect(dropdown).toBeVisible();
    const reminder = dropdown.getByRole('button', { name: /Ready to reflect\?/ });
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText('Unread:');
    await expect(dropdown.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
    await expect(dropdown.getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/user/notifications',
    );
    await expect(dropdown.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/notification-settings',
    );
    await checkA11y(page, 'notifications: bell with an unread reminder');
    await expectNoSidewaysScroll(page);
    await shot(page, 'notifications-bell', { fullPage: false });

    // Opening it marks it read and goes to the journal; the badge goes away.
    await reminder.click();
    await expect(page).toHaveURL(/\/user\/journaling-feature$/);
    await expect(dropdown).toBeHidden();
    await expect(bell(page)).toHaveAccessibleDescription('No unread notifications');
    await expect(badge(page)).toHaveCount(0);
  },
);

test('the notifications page: tabs, mark read, bulk actions, delete all and the empty state', async ({
  patientPage: page,
  client,
  request,
  openAs,
}) => {
  // Two roles and nine accessibility scans.
  test.setTimeout(240_000);
  await quietNotifications(request, client);
  // Three notifications: the journal and weekly reminders, and a goal reminder (for an open goal).
  await createGoal(request, client, 'Walk every morning', { emoji: '🚶' });
  await reminderDue(request, client.email, 'journal-reminder');
  await reminderDue(request, client.email, 'weekly-summary-reminder');
  await reminderDue(request, client.email, 'goal-reminder');
  await expect.poll(() => unreadCount(request, client.token), { timeout: 15_000 }).toBe(3);

  await openClientHome(page);
  await bell(page).click();
  await bellDropdown(page).getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByTestId('unread-summary')).toHaveText('3 unread notifications');
  await expect(page.getByRole('tab', { name: 'All (3)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Unread (3)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Read (0)' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  const journal = page.getByRole('article', { name: 'Ready to reflect?' });
  await expect(journal.getByText('Medium priority')).toBeVisible();
  await expect(journal.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Check in on your goals' }).getByText('Low priority'),
  ).toBeVisible();
  await checkA11y(page, 'client notifications: three unread reminders');
  await expectNoSidewaysScroll(page);
  await shot(page, 'notifications-page');

  // Mark one read: the counts move.
  await journal.getByRole('button', { name: 'Mark read' }).click();
  await expect(page.getByRole('tab', { name: 'Unread (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Read (1)' })).toBeVisible();
  await expect(journal.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(journal.getByRole('button', { name: 'Mark read' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Read (1)' }).click();
  await expect(cards).toHaveCount(1);
  await page.getByRole('tab', { name: 'Unread (2)' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole('tab', { name: 'All (3)' }).click();
  await expect(cards).toHaveCount(3);

  // Select all visible: Mark read (3) and Delete (3); marking reads them all.
  const selectAll = page.getByRole('checkbox', { name: 'Select all visible notifications' });
  await expect(page.getByRole('button', { name: /^Mark read \(/ })).toHaveCount(0);
  await setChecked(selectAll, true);
  await expect(page.getByRole('button', { name: 'Delete (3)' })).toBeVisible();
  await checkA11y(page, 'client notifications: all selected');
  await page.getByRole('button', { name: 'Mark read (3)' }).click();
  await expect(page.getByRole('tab', { name: 'Unread (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Read (3)' })).toBeVisible();
  await expect(page.getByTestId('unread-summary')).toHaveText('All caught up!');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleDescription('No unread notifications');
  await expect(page.getByRole('button', { name: /^Delete \(/ })).toHaveCount(0);

  // Delete two of them: Confirm Bulk Delete and the toast.
  await setChecked(page.getByRole('checkbox', { name: 'Select notification: Ready to reflect?' }), true);
  await setChecked(page.getByRole('checkbox', { name: 'Select notification: Check in on your goals' }), true);
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Confirm Bulk Delete' });
  await expect(bulk).toBeVisible();
  await checkA11y(page, 'client notifications: bulk delete dialog');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await toast(page, '2 notifications deleted successfully');
  await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Time for your weekly review' })).toBeVisible();

  // Delete all: its dialog, the toast, the empty texts.
  await page.getByRole('button', { name: 'Delete all' }).click();
  const all = page.getByRole('dialog', { name: 'Confirm Delete All' });
  await all.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'All notifications deleted successfully');
  await expect(page.getByText('No notifications yet', { exact: true })).toBeVisible();
  await expect(
    page.getByText("You'll see your wellness reminders and updates here", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All (0)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete all' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Unread (0)' }).click();
  await expect(
    page.getByRole('tabpanel').getByText('No unread notifications', { exact: true }),
  ).toBeVisible();
  await checkA11y(page, 'client notifications: none, unread tab');
  await shot(page, 'notifications-page-empty');

  // A provider's page and bell, in light and dark: the client invites the demo provider (a new
  // provider could not be invited before an admin approves them).
  const invited = await request.post('/api/v1/add-doctor', {
    data: { email: 'provider@demo.local' },
    headers: bearer(client.token),
  });
  expect(invited.status()).toBe(201);
  const staff = await openAs('provider', '/provider/dashboard');
  await expect(staff.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
  await expect(bell(staff)).toHaveAccessibleDescription(/^\d+\+? unread$/);
  await staff.goto('/provider/notifications');
  const invitation = staff.getByRole('article', { name: 'New connection invitation' }).first();
  await expect(invitation).toBeVisible();
  await expect(invitation.getByText('Connection', { exact: true })).toBeVisible();
  await checkA11y(staff, 'provider notifications: a new invitation');
  await expectNoSidewaysScroll(staff);
  await shot(staff, 'notifications-provider-page', { schemes: 'current' });
  await bell(staff).click();
  await expect(
    bellDropdown(staff)
      .getByRole('button', { name: /New connection invitation/ })
      .first(),
  ).toBeVisible();
  await checkA11y(staff, 'notifications: provider bell with an invitation');
  await shot(staff, 'notifications-provider-bell', { fullPage: false, schemes: 'current' });
  await staff.keyboard.press('Escape');
  await expect(bellDropdown(staff)).toBeHidden();
  await toggleDark(staff, 'dark');
  await checkA11y(staff, 'provider notifications: a new invitation');
  await shot(staff, 'notifications-provider-page', { schemes: 'current' });
  await bell(staff).click();
  await expect(bellDropdown(staff)).toBeVisible();
  await checkA11y(staff, 'notifications: provider bell with an invitation');
  await shot(staff, 'notifications-provider-bell', { fullPage: false, schemes: 'current' });
  // View goes to the provider's dashboard.
  await bellDropdown(staff)
    .getByRole('button', { name: /New connection invitation/ })
    .first()
    .click();
  await expect(staff).toHaveURL(/\/provider\/dashboard$/);
});

test('notification settings: preferred time, the PHI guard, delivery toggles and the permission modal', async ({
  patientPage: page,
  client,
  request,
}) => {
  test.slow();
  await quietNotifications(request, client);
  await openClientHome(page);
  await bell(page).click();
  await bellDropdown(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/profile\/notification-settings$/);
  await expect(page.getByRole('heading', { name: 'Notification Settings', level: 1 })).toBeVisible();

  // Notifications tab: the Preferred Time (7:00 PM by default) moves to 8:00 AM.
  const time = page.getByLabel('Preferred Time');
  await expect(time).toHaveValue('19');
  await expect(time.locator('option:checked')).toHaveText('7:00 PM');
  await time.selectOption({ label: '8:00 AM' });
  await expect(page.getByRole('switch', { name: 'Journal Reminders' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly Insights Sharing' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Team Updates' })).not.toBeChecked();
  await checkA11y(page, 'notification settings: a new client, time changed');
  await expectNoSidewaysScroll(page);
  await shot(page, 'notifications-settings');

  // Delivery Methods: the email toggle disables its types; the custom message and its preview.
  await page.getByRole('tab', { name: 'Delivery Methods' }).click();
  const emailSwitch = page.getByRole('switch', { name: 'Email Notifications' });
  const journalEmails = page.getByRole('checkbox', { name: 'Journal Reminders' });
  await expect(emailSwitch).toBeChecked();
  await expect(journalEmails).toBeEnabled();
  await setChecked(emailSwitch, false);
  await expect(journalEmails).toBeDisabled();
  await setChecked(emailSwitch, true);
  await expect(journalEmails).toBeEnabled();
  await setChecked(page.getByRole('checkbox', { name: 'Weekly Progress Reviews' }), false);
  const message = page.getByLabel('Custom reminder message (optional)');
  // The live preview shows a safe message as typed, and the secure default for one with PHI.
  const previewBox = page.getByTestId('reminder-preview');
  await message.fill('Time for a quiet moment');
  await expect(previewBox).toContainText('Time for a quiet moment');
  await message.fill('Take medication Prozac');
  await expect(page.getByText('22/100 characters')).toBeVisible();
  await expect(previewBox).toContainText('Take a moment to reflect on your day');
  await expect(previewBox).not.toContainText('Prozac');

  // Device Notifications: off applies at once; on asks first, and Maybe Later grants nothing.
  const device = page.getByRole('switch', { name: 'Device Notifications' });
  await expect(device).toBeChecked();
  // (Clicked, not set: the switch changes only once the server has stored the setting.)
  await flip(device);
  await toast(page, 'Device notifications are off.');
  await expect(device).not.toBeChecked();
  await flip(device);
  const modal = page.getByRole('dialog', { name: 'Stay Connected to Your Wellness' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Yes, Keep Me Connected!' })).toBeVisible();
  await checkA11y(page, 'notification settings: permission dialog');
  await shot(page, 'notifications-permission-modal', { fullPage: false });
  await modal.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(modal).toBeHidden();
  await expect(device).not.toBeChecked();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await checkA11y(page, 'notification settings: delivery methods, a message with PHI');
  await shot(page, 'notifications-settings-delivery');

  // Save: the PHI guard's warning, then the success.
  await page.getByRole('button', { name: 'Save Notification Settings' }).click();
  await toast(page, 'Message may contain personal health information. Using secure default instead.');
  await toast(page, 'Notification settings updated successfully!');
  await expect(message).toHaveValue('Take a moment to reflect on your day');

  // After a reload: the saved hour, the secure default message, the saved toggles.
  await page.reload();
  await expect(page.getByLabel('Preferred Time')).toHaveValue('8');
  await expect(page.getByLabel('Preferred Time').locator('option:checked')).toHaveText('8:00 AM');
  await page.getByRole('tab', { name: 'Delivery Methods' }).click();
  await expect(page.getByLabel('Custom reminder message (optional)')).toHaveValue(
    'Take a moment to reflect on your day',
  );
  await expect(page.getByTestId('reminder-preview')).toContainText('Take a moment to reflect on your day');
  await expect(page.getByRole('switch', { name: 'Device Notifications' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Weekly Progress Reviews' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Journal Reminders' })).toBeChecked();

  // The server agrees.
  const stored = await request.get('/api/v1/notification-settings', { headers: bearer(client.token) });
  const { settings } = ((await stored.json()) as { data: { settings: Record<string, unknown> } }).data;
  expect(settings).toMatchObject({
    pushNotifications: false,
    customMessage: 'Take a moment to reflect on your day',
    reminderConfig: { dailyHour: 8 },
    emailTypes: { journalReminders: true, weeklyReviews: false, teamUpdates: true },
  });
});

test('the admin publishes an important update that reaches an open client live, then withdraws it', async ({
  adminPage: page,
  client,
  openAs,
  request,
}) => {
  // Two browsers and several accessibility scans: more than the slow budget on a busy machine.
  test.setTimeout(300_000);
  const title = `Scheduled maintenance ${randomUUID().slice(0, 6)}`;
  // The client, with the app open in another browser.
  await quietNotifications(request, client, { updates: true });
  const clientPage = await openAs(client);
  await openClientHome(clientPage);
  await expect(bell(clientPage)).toHaveAccessibleDescription('No unread notifications');

  // (The list as it opens is the layout sweep's 'important updates'.)
  await page.goto('/admin/important-updates');
  await expect(page.getByRole('heading', { name: 'Important Updates', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSidewaysScroll(page);

  // Compose for Clients; the preview follows.
  const form = page.getByRole('region', { name: 'New important update' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('MindLedger will be briefly unavailable on Sunday at 2:00 AM.');
  await form.getByLabel('Link (optional)').fill('/user/home');
  await form.getByLabel('Audience').selectOption({ label: 'Clients' });
  const preview = page.getByTestId('update-preview');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('MindLedger will be briefly unavailable');
  await expect(preview.getByText('High priority', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(
    'How the notification will look to clients.',
  );
  await shot(page, 'notifications-admin', { schemes: 'current' });

  // Publish after the confirmation.
  await form.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish important update' });
  await expect(confirm).toContainText(`Send “${title}” to clients now?`);
  await checkA11y(page, 'important updates: publish dialog');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await toast(page, 'Important update published');
  await expect(form.getByLabel('Title')).toHaveValue('');

  // The client sees it arrive in the bell without a reload, with the high priority.
  await expect(bell(clientPage)).toHaveAccessibleDescription(/^\d+ unread$/, { timeout: 20_000 });
  await bell(clientPage).click();
  const item = bellDropdown(clientPage).getByRole('button', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expect(item.getByText('High priority')).toBeVisible();
  await checkA11y(clientPage, 'notifications: bell with an important update');
  await shot(clientPage, 'notifications-bell-update', { fullPage: false });
  await clientPage.keyboard.press('Escape');
  await clientPage.goto('/user/notifications');
  const card = clientPage.getByRole('article', { name: title });
  await expect(card.getByText('High priority')).toBeVisible();
  await expect(card.getByText('Important Update')).toBeVisible();

  // The admin's list: published, delivered to 1 or more; in light and dark.
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Published', { exact: true })).toBeVisible({ timeout: 2_000 });
    const delivered = Number(await row.getByRole('cell').nth(4).innerText());
    expect(delivered).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: 'Clients' })).toBeVisible();
  await checkA11y(page, 'important updates: one published');
  await shot(page, 'notifications-admin-list', { schemes: 'current' });
  await toggleDark(page, 'dark');
  await checkA11y(page, 'important updates: one published');
  await shot(page, 'notifications-admin', { schemes: 'current' });

  // Withdraw: it leaves the list's actions and the client's unread notifications.
  await row.getByRole('button', { name: `Withdraw ${title}` }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw important update' });
  await expect(withdraw).toContainText('Users who have not read it yet will no longer see it.');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(row.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Withdraw ${title}` })).toHaveCount(0);
  await expect
    .poll(async () => {
      const response = await request.get('/api/v1/notifications?status=all&limit=100', {
        headers: bearer(client.token),
      });
      const body = (await response.json()) as { notifications: { title: string }[] };
      return body.notifications.some((n) => n.title === title);
    })
    .toBe(false);

  // The admin's own notifications page, in dark (its scan is the layout sweep's).
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the unsubscribe link of a notification email turns that email off; a forged one is refused', async ({
  page,
  client,
  request,
}) => {
  test.slow();
  await quietNotifications(request, client);
  await reminderDue(request, client.email);

  // The reminder's email in the local outbox carries the unsubscribe page's link.
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(client.email)}`);
        const mails = (await response.json()) as { subject: string; text: string }[];
        const mail = mails.find((m) => /Unsubscribe: http/.test(m.text));
        link =
          /Unsubscribe: (http\S+\/notifications\/unsubscribe\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const url = new URL(link);

  // Opened signed out: the server's message and a way to sign in.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed', level: 1 })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-result')).toHaveText(
    'You will no longer receive journal reminder emails.',
  );
  await checkA11y(page, 'unsubscribe: done');
  await expectNoSidewaysScroll(page);
  await shot(page, 'notifications-unsubscribe');
  const stored = await request.get('/api/v1/notification-settings', { headers: bearer(client.token) });
  const { settings } = ((await stored.json()) as { data: { settings: Record<string, unknown> } }).data;
  expect(settings).toMatchObject({
    emailNotifications: true,
    emailTypes: { journalReminders: false, weeklyReviews: true, teamUpdates: true },
  });
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/client$/);

  // A forged token: the server's error.
  await page.goto('/notifications/unsubscribe?token=forged');
  await expect(page.getByRole('heading', { name: 'Unsubscribe failed', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' }),
  ).toBeVisible();
  await checkA11y(page, 'unsubscribe: a forged link');
  await shot(page, 'notifications-unsubscribe-invalid');
});

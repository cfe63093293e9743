import { checkA11y, codeFor, expect, test, uniqueEmail } from '../support';

test('provider invites a new client by email; the client registers, accepts, and later removes the provider', async ({
  page: client,
  openAs,
  request,
}) => {
  // Two browsers, a registration, four accessibility scans: over a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('invited');
  const password = 'Invited@2026';

  // The demo provider (another browser) invites an address that has no account yet.
  const provider = await openAs('provider', '/provider/dashboard');
  await expect(provider.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
  await checkA11y(provider, 'provider dashboard');
  await provider.getByLabel("Client's email").fill(email);
  await provider.getByRole('button', { name: 'Send invitation' }).click();
  await expect(provider.getByText(email).first()).toBeVisible();

  // The invitation mail links to registration.
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        text: string;
      }[];
      link = /https?:\/\/\S+\/auth\/register\?\S+/.exec(mails[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .toBeTruthy();
  // The invited client registers and signs in for the first time through the forms: the journey.
  await client.goto(new URL(link).pathname + new URL(link).search);
  await client.getByLabel('First name').fill('Nina');
  await client.getByLabel('Last name').fill('Invited');
  await client.getByLabel('Email').fill(email);
  await client.getByLabel('Password', { exact: true }).fill(password);
  await client.getByLabel('Confirm password').fill(password);
  await client.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await client.getByRole('button', { name: 'Create account' }).click();
  await client.getByLabel('Activation code').fill(await codeFor(request, email, /Activate/));
  await client.getByRole('button', { name: 'Activate account' }).click();
  await client.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Select Plan' }).click();
  await expect(client.getByRole('heading', { name: 'Client Login' })).toBeVisible();
  await client.goto('/auth/login/client');
  await client.getByLabel('Email').fill(email);
  await client.getByLabel('Password', { exact: true }).fill(password);
  await client.getByRole('button', { name: 'Log in' }).click();
  await expect(client.getByRole('heading', { name: 'Welcome, Nina' })).toBeVisible();

  // The client sees the pending invitation and accepts it.
  await client.goto('/user/providers');
  await expect(client.getByPlaceholder('Search By Name')).toBeVisible();
  await checkA11y(client, 'my providers: an invitation pending');
  await client.getByRole('button', { name: 'Accept Daniel Reyes' }).click();
  await expect(client.getByText('Provider status updated to accepted').first()).toBeVisible();
  // The locked button is aria-disabled but still answers a click with the spec's message.
  await client.getByRole('button', { name: 'Accept Daniel Reyes' }).click({ force: true });
  await expect(
    client.getByText('This action is disabled because the user is already Accepted.'),
  ).toBeVisible();

  // The provider now sees the client and opens the overview.
  await provider.reload();
  await provider.getByLabel('Search clients').fill('Nina');
  await provider.getByRole('link', { name: 'Open Nina Invited' }).click();
  await expect(provider.getByRole('tab', { name: 'Overview' })).toBeVisible();
  for (const tab of ['Dashboard', 'Notes/Plans', 'Journals', 'Summaries']) {
    await expect(provider.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(provider.getByText(email).first()).toBeVisible();
  await checkA11y(provider, 'client overview: Overview, a new client');

  // The client removes the provider; the provider loses access at once.
  await client.getByRole('button', { name: 'Remove Daniel Reyes' }).click();
  const dialog = client.getByRole('dialog', { name: 'Disconnect Confirmation' });
  await expect(dialog.getByText('Are you sure you want to Remove this Provider?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Remove' }).click();
  await expect(client.getByText('Provider deleted successfully.').first()).toBeVisible();
  await provider.reload();
  await expect(
    provider.getByRole('heading', { name: 'Client not found or no longer connected' }),
  ).toBeVisible();

  // The access the provider had is listed for the client.
  await client.goto('/user/access-history');
  await expect(client.getByRole('table', { name: 'Access history' })).toBeVisible();
  await expect(client.getByText('Daniel Reyes').first()).toBeVisible();
  await checkA11y(client, 'access history: a removed provider');
});

test('the unsaved-changes guard asks before leaving a client overview', async ({ providerPage: page }) => {
  await page.goto('/provider/dashboard');
  await page.getByRole('link', { name: 'Open Maya Patel' }).click();
  await page.getByRole('button', { name: 'Mark inactive' }).click();
  await page.getByRole('textbox', { name: /^Reason/ }).fill('Taking a break');
  await page.goBack();
  const guard = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(
    guard.getByText('Are you sure you want to leave this page? All unsaved changes will be lost'),
  ).toBeVisible();
  await guard.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('textbox', { name: /^Reason/ })).toHaveValue('Taking a break');
  await page.goBack();
  await page.getByRole('dialog', { name: 'Unsaved Changes' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/provider\/dashboard$/);
});

import {
  activatedAccount,
  checkA11y,
  closeToast,
  codeFor,
  expect,
  journeyPassword,
  test,
  uniqueEmail,
} from '../support';

// The login journeys: registration and the first sign-in, wrong passwords, a password reset, two-factor
// at login and a provider's approval go through the forms, which are what they check.

test(
  'a new client registers, activates with the mailed code, logs in, edits the profile and logs out',
  { tag: '@smoke' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('journey');
    const password = journeyPassword;

    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await checkA11y(page, 'registration');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(
      page.getByText('Please accept the Terms of Use and Privacy Policy to continue.'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();

    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Hart');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm password').fill('weakpassword');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText(
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ),
    ).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await checkA11y(page, 'activation: code sent');
    const code = await codeFor(request, email, /Activate/);
    await page.getByLabel('Activation code').fill(code);
    await page.getByRole('button', { name: 'Activate account' }).click();

    // The plan step of signup (decision 081): the free plan goes straight to the login.
    await expect(page).toHaveURL(/\/subscription\/signup$/);
    await expect(page.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Standard Annual' }).getByText('Most Popular'),
    ).toBeVisible();
    await checkA11y(page, 'signup plans');
    await page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Select Plan' }).click();
    await expect(page.getByText('Free plan activated successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Client Login' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
    await checkA11y(page, 'client home: no entries');

    await page.getByRole('button', { name: 'Profile menu: Robin Hart' }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await checkA11y(page, 'profile settings (client): new client');
    const personal = page.getByRole('region', { name: 'Personal information' });
    await personal.getByLabel('First name').fill('Robyn');
    await personal.getByLabel('Time zone').selectOption('Europe/London');
    await personal.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();

    await page.getByRole('button', { name: 'Profile menu: Robyn Hart' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(
      page
        .getByText('Europe/London')
        .or(page.getByText(/London/))
        .first(),
    ).toBeVisible();
    await checkA11y(page, 'my profile (client): new client');

    await page.getByRole('button', { name: 'Profile menu: Robyn Hart' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login\/client$/);
    await page.goto('/user/home');
    await expect(page).toHaveURL(/\/auth\/login\/client/);
  },
);

test('five wrong passwords pause this account from this browser, with a clear message', async ({
  page,
  request,
}) => {
  const { email, password } = await activatedAccount(request);
  await page.goto('/auth/login/client');
  await page.getByLabel('Email').fill(email);
  for (let i = 0; i < 5; i += 1) {
    await page.getByLabel('Password', { exact: true }).fill(`Wrong@${i}0000`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText('Too many failed login attempts. Please try again in 1 minute.').first(),
  ).toBeVisible();
  await expect(
    page.getByText('Access temporarily blocked due to too many requests. Please wait a few minutes.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\/client/);
});

test('a forgotten password is reset with the mailed code', async ({ page, request }) => {
  const { email } = await activatedAccount(request);
  await page.goto('/auth/login/client');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await checkA11y(page, 'forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Reset code').fill(await codeFor(request, email, /Reset/));
  await page.getByLabel('New password').fill('Renewed@2027');
  await page.getByLabel('Confirm password').fill('Renewed@2027');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Client Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Renewed@2027');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
});

test('two-factor by email: turned on in settings, then asked for at login', async ({
  patientPage: page,
  client,
  request,
}) => {
  // Turned on in a session from the API; the second sign-in, with the code, is the login form's.
  await page.goto('/user/home');
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();

  await page.goto('/profile/edit-profile');
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByLabel('Password', { exact: true }).fill(client.password);
  await twoFactor.getByRole('button', { name: 'Use email codes' }).click();
  await expect(twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu: Jo Journey' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/client$/);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await checkA11y(page, 'client login: two-factor code');
  await page.getByLabel('Verification code').fill(await codeFor(request, client.email, /sign-in code/));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
});

test('a provider waits for approval; after the admin approves, the provider logs in', async ({
  page,
  request,
  openAs,
}) => {
  const { email, password } = await activatedAccount(request, { role: 'provider' });
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  await checkA11y(page, 'provider login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/awaiting approval by an administrator/).first()).toBeVisible();

  // The admin approves from another browser.
  const admin = await openAs('admin', '/admin/all-users');
  await expect(admin.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await checkA11y(admin, 'users');
  await admin.getByLabel('Search users').fill(email);
  const row = admin.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await closeToast(admin, 'Provider approved.');
  await admin.getByRole('button', { name: 'Logout' }).click();
  await expect(admin).toHaveURL(/\/auth\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/provider\/dashboard$/);
  await page.getByRole('button', { name: 'Profile menu: Jo Journey' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

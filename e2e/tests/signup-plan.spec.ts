import {
  checkA11y,
  codeFor,
  expect,
  expectNoSidewaysScroll,
  journeyPassword,
  test,
  uniqueEmail,
} from '../support';

// The plan step of signup (decision 081): a new client registers, activates, picks Standard Monthly
// before the first sign-in, pays on the local hosted checkout (a cancel first: back to the step with
// nothing changed), comes back with the session id, is sent to the client login, and after signing in
// sees the plan held with its trial end. Through the forms: the registration is the journey.
test('a new client picks Standard Monthly at signup and finds it held after the first sign-in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('signup-plan');
  const password = journeyPassword;

  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill('Planner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Activation code').fill(await codeFor(request, email, /Activate/));
  await page.getByRole('button', { name: 'Activate account' }).click();

  await expect(page.getByText('Your account is activated. Choose a plan to continue.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeVisible();
  const monthly = page.getByRole('article', { name: 'Standard Monthly' });
  await expect(monthly.getByText('$12.99')).toBeVisible();
  await checkA11y(page, 'signup plans');
  await expectNoSidewaysScroll(page);

  // Standard Monthly: the hosted checkout of the step; Cancel comes back with nothing changed.
  await monthly.getByRole('button', { name: 'Select Plan' }).click();
  await expect(page).toHaveURL(/\/subscription\/signup\/checkout\/cs_local_/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByTestId('trial-text')).toContainText('Free for 14 days, then $12.99/month');
  await checkA11y(page, 'signup checkout');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(
    page.getByText('Checkout was canceled. Your subscription has not been changed.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/subscription\/signup\?id=[^&]+$/);

  await monthly.getByRole('button', { name: 'Select Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Pat Planner');
  const confirmed = page.waitForRequest(/\/subscription\/signup-checkout\/success\?session_id=cs_local_/);
  await page.getByRole('button', { name: 'Start trial' }).click();
  expect((await confirmed).url()).toContain('session_id=cs_local_');

  // Activated during signup: the client login (Part 2 §2 routes), then the plan held.
  await expect(page.getByText('Subscription activated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Client Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Pat' })).toBeVisible();
  await page.goto('/subscription');
  await expect(monthly.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
  await expect(
    page.getByText(/^Free trial ends on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Then \$12\.99\/month\.$/),
  ).toBeVisible();
  await checkA11y(page, 'subscription plans: trial');
});

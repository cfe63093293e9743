import {
  checkA11y,
  demo,
  expect,
  expectInView,
  expectNoSidewaysScroll,
  openNewEntry,
  pickOnWheel,
  test,
} from '../support';

// At 375 px (the phone project only): every page of the role and every action of a row in reach
// without scrolling sideways, and the wheel's slots show whole names.

test(
  'a client sees every page of the bar, Access History included, and the wheel names whole',
  { tag: '@phone-only' },
  async ({ patientPage: page }) => {
    await page.goto('/user/home');
    await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
    const bar = page.getByRole('navigation', { name: 'Main navigation' }).last();
    for (const name of ['Journal', 'Goals', 'Weekly Insights', 'Questionnaires', 'Access History'])
      await expectInView(page, bar.getByRole('link', { name, exact: true }));
    await bar.getByRole('link', { name: 'Access History', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/access-history$/);
    await checkA11y(page, 'access history: new client');

    await openNewEntry(page);
    await page.getByRole('button', { name: 'Choose Emotion' }).click();
    const checkIn = page.getByRole('region', { name: 'Emotion check-in' });
    await checkIn.getByRole('tab', { name: 'Detailed Mode' }).click();
    // names that were cut to 'Ch…' and 'Del…'
    await pickOnWheel(page, 'Joy');
    await pickOnWheel(page, 'Cheerful');
    await pickOnWheel(page, 'Delighted');
    const slots = checkIn
      .locator('[data-filled="true"]')
      .filter({ hasText: /^(Primary Emotion|Secondary Emotion|Specific Feeling)/ });
    await expect(slots).toHaveText([/Joy$/, /Cheerful$/, /Delighted$/]);
    const whole = await slots.evaluateAll((slots) =>
      slots.every((s) => {
        const name = s.lastElementChild as HTMLElement;
        return name.scrollWidth <= name.clientWidth + 1;
      }),
    );
    expect(whole).toBe(true);
    await expectNoSidewaysScroll(page);
  },
);

test(
  'an admin reaches every row’s Delete, and a provider every client’s Open, without scrolling sideways',
  { tag: '@phone-only' },
  async ({ adminPage: page, openAs }) => {
    await page.goto('/admin/all-users');
    const users = page.getByRole('table', { name: /users/i });
    await expect(users).toBeVisible();
    const firstDelete = users.getByRole('button', { name: /delete/i }).first();
    await expectInView(page, firstDelete);
    await checkA11y(page, 'users');
    await expectNoSidewaysScroll(page);

    await page.goto('/admin/promo-codes');
    await expectInView(page, page.getByRole('button', { name: /^Delete promo code/ }).first());
    await expectNoSidewaysScroll(page);

    // The provider, on another phone.
    const provider = await openAs('provider', '/provider/dashboard');
    await expectInView(provider, provider.getByRole('link', { name: 'Open' }).first());
    await checkA11y(provider, 'provider dashboard');
    await expectNoSidewaysScroll(provider);
  },
);

test(
  'a signed-out page load asks no refresh and logs no error; ?m=1 stays on the way home',
  { tag: '@phone-only' },
  async ({ page }) => {
    const errors: string[] = [];
    const refreshes: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      if (request.url().includes('/refresh')) refreshes.push(request.url());
    });
    await page.goto('/auth/login/client?m=1');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(refreshes).toEqual([]);
    expect(errors).toEqual([]);
    await page.getByLabel('Email').fill(demo.patient.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.patient.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/home\?m=1$/);
  },
);

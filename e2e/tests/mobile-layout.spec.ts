import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, openNewEntry, pickOnWheel, signInNewClient } from './journal-support';
import { demoPassword, expectAccessible } from './support';

// At 375 px (the mobile project): every page of the role and every action of a row in reach
// without scrolling sideways, and the wheel's slots show whole names (issue 18, rough edge 5).

async function expectInView(page: Page, target: Locator) {
  const width = page.viewportSize()!.width;
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

test('a client sees every page of the bar, Access History included, and the wheel names whole', async ({
  page,
  request,
}) => {
  await signInNewClient(page, request);
  const bar = page.getByRole('navigation', { name: 'Main navigation' }).last();
  for (const name of ['Journal', 'Goals', 'Weekly Insights', 'Questionnaires', 'Access History'])
    await expectInView(page, bar.getByRole('link', { name, exact: true }));
  await bar.getByRole('link', { name: 'Access History', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/access-history$/);
  await expectAccessible(page);

  await openNewEntry(page);
  await page.getByRole('button', { name: 'Choose Emotion' }).click();
  const checkIn = page.getByRole('region', { name: 'Emotion check-in' });
  await checkIn.getByRole('tab', { name: 'Detailed Mode' }).click();
  // the 'Ch…' and 'Del…'
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
});

test('an admin reaches every row’s Delete, and a provider every client’s Open, without scrolling sideways', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.local');
  await page.goto('/admin/all-users');
  const users = page.getByRole('table', { name: /users/i });
  await expect(users).toBeVisible();
  const firstDelete = users.getByRole('button', { name: /delete/i }).first();
  await expectInView(page, firstDelete);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  await page.goto('/admin/promo-codes');
  await expectInView(page, page.getByRole('button', { name: /^Delete promo code/ }).first());
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, 'provider@demo.local');
  await page.goto('/provider/dashboard');
  await expectInView(page, page.getByRole('link', { name: 'Open' }).first());
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});

test('a signed-out page load asks no refresh and logs no error; ?m=1 stays on the way home', async ({
  page,
}) => {
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
  await page.getByLabel('Email').fill('patient@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/home\?m=1$/);
});

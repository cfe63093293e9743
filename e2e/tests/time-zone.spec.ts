import { checkA11y, expect, test } from '../support';

// The device is in Tokyo; the new client's profile keeps the default zone (Denver).
test.use({ timezoneId: 'Asia/Tokyo' });

const tokyo = '(UTC+09:00) Tokyo, Seoul';
const denver = '(UTC-07:00) Mountain Time (US & Canada)';

test(
  'a client whose device is in another zone moves the profile to it',
  { tag: '@phone' },
  async ({ patientPage: page }) => {
    await page.goto('/user/home');
    await expect(page).toHaveURL(/\/user\/home$/);
    const notice = page.getByRole('region', { name: 'Time zone' });
    await expect(notice.getByText('Your device is in another time zone')).toBeVisible();
    await expect(notice).toContainText(`counted in your profile's time zone, ${denver}`);
    await expect(notice).toContainText(`This device is set to ${tokyo}`);
    await checkA11y(page, 'client home: another time zone');
    // The long zone names stay inside the notice, at 375 px too (the phone project runs this again).
    const box = await notice.boundingBox();
    for (const button of await notice.getByRole('button').all()) {
      const own = await button.boundingBox();
      expect((own?.x ?? 0) + (own?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }

    await notice.getByRole('button', { name: `Use ${tokyo}` }).click();
    await expect(page.getByText('Time zone updated.')).toBeVisible();
    await expect(notice).toBeHidden();
    await page.goto('/profile/edit-profile');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
  },
);

test('a client keeps the profile zone, and is not asked again on this device', async ({
  patientPage: page,
}) => {
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/user\/home$/);
  const notice = page.getByRole('region', { name: 'Time zone' });
  await notice.getByRole('button', { name: `Keep ${denver}` }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time zone' })).toHaveCount(0);
});

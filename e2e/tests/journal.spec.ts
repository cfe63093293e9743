import {
  bearer,
  checkA11y,
  chooseJournalMode,
  chooseMood,
  createEntry,
  createGoal,
  expect,
  expectNoSidewaysScroll,
  ledger,
  openNewEntry,
  pickOnWheel,
  saveEntry,
  test,
} from '../support';

test.afterEach(async ({ page }) => expectNoSidewaysScroll(page));

test(
  'a detailed check-in with a prompt, notes and two goals is saved and counted',
  { tag: ['@smoke', '@phone'] },
  async ({ patientPage: page, client, request }) => {
    test.slow();
    const goals = ['Sleep eight hours a night', 'Take a walk after lunch'];
    const goalIds = [];
    for (const text of goals) goalIds.push(await createGoal(request, client, text));

    await openNewEntry(page);
    await chooseMood(page, 'Awesome');

    await page.getByRole('button', { name: 'Choose Emotion' }).click();
    const checkIn = page.getByRole('region', { name: 'Emotion check-in' });
    await checkIn.getByRole('tab', { name: 'Detailed Mode' }).click();
    await expect(checkIn.getByRole('tab', { name: 'Detailed Mode' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(checkIn.getByRole('heading', { name: 'What emotion are you experiencing?' })).toBeVisible();
    const status = checkIn.getByRole('status');
    await expect(status).toHaveText('Step 1 of 4: choose a primary emotion');
    await pickOnWheel(page, 'Joy');
    await expect(status).toHaveText('Step 2 of 4: choose a secondary emotion');
    await pickOnWheel(page, 'Cheerful');
    await expect(status).toHaveText('Step 3 of 4: choose a specific feeling');
    await pickOnWheel(page, 'Delighted');
    await expect(status).toHaveText('Step 4 of 4: Delighted (positive) chosen, set its intensity');
    await checkA11y(page, 'journaling: the wheel, intensity step');
    await checkIn.getByRole('button', { name: 'Done' }).click();

    await expect(checkIn.getByRole('heading', { name: 'Confirm your emotion check-in' })).toBeVisible();
    const path = checkIn.getByRole('navigation', { name: 'Emotion path' });
    await expect(path).toContainText('Joy');
    await expect(path).toContainText('Cheerful');
    await expect(path).toContainText('Delighted');
    await expect(checkIn.getByText('5/10')).toBeVisible();

    await expect(page.getByText('Prompt 1 of 25')).toBeVisible();
    await page.getByRole('button', { name: 'Next prompt' }).click();
    await expect(page.getByText('Prompt 2 of 25')).toBeVisible();
    const notes = 'Lunch in the park with my sister. The sun was out and we laughed a lot.';
    await page.getByLabel('Journal notes').fill(notes);

    for (const text of goals) {
      const toggle = page.getByRole('button', { name: new RegExp(`^${text}`) });
      await expect(toggle).toContainText('0 mentions');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    }
    const chosen = page.getByRole('group', { name: 'Chosen goals' });
    for (const text of goals) await expect(chosen).toContainText(text);
    await expect(page.getByText('2 goals selected')).toBeVisible();
    await checkA11y(page, 'journaling: emotion confirmed, goals chosen');

    await saveEntry(page);
    await expect(page.getByText('Journal entry saved').first()).toBeVisible();
    const week = page.getByRole('list', { name: 'Days of this week' });
    await expect(week.getByRole('img', { name: /\(Today\): 😀 Awesome$/ })).toBeVisible();
    await expect(page.getByText('Great progress! 1 day(s) down, 6 to go')).toBeVisible();
    await expect(page.getByTestId('streak-days')).toHaveText('1 Day');
    const entry = ledger(page).getByRole('article');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(notes);
    await expect(entry).toContainText('Joy > Cheerful > Delighted');
    for (const text of goals)
      await expect(entry.getByRole('listitem').filter({ hasText: text })).toBeVisible();
    await checkA11y(page, 'client home: the first entry');

    // Each goal was mentioned once by the entry.
    const listed = await request.get('/api/v1/goals/', { headers: bearer(client.token) });
    const body = (await listed.json()) as { data: { personal: { id: string; mentionCount: number }[] } };
    for (const id of goalIds) expect(body.data.personal.find((g) => g.id === id)?.mentionCount).toBe(1);
    await page.goto('/user/goals');
    const goalList = page.getByRole('list', { name: 'Goals' });
    for (const text of goals)
      await expect(goalList.getByRole('listitem').filter({ hasText: text })).toContainText('1 mention');
  },
);

test('a simple-mode check-in is saved and listed in the ledger', async ({ patientPage: page }) => {
  await openNewEntry(page);
  await chooseMood(page, 'Fine');
  await page.getByRole('button', { name: 'Choose Emotion' }).click();
  const checkIn = page.getByRole('region', { name: 'Emotion check-in' });
  await checkIn.getByRole('tab', { name: 'Simple Mode' }).click();
  await expect(checkIn.getByRole('heading', { name: 'How are you feeling?' })).toBeVisible();
  for (const kind of ['Positive', 'Neutral', 'Negative'])
    await expect(checkIn.getByRole('button', { name: kind })).toBeVisible();
  await checkIn.getByRole('button', { name: 'Neutral' }).click();
  await expect(checkIn.getByRole('button', { name: 'Neutral' })).toHaveAttribute('aria-pressed', 'true');
  await checkIn.getByRole('button', { name: 'Done' }).click();
  await expect(checkIn.getByRole('heading', { name: 'Confirm your emotion check-in' })).toBeVisible();
  await expect(checkIn.getByRole('navigation', { name: 'Emotion path' })).toContainText('Neutral');

  const notes = 'An ordinary day: emails, groceries and an early night.';
  await page.getByLabel('Journal notes').fill(notes);
  await saveEntry(page);
  const entry = ledger(page).getByRole('article', { name: /^Fine, / });
  await expect(entry).toContainText(notes);
  await expect(entry).toContainText('Neutral');
  await expect(ledger(page).getByText('1 entry', { exact: true })).toBeVisible();
});

test('a chat with the local assistant is saved as a chat entry', async ({ patientPage: page }) => {
  test.slow();
  await openNewEntry(page);
  await chooseJournalMode(page, 'Chat');
  await chooseMood(page, 'Not fine');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation).toContainText('No chat history available.');

  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please have a conversation before saving' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/journaling-feature$/);

  const message = page.getByRole('textbox', { name: 'Your message' });
  const send = page.getByRole('button', { name: 'Send' });
  const first = 'Work has been so stressful and I feel exhausted.';
  await message.fill(first);
  await send.click();
  const assistant = conversation.getByText('Assistant', { exact: true });
  await expect(assistant).toHaveCount(1);
  await expect(conversation).toContainText(first);
  // The local engine reflects the feeling words it found and always answers the same way.
  await expect(conversation).toContainText(/stress|tired|exhaust/i);
  await expect(send).toBeEnabled();

  const second = 'I think I need to say no to the extra project.';
  await message.fill(second);
  await message.press('Enter');
  await expect(assistant).toHaveCount(2);
  await expect(conversation).toContainText(second);
  await expect(send).toBeEnabled();
  await checkA11y(page, 'journaling: chat with two replies');

  await saveEntry(page);
  const entry = ledger(page).getByRole('article', { name: /^Not fine, / });
  await expect(entry).toContainText('Chat');
  await expect(entry).toContainText(first);
});

test('text in a photo is read and saved with the entry', async ({ patientPage: page }) => {
  test.slow();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  // A clear black-on-white picture of text, drawn by the browser itself.
  const drawing = await page.context().newPage();
  await drawing.setContent(
    '<div id="note" style="display:inline-block;padding:40px 60px;background:#fff;color:#000;' +
      'font:bold 64px/1.3 sans-serif">GRATEFUL FOR<br>SUNSHINE</div>',
  );
  const picture = await drawing.locator('#note').screenshot({ type: 'png' });
  await drawing.close();

  await openNewEntry(page);
  await chooseJournalMode(page, 'Photo');
  await chooseMood(page, 'Awesome');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photo' }).click();
  await (await chooser).setFiles({ name: 'gratitude.png', mimeType: 'image/png', buffer: picture });

  await expect(page.getByRole('img', { name: 'Photo gratitude.png' })).toBeVisible({ timeout: 30_000 });
  const found = page.getByRole('textbox', { name: 'Text found in your photos' });
  await expect(found, `console errors: ${consoleErrors.join(' | ')}`).toHaveValue(/grateful/i, {
    timeout: 90_000,
  });
  await expect(found).toHaveValue(/sunshine/i);
  // The text also becomes the entry's notes when they are empty.
  await expect(page.getByLabel('Journal notes')).toHaveValue(/grateful/i);
  await expect(page.getByText('1 of 2')).toBeVisible();

  await saveEntry(page);
  const entry = ledger(page).getByRole('article', { name: /^Awesome, / });
  await expect(entry).toContainText('Photo');
  await expect(entry).toContainText(/grateful/i);
});

test('an entry is edited, survives a failed delete and is then deleted', async ({
  patientPage: page,
  client,
  request,
}) => {
  test.slow();
  const id = await createEntry(request, client, { notes: 'First version of the entry.' });

  await page.goto('/user/home');
  const entry = ledger(page).getByRole('article', { name: /^Fine, / });
  await expect(entry).toContainText('First version of the entry.');
  await entry.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/journaling-feature\\?edit=${id}$`));
  await expect(page.getByRole('heading', { name: 'Edit journal entry', level: 1 })).toBeVisible();
  const notes = page.getByLabel('Journal notes');
  await expect(notes).toHaveValue('First version of the entry.');
  await notes.fill('Second version, written after a good talk.');
  await saveEntry(page, 'Save Changes');
  await expect(page.getByText('Journal entry updated').first()).toBeVisible();
  await expect(entry).toContainText('Second version, written after a good talk.');
  await expect(ledger(page).getByRole('article')).toHaveCount(1);

  // The server fails the deletion: the entry leaves at once and comes back with an error.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/delete-mood/**', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Something went wrong' }),
    });
  });
  await entry.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this journal entry?' });
  await confirm.getByRole('button', { name: 'Delete entry' }).click();
  await expect(confirm).toBeHidden();
  await expect(entry).toBeHidden();
  release();
  await expect(
    page.getByText('Failed to delete the journal entry. It has been restored.').first(),
  ).toBeVisible();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Second version, written after a good talk.');
  await page.unroute('**/delete-mood/**');

  await entry.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete entry' }).click();
  await expect(entry).toBeHidden();
  await expect(page.getByText('No journal entries yet')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
  await expect(page.getByText('No journal entries yet')).toBeVisible();
  await expect(entry).toBeHidden();
  const after = await request.get(`/api/v1/get-mood/${id}`, { headers: bearer(client.token) });
  expect(after.status()).toBe(404);
});

test('a draft survives a reload', async ({ patientPage: page }) => {
  await openNewEntry(page);
  await chooseMood(page, 'Fine');
  const text = 'Half-written thoughts about the weekend';
  await page.getByLabel('Journal notes').fill(text);
  // The draft is written to local storage shortly after typing stops.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some(
          (key) => key.startsWith('ml.journalDraft.') && localStorage.getItem(key)?.includes('weekend'),
        ),
      ),
    )
    .toBe(true);

  await page.reload();
  await expect(page.getByText('We restored the draft you were writing.')).toBeVisible();
  await expect(page.getByLabel('Journal notes')).toHaveValue(text);
  await expect(
    page.getByRole('radiogroup', { name: 'Mood' }).getByRole('radio', { name: 'Fine', exact: true }),
  ).toBeChecked();
});

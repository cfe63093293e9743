import {
  bearer,
  checkA11y,
  chooseJournalMode,
  chooseMood,
  expect,
  expectNoSidewaysScroll,
  installScriptedSpeech,
  ledger,
  openNewEntry,
  recognitionSettings,
  saveEntry,
  say,
  test,
} from '../support';

test.afterEach(async ({ page }) => expectNoSidewaysScroll(page));

test.beforeEach(async ({ page }) => installScriptedSpeech(page));

test(
  'dictation writes into the notes, read-only while listening',
  { tag: '@phone' },
  async ({ patientPage: page }) => {
    await openNewEntry(page);
    await chooseMood(page, 'Fine');
    const notes = page.getByLabel('Journal notes');
    await notes.fill('Before work:');

    await page.getByRole('button', { name: 'Start dictation' }).click();
    await expect(notes).toHaveAttribute('placeholder', 'Listening...');
    await expect(page.getByText('Recording your journal entry... (tap microphone to stop)')).toBeVisible();
    await expect(notes).toHaveAttribute('readonly', '');
    expect(await recognitionSettings(page)).toEqual({
      lang: 'en-US',
      continuous: true,
      interimResults: true,
    });

    // Interim words show as they are heard; the final text replaces them.
    expect(await say(page, 'a morning run', false)).toBe(true);
    await expect(notes).toHaveValue('Before work: a morning run');
    expect(await say(page, 'a morning run by the river')).toBe(true);
    await expect(notes).toHaveValue('Before work: a morning run by the river');
    await checkA11y(page, 'journaling: dictation listening');

    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect(notes).toHaveAttribute('placeholder', 'Start wherever feels right...');
    await expect(notes).not.toHaveAttribute('readonly', '');
    await expect(page.getByText('Recording your journal entry... (tap microphone to stop)')).toBeHidden();
    await notes.press('End');
    await notes.pressSequentially(' and coffee after.');

    await saveEntry(page);
    await expect(ledger(page).getByRole('article', { name: /^Fine, / })).toContainText(
      'Before work: a morning run by the river and coffee after.',
    );
  },
);

test('a voice conversation takes turns with the assistant up to the chosen limit and is saved', async ({
  patientPage: page,
  client,
  request,
}) => {
  test.slow();
  await openNewEntry(page);
  await chooseJournalMode(page, 'Voice');
  await chooseMood(page, 'Not fine');
  await expect(page.getByText('AI turn 0 of 3')).toBeVisible();

  // Two AI turns instead of three, kept in the browser for next time.
  await page.getByRole('button', { name: 'Voice settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Voice settings' });
  await settings.getByLabel('AI turns per conversation').fill('2');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(page.getByText('AI turn 0 of 2')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('voiceSettings'))).toContain('"maxAiTurns":2');

  const record = page.getByRole('button', { name: 'Start recording' });
  const conversation = page.getByRole('log', { name: 'Conversation' });
  const spoken = [
    'I have been anxious about my exam tomorrow and I cannot sleep.',
    'I will review my notes once and then go for a short walk.',
  ];
  for (const [turn, words] of spoken.entries()) {
    await record.click();
    await expect(page.getByText('Recording... tap to stop when you are done.')).toBeVisible();
    expect(await say(page, words)).toBe(true);
    await expect(page.getByText(`“${words}”`)).toBeVisible();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(conversation).toContainText(words);
    await expect(conversation.getByText('Assistant', { exact: true })).toHaveCount(turn + 1);
    await expect(page.getByText(`AI turn ${turn + 1} of 2`)).toBeVisible();
  }
  await expect(
    page.getByText('Conversation complete. Review the transcript below and save your entry.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(record).toBeDisabled();
  // The transcript also became the entry's notes.
  const transcript = page.getByLabel('Transcript and notes');
  for (const words of spoken) await expect(transcript).toHaveValue(new RegExp(words.replace('.', '\\.')));
  await checkA11y(page, 'journaling: voice conversation complete');

  await saveEntry(page);
  const entry = ledger(page).getByRole('article', { name: /^Not fine, / });
  await expect(entry).toContainText('Voice');
  await expect(entry).toContainText(spoken[0]!);

  const list = await request.get('/api/v1/get-all-mood?page=1&limit=10', { headers: bearer(client.token) });
  const saved = (
    (await list.json()) as {
      data: { journalType: string; chatMessages: { role: string; text: string }[] }[];
    }
  ).data[0]!;
  expect(saved.journalType).toBe('voice');
  expect(saved.chatMessages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  expect(saved.chatMessages[2]!.text).toBe(spoken[1]);
});

import {
  apiSignIn,
  bearer,
  checkA11y,
  connectToDemoProvider,
  demo,
  expect,
  expectNoSidewaysScroll,
  quietNotifications,
  shot,
  test,
  type Locator,
  type Page,
} from '../support';

// Measurement-based care: the demo provider assigns a PHQ-9 on a connected client's Dashboard tab,
// the client opens the notification and answers it (the answers by keyboard: Tab into the radio
// group, the arrow keys or Space, Tab to Next), and the provider's card shows the score and its
// band; an item-9 answer above 0 shows the crisis resources at once and flags the provider's card.

/** The texts of packages/domain/src/safety/resources.ts for a US profile (crisis-lines.ts) and measureMessages.safetyNotice. */
const crisis = {
  heading: "You don't have to go through this alone",
  lines: [
    'If you are in immediate danger, call 911, the emergency number in the United States.',
    'Suicide & Crisis Lifeline: call or text 988.',
  ],
  contacts: [
    { label: 'Call emergency services 911', href: 'tel:911' },
    { label: 'Call Suicide & Crisis Lifeline 988', href: 'tel:988' },
    { label: 'Text Suicide & Crisis Lifeline 988', href: 'sms:988' },
  ],
  notice:
    'You mentioned thoughts of being better off dead or of hurting yourself. You deserve support right now.',
};

const answerTexts = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

/** The client's Dashboard tab, with the Questionnaires card loaded. */
async function openDashboardTab(page: Page, clientId: string): Promise<Locator> {
  await page.goto(`/provider/patient-overview/${clientId}?tab=dashboard`);
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();
  const card = page.getByRole('region', { name: 'Questionnaires' });
  await expect(card.getByRole('region', { name: 'PHQ-9 scores' })).toBeVisible({ timeout: 15_000 });
  return card;
}

/** Picks an option of one of the card's Mantine Selects. */
async function choose(page: Page, card: Locator, label: string, option: string) {
  await card.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(card.getByRole('combobox', { name: label })).toHaveValue(option);
}

const questionHeading = (page: Page, n: number) =>
  page.getByRole('heading', { name: new RegExp(`^PHQ-9: question ${n} of (9|10)$`) });

/**
 * Answers the question on screen by keyboard alone: Tab from its heading into the radio group (the
 * first answer), Space or the arrow keys to the answer, then Tab to Next (or Submit answers) and
 * Enter.
 */
async function answerByKeyboard(page: Page, n: number, score: number, texts = answerTexts) {
  await expect(questionHeading(page, n)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: texts[0], exact: true })).toBeFocused();
  if (score === 0) await page.keyboard.press('Space');
  for (let i = 0; i < score; i += 1) await page.keyboard.press('ArrowDown');
  const chosen = page.getByRole('radio', { name: texts[score], exact: true });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
  const next = page.getByRole('button', { name: /^(Next|Submit answers)$/ });
  await expect(next).toBeEnabled();
  // Cancel, Back (from the second question on), then Next
  for (let i = 0; i < 4 && !(await next.evaluate((b) => b === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Answers the question on screen with the pointer and moves on. */
async function answerByPointer(page: Page, n: number, text: string) {
  await expect(questionHeading(page, n)).toBeVisible();
  const radio = page.getByRole('radio', { name: text, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
  await page.getByRole('button', { name: /^(Next|Submit answers)$/ }).click();
}

test('the provider assigns PHQ-9, the client completes it from the notification, the provider sees the score and band', async ({
  providerPage: page,
  client,
  openAs,
  request,
}) => {
  // two browsers and four accessibility scans, on a busy machine
  test.setTimeout(120_000);
  await connectToDemoProvider(request, client);
  // no sign-in-from-a-new-browser notice: the bell holds the questionnaire's notification
  await quietNotifications(request, client);

  // The provider assigns a PHQ-9, once, on the client's Dashboard tab.
  await page.goto('/provider/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
  let card = await openDashboardTab(page, client.id);
  await expect(card.getByText('No questionnaire is assigned.')).toBeVisible();
  await expect(card.getByText('No PHQ-9 answers yet.')).toBeVisible();
  await choose(page, card, 'Questionnaire', 'PHQ-9');
  await choose(page, card, 'How often', 'Once');
  await card.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Questionnaire assigned.').first()).toBeVisible();
  const assigned = card.getByRole('list', { name: 'Assigned questionnaires' });
  await expect(assigned.getByText('PHQ-9 · Once')).toBeVisible();
  await expect(assigned.getByRole('button', { name: 'Stop the PHQ-9' })).toBeVisible();

  // The client (another browser) opens it from the bell and lands on the first question.
  const clientPage = await openAs(client, '/user/home');
  await expect(clientPage.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
  const bell = clientPage.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toHaveAccessibleDescription(/^\d+ unread$/);
  await bell.click();
  const item = clientPage
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /A questionnaire is waiting for you/ });
  await expect(item).toContainText('Daniel asked you to complete the PHQ-9. It takes about two minutes.');
  await item.click();
  await expect(clientPage).toHaveURL(/\/user\/measures\?assignment=[0-9a-f-]+$/);
  await expect(clientPage.getByRole('heading', { name: 'PHQ-9: question 1 of 9' })).toBeVisible();
  await expect(
    clientPage.getByText(
      'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    ),
  ).toBeVisible();
  await expect(
    clientPage.getByRole('radiogroup', { name: 'Little interest or pleasure in doing things' }),
  ).toBeVisible();
  for (const text of answerTexts)
    await expect(clientPage.getByRole('radio', { name: text, exact: true })).not.toBeChecked();
  await expect(clientPage.getByRole('button', { name: 'Next' })).toBeDisabled();
  await checkA11y(clientPage, 'questionnaires: PHQ-9, first question');
  await expectNoSidewaysScroll(clientPage);
  await shot(clientPage, 'measures-question-1', { fullPage: false });

  // Items 1–5 by keyboard (2 + 3 + 1 + 1 + 0), 6–9 by pointer (1 + 1 + 1 + 0): 10, Moderate.
  await questionHeading(clientPage, 1).focus();
  await answerByKeyboard(clientPage, 1, 2);
  // a problem was checked: the difficulty question joins the end
  await expect(clientPage.getByRole('heading', { name: 'PHQ-9: question 2 of 10' })).toBeFocused();
  await answerByKeyboard(clientPage, 2, 3);
  await answerByKeyboard(clientPage, 3, 1);
  await answerByKeyboard(clientPage, 4, 1);
  await answerByKeyboard(clientPage, 5, 0);
  await answerByPointer(clientPage, 6, 'Several days');
  await answerByPointer(clientPage, 7, 'Several days');
  await expect(questionHeading(clientPage, 8)).toBeVisible();
  await expectNoSidewaysScroll(clientPage);
  await shot(clientPage, 'measures-question-8', { fullPage: false });
  await answerByPointer(clientPage, 8, 'Several days');
  await answerByPointer(clientPage, 9, 'Not at all');
  await expect(clientPage.getByRole('heading', { name: 'PHQ-9: question 10 of 10' })).toBeVisible();
  await expect(clientPage.getByText('One last question, if you like.')).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Submit answers' })).toBeVisible();
  await answerByKeyboard(clientPage, 10, 1, [
    'Not difficult at all',
    'Somewhat difficult',
    'Very difficult',
    'Extremely difficult',
  ]);

  // The result in plain words; no crisis resources (item 9 was 0).
  const result = clientPage.getByRole('region', { name: 'Your result' });
  // the Submit button is gone: focus moves to the result's heading, so the result is announced
  await expect(result.getByRole('heading', { name: 'Thank you. Your answers were saved.' })).toBeFocused();
  await expect(result.getByText('PHQ-9: 10 of 27')).toBeVisible();
  await expect(result.getByText('Moderate', { exact: true })).toBeVisible();
  await expect(result.getByText('Low mood is affecting you a fair amount.')).toBeVisible();
  await expect(result.getByText(/^A questionnaire is not a diagnosis\./)).toBeVisible();
  await expect(clientPage.getByRole('alert').filter({ hasText: crisis.heading })).toHaveCount(0);
  await checkA11y(clientPage, 'questionnaires: PHQ-9 result');
  await expectNoSidewaysScroll(clientPage);
  await shot(clientPage, 'measures-result', { fullPage: false });
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(result).toBeHidden();
  await expect(
    clientPage
      .getByRole('region', { name: 'Asked by your providers' })
      .getByText('Nothing is waiting for you.'),
  ).toBeVisible();
  await clientPage.context().close();

  // The provider reloads the Dashboard tab: the score and band; the one-off is no longer assigned.
  await page.reload();
  card = await openDashboardTab(page, client.id);
  const scores = card.getByRole('region', { name: 'PHQ-9 scores' });
  await expect(scores.getByText('10 of 27', { exact: true })).toBeVisible();
  await expect(scores.getByText('Moderate', { exact: true })).toBeVisible();
  await expect(scores.getByRole('list', { name: 'PHQ-9 answers' }).getByRole('listitem')).toHaveCount(1);
  await expect(scores.getByRole('listitem')).toContainText('10 of 27, Moderate');
  await expect(scores.getByText('Item 9 above 0')).toHaveCount(0);
  await expect(card.getByText('No questionnaire is assigned.')).toBeVisible();
  await checkA11y(page, 'client overview: Dashboard, a PHQ-9 score');
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'measures-provider-card', { target: card });
});

test(
  'an item-9 answer above 0 shows the crisis resources at once and flags the provider’s card',
  { tag: '@smoke' },
  async ({ providerPage: page, client, openAs, request }) => {
    test.setTimeout(90_000);
    await connectToDemoProvider(request, client);
    const provider = await apiSignIn(request, demo.provider.email, demo.provider.password);
    const assigned = await request.post('/api/v1/provider/measures/assign', {
      data: { patientId: client.id, kind: 'phq9', everyWeeks: null },
      headers: bearer(provider.token),
    });
    expect(assigned.status()).toBe(201);

    // The client (another browser) starts it from the list on the questionnaires page.
    const clientPage = await openAs(client, '/user/home');
    await expect(clientPage.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
    await clientPage.goto('/user/measures');
    const waiting = clientPage.getByRole('region', { name: 'Asked by your providers' });
    await expect(waiting.getByText('PHQ-9 · Once')).toBeVisible();
    await waiting.getByRole('button', { name: 'Start the PHQ-9' }).click();
    for (let n = 1; n <= 8; n += 1) await answerByPointer(clientPage, n, 'Not at all');
    await answerByPointer(clientPage, 9, 'Several days');
    // item 9 is a problem checked: the difficulty question may be left out
    await expect(clientPage.getByRole('heading', { name: 'PHQ-9: question 10 of 10' })).toBeVisible();
    await clientPage.getByRole('button', { name: 'Submit answers' }).click();

    const alert = clientPage.getByRole('alert').filter({ hasText: crisis.heading });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(crisis.notice);
    for (const line of crisis.lines) await expect(alert.getByText(line, { exact: true })).toBeVisible();
    for (const contact of crisis.contacts)
      await expect(alert.getByRole('link', { name: contact.label })).toHaveAttribute('href', contact.href);
    await expect(alert).toContainText('If you are connected to a provider, they have been told');
    await expect(clientPage.getByText('PHQ-9: 1 of 27')).toBeVisible();
    await checkA11y(clientPage, 'questionnaires: PHQ-9 result, crisis resources');
    await expectNoSidewaysScroll(clientPage);
    await shot(clientPage, 'measures-crisis', { fullPage: false });
    await clientPage.context().close();

    // The provider's card: the score, its band and the item-9 flag.
    await page.goto('/provider/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
    const card = await openDashboardTab(page, client.id);
    const scores = card.getByRole('region', { name: 'PHQ-9 scores' });
    await expect(scores.getByText('1 of 27', { exact: true })).toBeVisible();
    await expect(scores.getByText('Minimal', { exact: true })).toBeVisible();
    // beside the latest score and on that answer's row
    await expect(scores.getByText('Item 9 above 0', { exact: true })).toHaveCount(2);
    await expect(
      scores.getByRole('list', { name: 'PHQ-9 answers' }).getByText('Item 9 above 0', { exact: true }),
    ).toBeVisible();
    await checkA11y(page, 'client overview: Dashboard, an item-9 flag');
    await expectNoSidewaysScroll(page);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'measures-provider-card-item9', { target: card });
  },
);

import { execFileSync } from 'node:child_process';
import {
  checkA11y,
  connectToDemoProvider,
  expect,
  expectNoSidewaysScroll,
  shot,
  subscribeStandard,
  test,
} from '../support';

// The Initial Journey: a Standard client talks with the guide, generates the four documents,
// copies one, downloads one as a PDF (its text read back with pdftotext) and shares one with their
// provider, who reads it on the Summaries tab without Copy, Download PDF or Share.

const answers = [
  'Work stress keeps me up at night and I feel on edge before meetings.',
  'I hope to learn how to calm down and speak up with more confidence.',
  'Online sessions suit me best.',
];

test('a client generates the four documents, copies, downloads and shares one; the provider reads it', async ({
  patientPage: page,
  client,
  openAs,
  request,
}) => {
  test.setTimeout(180_000);
  await connectToDemoProvider(request, client);
  await subscribeStandard(request, client);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/user/home');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // The home's own link, after the navigation's.
  await page.getByRole('main').getByRole('link', { name: 'Initial Journey' }).last().click();
  await expect(page.getByRole('heading', { name: 'Initial Journey', level: 1 })).toBeVisible();

  // The conversation: three answers, each with the guide's next question.
  const conversation = page.getByLabel('Initial Journey conversation');
  for (const [i, answer] of answers.entries()) {
    await page.getByLabel('Your answer').fill(answer);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByLabel('Your answer')).toHaveValue('');
    await expect(conversation.getByText(answer, { exact: true })).toBeVisible();
    // the opening question, then one reply per answer
    await expect(conversation.getByText('Guide', { exact: true })).toHaveCount(i + 2);
  }

  // The four documents, each generated from its empty section.
  const sections = [
    ['Target Therapist', 'No Target Therapist Found', 'Target therapist profile generated successfully'],
    [
      'Target Therapist - Interview Qs',
      'No Interview Questions Found',
      'Interview questions generated successfully',
    ],
    [
      'Therapeutic Request Email Template',
      'No Email Template Found',
      'Email template generated successfully',
    ],
    [
      'Self-Reflection Summary: Initial Journey',
      'No Self-Reflection Summary Found',
      'Self-reflection summary generated successfully',
    ],
  ] as const;
  for (const [title, empty, done] of sections) {
    const item = page
      .locator('.mantine-Accordion-item')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
    await item.getByRole('button', { name: title, exact: true }).click();
    await expect(item.getByText(empty)).toBeVisible();
    await item.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText(done).first()).toBeVisible();
    await expect(item.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  }
  const chat = page.locator('.mantine-Accordion-item').filter({
    has: page.getByRole('button', { name: 'Initial Journey Chat History' }),
  });
  await chat.getByRole('button', { name: 'Initial Journey Chat History' }).click();
  await expect(chat.getByText(answers[0]!)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await checkA11y(page, 'initial journey: four documents');
  await shot(page, 'initial-journey-documents');

  // Copy the interview questions.
  const guide = page.locator('.mantine-Accordion-item').filter({
    has: page.getByRole('button', { name: 'Target Therapist - Interview Qs', exact: true }),
  });
  await guide.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Content copied to clipboard!').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('What to listen for');
  expect(copied).toContain(answers[0]!);
  expect(copied).not.toMatch(/<|\*\*/);

  // Download the self-reflection summary: a real PDF with its text.
  const reflection = page.locator('.mantine-Accordion-item').filter({
    has: page.getByRole('button', { name: 'Self-Reflection Summary: Initial Journey', exact: true }),
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    reflection.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
  expect(text).toContain('self-reflection only');
  expect(text.length).toBeGreaterThan(300);

  // Share it with the provider.
  await reflection.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: /^Share Self-Reflection Summary/ });
  await dialog.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: /Daniel Reyes/ }).click();
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Summary shared successfully').first()).toBeVisible();
  await expect(reflection.getByText(/Daniel Reyes/)).toBeVisible();

  // The provider (another browser) reads it on the Summaries tab, with nothing to copy, download or
  // share.
  const provider = await openAs('provider', '/provider/dashboard');
  await expect(provider.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();
  await provider.goto(`/provider/patient-overview/${client.id}?tab=summaries`);
  const shared = provider.getByRole('button', { name: /Self-Reflection Summary: Initial Journey/ });
  await expect(shared).toBeVisible();
  await shared.click();
  await expect(provider.getByText('Narrative Summary').first()).toBeVisible();
  for (const action of ['Copy', 'Download PDF', 'Share', 'Generate'])
    await expect(provider.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  await expectNoSidewaysScroll(provider);
  await checkA11y(provider, 'client overview: Summaries, a shared self-reflection');
  await shot(provider, 'initial-journey-provider-summaries');
});

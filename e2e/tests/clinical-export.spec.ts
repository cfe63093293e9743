import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  bearer,
  checkA11y,
  connectToDemoProvider,
  createEntry,
  expect,
  shot,
  test,
  type Download,
} from '../support';

// The clinical export: the demo provider exports a connected client's record as PDF and
// FHIR from the Summaries tab, both files download (the PDF's text read with pdftotext, the bundle
// parsed); the client downloads their own copy from Profile Settings.

async function pdfText(download: Download): Promise<string> {
  const path = await download.path();
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function jsonOf(
  download: Download,
): Promise<{ resourceType: string; type: string; entry: { resource: { resourceType: string } }[] }> {
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

test('a provider exports a client record as PDF and FHIR, and the client downloads their own copy', async ({
  providerPage: page,
  client,
  openAs,
  request,
}) => {
  test.setTimeout(120_000);
  await connectToDemoProvider(request, client);
  const headers = bearer(client.token);
  for (const [mood, notes, isPrivate] of [
    ['Calm', 'A walk by the river after work helped.', false],
    ['Anxious', 'Deadline worry kept me up.', false],
    ['Sad', 'PRIVATE-LINE that stays mine.', true],
  ] as const)
    await createEntry(request, client, { mood, notes, isPrivate, userTimezone: 'America/Denver' });
  const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, i < 5 ? 2 : 0]));
  expect(
    (await request.post('/api/v1/measures/responses', { data: { kind: 'phq9', answers }, headers })).status(),
  ).toBe(201);

  await page.goto('/provider/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Daniel' })).toBeVisible();

  await page.goto(`/provider/patient-overview/${client.id}?tab=summaries`);
  const panel = page.getByRole('region', { name: 'Clinical export' });
  await expect(panel.getByText('No exports yet.')).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'PDF and FHIR' })).toBeChecked();
  await panel.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByText('Export started. It will be ready to download in a moment.')).toBeVisible();
  const list = panel.getByRole('list', { name: 'Exports' });
  await expect(list.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await checkA11y(page, 'client overview: Summaries, an export ready');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'export-provider');

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: /^Download PDF/ }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^clinical-record-.+\.pdf$/);
  const text = await pdfText(pdf);
  expect(text).toContain('Clinical record:');
  expect(text).toContain('Provider: Daniel');
  expect(text).toContain('2 entries on 1 day');
  expect(text).toContain('10 of 27, Moderate');
  expect(text).not.toContain('PRIVATE-LINE');

  const [fhir] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: /^Download FHIR/ }).click(),
  ]);
  expect(fhir.suggestedFilename()).toMatch(/^clinical-record-.+\.fhir\.json$/);
  const bundle = await jsonOf(fhir);
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const types = bundle.entry.map((e) => e.resource.resourceType);
  for (const type of ['Patient', 'Practitioner', 'Observation', 'QuestionnaireResponse'])
    expect(types).toContain(type);
  expect(JSON.stringify(bundle)).not.toContain('PRIVATE-LINE');

  // The client's own copy (another browser), private entries included, from Profile Settings.
  const own = await openAs(client, '/profile/edit-profile');
  const card = own.getByRole('region', { name: 'Your record' });
  await expect(card).toBeVisible();
  await checkA11y(own, 'profile settings (client): a new client');
  await card.scrollIntoViewIfNeeded();
  await shot(own, 'export-client');
  const [mine] = await Promise.all([
    own.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my record (PDF)' }).click(),
  ]);
  const mineText = await pdfText(mine);
  expect(mineText).toContain('My record:');
  expect(mineText).toContain('3 entries on 1 day');
  const [mineFhir] = await Promise.all([
    own.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my record (FHIR)' }).click(),
  ]);
  expect(JSON.stringify(await jsonOf(mineFhir))).toContain('PRIVATE-LINE');
});

import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, checkA11y, createEntry, expect, shot, test } from '../support';

// The backup: a client makes a backup and downloads it; imports a Daylio CSV through the check and
// the preview, then the same file again with a conflict kept both.

const daylio = [
  'full_date,date,weekday,time,mood,activities,note_title,note',
  '2024-03-05,March 5,Tuesday,21:14,rad,friends | reading,Dinner,Lovely evening',
  '2024-03-06,March 6,Wednesday,08:05,meh,,,',
  '2024-03-07,March 7,Thursday,10:00,awful,work,,"Deadline, again."',
].join('\n');

test('a client backs up, downloads the archive, and imports a Daylio export with a conflict kept both', async ({
  patientPage: page,
  client,
  request,
}) => {
  test.setTimeout(120_000);
  await createEntry(request, client, { notes: 'Before the backup.', userTimezone: 'UTC' });
  const csv = join(tmpdir(), `daylio-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(csv, daylio);

  await page.goto('/profile/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Backup and Import' })).toBeVisible();
  await expect(page.getByText('No backups or imports yet.')).toBeVisible();
  await checkA11y(page, 'backup: one entry, nothing backed up');

  // the backup
  await page.getByRole('button', { name: 'Create backup' }).click();
  await expect(page.getByText('Your backup is being prepared.')).toBeVisible();
  const exportCard = page.getByRole('region', { name: 'Back up your data' });
  await expect(exportCard.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(exportCard.getByText(/1 entry, 0 photos/)).toBeVisible();
  const [archive] = await Promise.all([
    page.waitForEvent('download'),
    exportCard.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  expect(archive.suggestedFilename()).toMatch(/^mindledger-backup-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync(await archive.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.toString('latin1')).toContain('backup.json');

  // a Daylio export: check, preview, import
  const importCard = page.getByRole('region', { name: 'Import' });
  await importCard.locator('input[type="file"]').setInputFiles(csv);
  await importCard.getByRole('button', { name: 'Check file' }).click();
  await expect(importCard.getByText('Ready to preview')).toBeVisible();
  await expect(importCard.getByText('Daylio CSV export', { exact: true })).toBeVisible();
  await importCard.getByRole('button', { name: 'Preview import' }).click();
  await expect(importCard.getByText('Will be added: 3 entries, 0 goals.')).toBeVisible();
  await expect(importCard.getByText('Nothing in the file conflicts with what is here.')).toBeVisible();
  await checkA11y(page, 'backup: import preview');
  await shot(page, 'backup-preview');
  await importCard.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importCard.getByText(/Added 3 entries/)).toBeVisible({ timeout: 30_000 });

  // the same file again: three conflicts; one kept both, the rest skipped
  await importCard.getByRole('button', { name: 'Import another file' }).click();
  await importCard.locator('input[type="file"]').setInputFiles(csv);
  await importCard.getByRole('button', { name: 'Check file' }).click();
  await importCard.getByRole('button', { name: 'Preview import' }).click();
  const conflicts = importCard.getByRole('list', { name: 'Conflicts' });
  await expect(conflicts.getByText('This entry was imported before.')).toHaveCount(3);
  await conflicts.getByRole('combobox', { name: /What to do with 2024-03-06/ }).click();
  await page.getByRole('option', { name: 'Keep both' }).click();
  await checkA11y(page, 'backup: import conflicts');
  await shot(page, 'backup-conflicts');
  await importCard.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importCard.getByText(/Added 1 entry.*kept both 1, skipped 2/)).toBeVisible({
    timeout: 30_000,
  });

  const history = page.getByRole('list', { name: 'Backups and imports' });
  await expect(history.getByText('Import of daylio', { exact: false })).toHaveCount(2);
  const ledger = await request.get('/api/v1/get-all-mood?page=1&limit=100', {
    headers: bearer(client.token),
  });
  expect(((await ledger.json()) as { total: number }).total).toBe(5);
  await shot(page, 'backup-done');
});

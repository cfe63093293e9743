import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { backupMessages as msg } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { BackupExport, BackupImport, ImportPreview } from './api';
import { BackupPage } from './BackupPage';

const importId = '00000000-0000-4000-8000-00000000b001';
let exports: BackupExport[];
let imports: BackupImport[];
let calls: { path: string; body: unknown }[];
let checkValid: boolean;
/** How the import run ends: 'failed' as when its server process died (the lost-run tick). */
let runEnds: 'completed' | 'failed';
let fetchMock: Mock<typeof fetch>;

const preview: ImportPreview = {
  importId,
  source: 'daylio',
  sourceLabel: 'Daylio CSV export',
  valid: true,
  counts: { entries: 5, goals: 0, photos: 0, documents: 0, messages: 0 },
  problems: [],
  problemCount: 0,
  unknownMoods: [],
  add: { entries: 3, goals: 0, documents: 0, messages: 0 },
  conflicts: [
    {
      id: 'e0',
      kind: 'entry',
      where: 'line 2',
      label: '2024-03-05: Awesome',
      reason: 'This entry was imported before.',
      options: ['skip', 'replace', 'keepBoth'],
    },
    {
      id: 'e1',
      kind: 'entry',
      where: 'line 3',
      label: '2024-03-06: Okay',
      reason: 'You have an entry at the same time.',
      options: ['skip', 'replace', 'keepBoth'],
    },
  ],
  notImported: [],
};

const importRow = (status: BackupImport['status']): BackupImport => ({
  id: importId,
  importId,
  source: 'daylio',
  status,
  progress: status === 'completed' ? 100 : 40,
  fileName: 'daylio_export.csv',
  size: 400,
  result:
    status === 'completed'
      ? {
          added: { entries: 4, goals: 0, documents: 0, messages: 0, photos: 0 },
          replaced: 0,
          skipped: 1,
          keptBoth: 1,
          settings: false,
          profile: false,
          notImported: [],
        }
      : null,
  error: status === 'failed' ? msg.failed : null,
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: null,
});

beforeEach(() => {
  authStore.signIn(makeJwt(900), makeUser({ userRole: 'patient' }));
  exports = [];
  imports = [];
  calls = [];
  checkValid = true;
  runEnds = 'completed';
  let progressReads = 0;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/proxy/v1/', '');
    const body =
      init?.body instanceof FormData ? 'form' : init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    if (path === 'import/history') return jsonResponse({ success: true, data: { exports, imports } });
    if (path === 'import/template-info') return jsonResponse({ success: true, data: [] });
    if (path === 'export/initiate') {
      const row: BackupExport = {
        id: 'x1',
        status: 'completed',
        progress: 100,
        fileName: 'mindledger-backup-2026-11-27.zip',
        size: 2048,
        counts: { entries: 12, photos: 2, goals: 3 },
        error: null,
        createdAt: '2026-11-27T10:00:00.000Z',
        completedAt: '2026-11-27T10:00:01.000Z',
        expiresAt: '2026-11-28T10:00:01.000Z',
      };
      exports = [row];
      return jsonResponse({ success: true, message: msg.exportStarted, data: row }, { status: 202 });
    }
    if (path === 'import/initiate')
      return jsonResponse({ success: true, data: importRow('uploaded') }, { status: 201 });
    if (path === 'import/validate')
      return jsonResponse({
        success: true,
        data: checkValid
          ? preview
          : {
              ...preview,
              valid: false,
              problemCount: 1,
              problems: [{ where: 'line 7', message: 'Unknown mood "sleepy"' }],
              unknownMoods: ['sleepy'],
            },
      });
    if (path === 'import/preview') return jsonResponse({ success: true, data: preview });
    if (path === 'import/confirm')
      return jsonResponse({ success: true, data: importRow('importing') }, { status: 202 });
    if (path === `import/progress/${importId}`) {
      progressReads += 1;
      return jsonResponse({ success: true, data: importRow(progressReads > 1 ? runEnds : 'importing') });
    }
    if (path === `import/cancel/${importId}`)
      return jsonResponse({ success: true, message: msg.cancelled, data: importRow('cancelled') });
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const chooseFile = async () => {
  expect(screen.getByRole('button', { name: 'File to import' })).toBeInTheDocument();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(
    input,
    new File(['full_date,time,mood\n'], 'daylio_export.csv', { type: 'text/csv' }),
  );
};

describe('Backup and Import', () => {
  it('shows the empty history, then makes a backup and offers its download', async () => {
    renderWithProviders(<BackupPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Backup and Import' })).toBeInTheDocument();
    expect(await screen.findByText('No backups or imports yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create backup' }));
    expect(await screen.findByText(msg.exportStarted)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download backup' })).toBeInTheDocument();
    expect(screen.getByText(/12 entries, 2 photos, 3 goals/)).toBeInTheDocument();
  });

  it('checks a file, previews its conflicts, takes a choice per conflict and imports it', async () => {
    renderWithProviders(<BackupPage />);
    await screen.findByText('No backups or imports yet.');
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Ready to preview')).toBeInTheDocument();
    expect(screen.getByText('Daylio CSV export')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    const conflicts = await screen.findByRole('list', { name: 'Conflicts' });
    expect(within(conflicts).getByText('This entry was imported before.')).toBeInTheDocument();
    await userEvent.click(
      within(conflicts).getByRole('combobox', { name: 'What to do with 2024-03-06: Okay' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Keep both' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findAllByText(msg.completed, {}, { timeout: 5000 })).toHaveLength(2); // the toast and the summary
    const confirm = calls.find((c) => c.path === 'import/confirm');
    expect(confirm?.body).toMatchObject({
      importId,
      conflictResolutions: { e1: 'keepBoth' },
      importOptions: { onConflict: 'skip' },
    });
    expect(screen.getByText(/Added 4 entries/)).toBeInTheDocument();
  });

  it('lists the problems of a file with where they are, maps unknown moods, and can be cancelled', async () => {
    checkValid = false;
    renderWithProviders(<BackupPage />);
    await screen.findByText('No backups or imports yet.');
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(within(problems).getByText('line 7:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '“sleepy”' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Okay' }));
    checkValid = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'import/validate').at(-1)?.body).toMatchObject({
        importOptions: { moodMap: { sleepy: 'Okay' } },
      }),
    );
    expect(calls.filter((c) => c.path === 'import/initiate')).toHaveLength(1); // checked again without a new upload
    await userEvent.click(await screen.findByRole('button', { name: 'Choose another file' }));
    expect(await screen.findByText(msg.cancelled)).toBeInTheDocument();
    expect(calls.some((c) => c.path === `import/cancel/${importId}`)).toBe(true);
  });

  it('says an import failed and nothing was changed when its run died, and offers another file', async () => {
    runEnds = 'failed';
    renderWithProviders(<BackupPage />);
    await screen.findByText('No backups or imports yet.');
    await chooseFile();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Preview import' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    // the toast and the summary
    expect(await screen.findAllByText(msg.failed, {}, { timeout: 5000 })).toHaveLength(2);
    expect(screen.queryByText(msg.completed)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeInTheDocument();
  });
});

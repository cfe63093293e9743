import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clinicalExportMessages as msg } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { ClinicalExport } from './api';
import { ClinicalExportPanel } from './ClinicalExportPanel';
import { MyRecordActions } from './MyRecordActions';

const patientId = '00000000-0000-4000-8000-000000000701';
let exports: ClinicalExport[];
let started: Record<string, unknown>[];
let downloadStatus: number;
let initiateStatus: number;
let fetchMock: Mock<typeof fetch>;
const saved: { name: string; type: string }[] = [];

const makeExport = (overrides: Partial<ClinicalExport> = {}): ClinicalExport => ({
  id: '00000000-0000-4000-8000-000000000e01',
  patientId,
  startDate: '2026-08-30',
  endDate: '2026-11-27',
  include: { entries: true, measures: true, goals: true, carePlans: true, notes: true },
  format: 'both',
  status: 'completed',
  progress: 100,
  files: [
    { format: 'pdf', fileName: 'clinical-record-cora-2026-08-30-to-2026-11-27.pdf', size: 2048 },
    { format: 'fhir', fileName: 'clinical-record-cora-2026-08-30-to-2026-11-27.fhir.json', size: 4096 },
  ],
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: '2026-11-27T10:00:05.000Z',
  expiresAt: '2026-11-28T10:00:05.000Z',
  ...overrides,
});

beforeEach(() => {
  authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
  exports = [];
  started = [];
  saved.length = 0;
  downloadStatus = 200;
  initiateStatus = 202;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith(`/clinical-export/list/${patientId}`))
      return jsonResponse({ success: true, exports, total: exports.length });
    if (url.pathname.endsWith('/clinical-export/initiate')) {
      if (initiateStatus !== 202)
        return jsonResponse({ success: false, message: 'x' }, { status: initiateStatus });
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      started.push(body);
      const row = makeExport({
        id: `00000000-0000-4000-8000-00000000${String(started.length).padStart(4, '0')}`,
        status: 'processing',
        progress: 40,
        files: [],
        completedAt: null,
        expiresAt: null,
      });
      exports = [row, ...exports];
      return jsonResponse({ success: true, message: msg.started, data: row }, { status: 202 });
    }
    if (url.pathname.includes('/clinical-export/download/') || url.pathname.endsWith('/my-record')) {
      if (downloadStatus !== 200)
        return jsonResponse({ success: false, message: 'gone' }, { status: downloadStatus });
      const type = url.searchParams.get('format') === 'pdf' ? 'application/pdf' : 'application/fhir+json';
      return new Response(new Blob(['file'], { type }), { status: 200, headers: { 'content-type': type } });
    }
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push({ name: '', type: blob.type });
        return 'blob:x';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.at(-1)!.name = this.download;
  });
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  authStore.reset();
});

const renderPanel = () =>
  renderWithProviders(<ClinicalExportPanel patientId={patientId} timeZone="America/Denver" />);

describe('clinical export panel', () => {
  it('starts an export of the last 90 days with every part, shows it building, and says nothing was there before', async () => {
    renderPanel();
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({
      patientId,
      format: 'both',
      include: { entries: true, measures: true, goals: true, carePlans: true, notes: true },
    });
    expect(Date.parse(String(started[0]!.endDate)) - Date.parse(String(started[0]!.startDate))).toBe(
      89 * 86_400_000,
    );
    expect(await screen.findByText(msg.started)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Exports' });
    expect(within(list).getByText('Building')).toBeInTheDocument();
    expect(within(list).getByRole('progressbar')).toBeInTheDocument();
  });

  it('sends only the parts and format chosen, all time, and refuses an empty choice', async () => {
    renderPanel();
    await screen.findByText('No exports yet.');
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All time' }));
    await userEvent.click(screen.getByRole('radio', { name: 'FHIR R4 (JSON)' }));
    for (const label of [
      'Journal entries and emotions',
      'Questionnaires (PHQ-9, GAD-7)',
      'Goals',
      'Care plans',
      'Signed notes',
    ])
      await userEvent.click(screen.getByRole('checkbox', { name: label }));
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg.nothingIncluded);
    expect(started).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Signed notes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({
      format: 'fhir',
      include: { entries: false, measures: false, goals: false, carePlans: false, notes: true },
    });
    expect(started[0]!.startDate).toBeUndefined();
  });

  it('downloads each file of a ready export under its name', async () => {
    exports = [makeExport()];
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Exports' });
    expect(within(list).getByText('Ready')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /^Download PDF/ }));
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'clinical-record-cora-2026-08-30-to-2026-11-27.pdf', type: 'application/pdf' },
      ]),
    );
    await userEvent.click(within(list).getByRole('button', { name: /^Download FHIR/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('clinical-record-cora-2026-08-30-to-2026-11-27.fhir.json');
  });

  it("says 'Download failed' with the spec's text by status", async () => {
    exports = [makeExport()];
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Exports' });
    downloadStatus = 404;
    await userEvent.click(within(list).getByRole('button', { name: /^Download PDF/ }));
    expect(await screen.findByText(msg.notFound)).toBeInTheDocument();
    expect(screen.getByText(msg.downloadFailed)).toBeInTheDocument();
    downloadStatus = 403;
    await userEvent.click(within(list).getByRole('button', { name: /^Download FHIR/ }));
    expect(await screen.findByText(msg.noDownloadPermission)).toBeInTheDocument();
  });

  it("shows the spec's initiation errors by status, and failed and expired exports", async () => {
    exports = [
      makeExport({
        id: '00000000-0000-4000-8000-000000000e02',
        status: 'failed',
        files: [],
        error: msg.failed,
      }),
      makeExport({ id: '00000000-0000-4000-8000-000000000e03', status: 'expired', files: [] }),
    ];
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Exports' });
    expect(within(list).getByText(msg.failed)).toBeInTheDocument();
    expect(within(list).getByText('Expired')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Download/ })).toBeNull();
    initiateStatus = 403;
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText(msg.noPermission)).toBeInTheDocument();
    initiateStatus = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText(msg.initiateServerError)).toBeInTheDocument();
  });
});

describe("the client's own record", () => {
  it('downloads the PDF and the FHIR copy at once, and says when it fails', async () => {
    renderWithProviders(<MyRecordActions />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my record (PDF)' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'my-record.pdf', type: 'application/pdf' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Download my record (FHIR)' }));
    await waitFor(() =>
      expect(saved[1]).toEqual({ name: 'my-record.fhir.json', type: 'application/fhir+json' }),
    );
    downloadStatus = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Download my record (PDF)' }));
    expect(await screen.findByText(msg.downloadServerError)).toBeInTheDocument();
  });
});

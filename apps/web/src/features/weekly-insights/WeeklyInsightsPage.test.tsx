import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { addDays, localDay, mondayOf, type WeeklyReport } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { GenerationJob, ReportDetail, ReportItem } from './api';
import { WeeklyInsightsPage } from './WeeklyInsightsPage';

type Answer = { status: number; body: unknown };

const today = localDay(new Date(), 'America/Denver');
const lastMonday = addDays(mondayOf(today), -7);
const lastSunday = addDays(lastMonday, 6);

const report: WeeklyReport = {
  title: 'A steadier week',
  subtitle: 'What your entries showed',
  startDate: lastMonday,
  endDate: lastSunday,
  summary: 'You wrote on four days and found calm in walks.',
  sections: [
    {
      title: 'Moments',
      icon: 'star',
      color: 'blue',
      items: [{ content: 'A long walk.', dates: [lastMonday], entryIds: ['entry-7'] }],
    },
  ],
  reflectionQuestions: ['What helped most?'],
  disclaimer: 'Not medical advice.',
};

const item = (id: string, overrides: Partial<ReportItem> = {}): ReportItem => ({
  id,
  startDate: lastMonday,
  endDate: lastSunday,
  title: report.title,
  summary: report.summary,
  generatedAt: new Date().toISOString(),
  source: 'manual',
  ...overrides,
});

const job = (overrides: Partial<GenerationJob> = {}): GenerationJob => ({
  id: 'job-1',
  jobId: 'job-1',
  status: 'generating',
  weekRange: 'x',
  startDate: lastMonday,
  endDate: lastSunday,
  startTime: new Date().toISOString(),
  completedTime: null,
  failedTime: null,
  result: null,
  error: null,
  ...overrides,
});

let fetchMock: Mock<typeof fetch>;
let state: {
  jobs: GenerationJob[][];
  reports: ReportItem[];
  historyAnswer: Answer | null;
  generateAnswer: Answer;
  cancelAnswer: Answer;
  shareAnswer: Answer;
};

function calls(method: string, suffix: string) {
  return fetchMock.mock.calls.filter(
    (call) =>
      (call[1]?.method ?? 'GET') === method &&
      new URL(String(call[0]), 'http://localhost').pathname.endsWith(suffix),
  );
}

const bodyOf = (method: string, suffix: string) => {
  const call = calls(method, suffix).at(-1);
  return call?.[1]?.body ? (JSON.parse(String(call[1].body)) as unknown) : undefined;
};

function toasts(kind: string) {
  return notificationsStore.getState().notifications.filter((n) => n['data-toast-kind' as never] === kind);
}
const texts = (kind: string) => toasts(kind).map((n) => n.message);

function render(path = '/user/report') {
  return renderWithProviders(<WeeklyInsightsPage />, path);
}

describe('WeeklyInsightsPage (/user/report)', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser({ timezone: 'America/Denver' }));
    state = {
      jobs: [[]],
      reports: [],
      historyAnswer: null,
      generateAnswer: {
        status: 202,
        body: {
          success: true,
          message: 'Generating weekly insights in background...',
          data: {
            jobId: 'job-1',
            status: 'generating',
            weekRange: 'x',
            startDate: lastMonday,
            endDate: lastSunday,
            startTime: '',
          },
        },
      },
      cancelAnswer: {
        status: 200,
        body: { success: true, message: 'Generation cancelled', data: job({ status: 'cancelled' }) },
      },
      shareAnswer: { status: 201, body: { success: true, message: 'Weekly report shared successfully.' } },
    };
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/proxy\/v1\//, '');
      const method = init?.method ?? 'GET';
      if (path === 'refresh') return jsonResponse({ success: false }, { status: 401 });
      if (method === 'GET' && path === 'weekly-report-jobs') {
        const jobs = state.jobs.length > 1 ? state.jobs.shift()! : state.jobs[0]!;
        return jsonResponse({ success: true, data: { jobs, refresh: false } });
      }
      if (method === 'GET' && path.startsWith('weekly-report-jobs/')) {
        return jsonResponse({
          success: true,
          data: job({ status: 'completed', result: { reportId: 'r1' } }),
        });
      }
      if (method === 'POST' && path === 'generate-weekly-report')
        return jsonResponse(state.generateAnswer.body, { status: state.generateAnswer.status });
      if (method === 'POST' && path.endsWith('/cancel'))
        return jsonResponse(state.cancelAnswer.body, { status: state.cancelAnswer.status });
      if (method === 'GET' && path === 'get-historical-weekly-reports') {
        if (state.historyAnswer)
          return jsonResponse(state.historyAnswer.body, { status: state.historyAnswer.status });
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const rows = state.reports.slice((page - 1) * limit, page * limit);
        return jsonResponse({
          success: true,
          data: {
            reports: rows,
            total: state.reports.length,
            page,
            limit,
            hasNext: page * limit < state.reports.length,
          },
        });
      }
      const fetched = /^fetch-weekly-report\/(.+)$/.exec(path);
      if (method === 'GET' && fetched) {
        const detail: ReportDetail = { ...item(fetched[1]!), patientId: 'u1', report, shares: [] };
        return jsonResponse({ success: true, data: detail });
      }
      if (method === 'GET' && path === 'get-accepted-doctors')
        return jsonResponse({
          success: true,
          doctors: [
            {
              doctorName: 'Rosa Diaz',
              doctorEmail: { email: 'rosa@example.test' },
              invitationStatus: 'accepted',
            },
          ],
        });
      if (method === 'POST' && path === 'share-weekly-report')
        return jsonResponse(state.shareAnswer.body, { status: state.shareAnswer.status });
      return jsonResponse({ success: false, message: `unexpected ${method} ${path}` }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the loading text, then the empty state', async () => {
    render();
    expect(await screen.findByText('Loading weekly insights...')).toBeInTheDocument();
    expect(await screen.findByText('No weekly insights yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weekly Insights', level: 1 })).toBeInTheDocument();
  });

  it('shows an error with Try Again when the history cannot load', async () => {
    state.historyAnswer = {
      status: 500,
      body: { success: false, message: 'Something went wrong. Please try again later' },
    };
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load weekly insights');
    state.historyAnswer = null;
    state.reports = [item('r1')];
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(report.title)).toBeInTheDocument();
  });

  it('offers the complete weeks (Monday first) and the 7 days ending yesterday, and generates the chosen one', async () => {
    const user = userEvent.setup();
    render();
    const picker = await screen.findByRole('combobox', { name: 'Week' });
    await user.click(picker);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(9);
    expect(options.at(-1)).toHaveTextContent(/^Last 7 days/);
    await user.click(options.at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls('POST', '/generate-weekly-report')).toHaveLength(1));
    expect(bodyOf('POST', '/generate-weekly-report')).toEqual({
      startDate: addDays(today, -7),
      endDate: addDays(today, -1),
    });
  });

  it('generates in the background: persistent info toast, polling, success toast and the browser notification', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    state.jobs = [
      [],
      [job()],
      [job({ status: 'completed', completedTime: new Date().toISOString(), result: { reportId: 'r1' } })],
    ];
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(bodyOf('POST', '/generate-weekly-report')).toEqual({ startDate: lastMonday, endDate: lastSunday });
    await waitFor(() => expect(texts('info')).toContain('Generating weekly insights in background...'));
    expect(toasts('info')[0]?.autoClose).toBe(false);
    expect(await screen.findByRole('button', { name: /^Cancel/ })).toBeInTheDocument();

    state.reports = [item('r1')];
    await waitFor(() => expect(texts('success')).toContain('Weekly insights generated successfully!'), {
      timeout: 6000,
    });
    expect(toasts('success')[0]?.autoClose).toBe(5000);
    expect(shown).toEqual([
      { title: 'Weekly Insights Ready!', body: 'Your weekly insights have been generated successfully.' },
    ]);
    await waitFor(() => expect(texts('info')).not.toContain('Generating weekly insights in background...'));
    expect(await screen.findByText(report.title)).toBeInTheDocument();
  });

  it('a failed generation shows the server message for 5 s', async () => {
    state.jobs = [
      [],
      [
        job({
          status: 'failed',
          error: 'The assistant is unavailable right now.',
          failedTime: new Date().toISOString(),
        }),
      ],
    ];
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(texts('error')).toContain('The assistant is unavailable right now.'), {
      timeout: 6000,
    });
    expect(toasts('error')[0]?.autoClose).toBe(5000);
  });

  it('a 403 or a subscription message says a Standard subscription is needed, and stays', async () => {
    state.generateAnswer = {
      status: 403,
      body: {
        success: false,
        message: 'An active Standard subscription is required to use weekly insights.',
      },
    };
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(texts('error')).toContain(
        'You need an active Standard subscription to generate weekly insights',
      ),
    );
    expect(toasts('error')[0]?.autoClose).toBe(false);

    await clearToasts();
    state.generateAnswer = {
      status: 400,
      body: { success: false, message: 'Your subscription has lapsed.' },
    };
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(texts('error')).toContain(
        'You need an active Standard subscription to generate weekly insights',
      ),
    );
  });

  it('other refusals show the server message, or the default, for 5 s', async () => {
    state.generateAnswer = {
      status: 400,
      body: {
        success: false,
        message:
          'At least 2 journal entries in the week are needed for meaningful insights. Write a little more this week and try again.',
      },
    };
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(texts('error')[0]).toMatch(/^At least 2 journal entries/));
    expect(toasts('error')[0]?.autoClose).toBe(5000);

    await clearToasts();
    state.generateAnswer = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(texts('error')).toEqual(['Failed to generate report']));
    expect(toasts('error')[0]?.autoClose).toBe(5000);
  });

  it('cancels the running job: Generation cancelled', async () => {
    state.jobs = [[job()], [job()], [job()], [job()], [job()], [job()]];
    const user = userEvent.setup();
    render();
    const cancel = await screen.findByRole('button', { name: /^Cancel/ });
    await waitFor(() => expect(texts('info')).toContain('Generating weekly insights in background...'));
    state.jobs = [[]];
    await user.click(cancel);
    await waitFor(() => expect(texts('info')).toContain('Generation cancelled'));
    expect(calls('POST', '/weekly-report-jobs/job-1/cancel')).toHaveLength(1);
    await waitFor(() => expect(texts('info')).not.toContain('Generating weekly insights in background...'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument());
  });

  it('pages the history by 10 and opens a report in the viewer', async () => {
    state.reports = Array.from({ length: 12 }, (_, i) => item(`r${i + 1}`, { title: `Week ${i + 1}` }));
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByText('Week 1')).toBeInTheDocument();
    expect(screen.queryByText('Week 11')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Week 11')).toBeInTheDocument();
    expect(calls('GET', '/get-historical-weekly-reports').at(-1)?.[0]).toMatch(/page=2&limit=10/);
    await user.click(screen.getByRole('button', { name: /Week 11/ }));
    expect(await screen.findByText('END OF REFLECTION')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: new RegExp(report.title), level: 2 })).toBeInTheDocument();
    expect(calls('GET', '/fetch-weekly-report/r11')).toHaveLength(1);
    // each item links to the entries it came from
    await user.click(screen.getByRole('button', { name: 'View entry' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/user/journaling-feature?edit=entry-7',
      ),
    );
  });

  it('shares with an accepted provider: a provider must be chosen; repeat is a warning; failures say so', async () => {
    state.reports = [item('r1')];
    const user = userEvent.setup();
    render('/user/report?reportId=r1');
    await screen.findByText('END OF REFLECTION');
    const openShare = async () => {
      await user.click(screen.getByRole('button', { name: 'Share' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByRole('combobox', { name: 'Provider' });
      return dialog;
    };
    let dialog = await openShare();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Please select a provider')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(texts('success')).toContain('Weekly report shared successfully.'));
    expect(bodyOf('POST', '/share-weekly-report')).toEqual({
      reportId: 'r1',
      doctorEmail: 'rosa@example.test',
    });

    state.shareAnswer = {
      status: 200,
      body: { success: true, warning: true, message: 'Summary Already Shared.' },
    };
    dialog = await openShare();
    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(texts('warning')).toContain('Summary Already Shared.'));

    state.shareAnswer = {
      status: 500,
      body: { success: false, message: 'Something went wrong. Please try again later' },
    };
    dialog = await openShare();
    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(texts('error')).toContain('Error sharing weekly report.'));
  });
});

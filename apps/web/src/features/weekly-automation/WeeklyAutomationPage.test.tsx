import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import type { WeeklyAutomationSettings } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { registerPaths } from '../../app/route-registry';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { WeeklyAutomationPage } from './WeeklyAutomationPage';

type Answer = { status: number; body: Record<string, unknown> };

let fetchMock: Mock<typeof fetch>;
let stored: WeeklyAutomationSettings;
let getFailures: Answer[];
let putAnswers: Answer[];

function callsOf(method: string) {
  return fetchMock.mock.calls.filter(
    (call) =>
      (call[1]?.method ?? 'GET') === method &&
      new URL(String(call[0]), 'http://localhost').pathname.endsWith('/automated-weekly-summary-settings'),
  );
}

function toastsOf(kind: string) {
  return notificationsStore.getState().notifications.filter((n) => n['data-toast-kind' as never] === kind);
}

async function renderLoaded() {
  renderWithProviders(<WeeklyAutomationPage />, '/profile/weekly-automation');
  return screen.findByRole('radiogroup', { name: /Generation day/ });
}

const generationSwitch = () => screen.getByRole('switch', { name: 'Automatic generation' });
const scheduleText = () => screen.getByTestId('automation-schedule').textContent;
const periodText = () => screen.getByTestId('automation-period').textContent;

describe('weekly automation settings', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser());
    registerPaths(['/user/report', '/user/providers']);
    stored = {
      automaticGeneration: true,
      automationDay: 0,
      timezone: 'America/Denver',
      sharingSettings: { recipients: [{ doctorName: 'Rosa Diaz', doctorEmail: 'rosa@example.test' }] },
    };
    getFailures = [];
    putAnswers = [];
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname.endsWith('/refresh')) return jsonResponse({ success: false }, { status: 401 });
      if (url.pathname.endsWith('/automated-weekly-summary-settings')) {
        if (method === 'GET') {
          const failure = getFailures.shift();
          if (failure) return jsonResponse(failure.body, { status: failure.status });
          return jsonResponse({ success: true, data: stored });
        }
        if (method === 'PUT') {
          const next = putAnswers.shift();
          if (next) return jsonResponse(next.body, { status: next.status });
          const body = JSON.parse(String(init?.body)) as Partial<WeeklyAutomationSettings>;
          stored = { ...stored, ...body };
          return jsonResponse({ success: true, data: stored });
        }
      }
      return jsonResponse({ success: false, message: 'unexpected' }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
    registerPaths([]);
  });

  it('shows the loading text, then the schedule, the day selector, how it works, the note and the recipients', async () => {
    renderWithProviders(<WeeklyAutomationPage />, '/profile/weekly-automation');
    expect(screen.getByText('Loading automation settings...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Automation' })).toBeInTheDocument();
    const days = await screen.findByRole('radiogroup', { name: /Generation day/ });
    expect(
      within(days)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(within(days).getByRole('radio', { name: 'Sunday' })).toBeChecked();
    expect(within(days).getByRole('radio', { name: 'Saturday' })).not.toBeChecked();
    expect(scheduleText()).toBe('Every Sunday at 12:00 AM (America/Denver)');
    expect(periodText()).toBe('Sunday 12:00 AM to Saturday 11:59:59 PM');
    expect(screen.getByText('Automation on')).toBeInTheDocument();
    expect(generationSwitch()).toBeChecked();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'At least 2 journal entries from the previous week are needed for a meaningful summary.',
      ),
    ).toBeInTheDocument();
    const recipients = screen.getByRole('list', { name: 'Recipients' });
    expect(within(recipients).getByText('Rosa Diaz')).toBeInTheDocument();
    expect(within(recipients).getByText('rosa@example.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Weekly Insights' })).toHaveAttribute(
      'href',
      '/user/report',
    );
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('says when there are no recipients', async () => {
    stored = { ...stored, sharingSettings: { recipients: [] } };
    await renderLoaded();
    expect(screen.getByText('No connected providers yet.')).toBeInTheDocument();
  });

  it('shows the load error with the message and loads again on Try Again', async () => {
    // a 4xx is not retried by the query client (a 5xx is, twice)
    getFailures = [{ status: 404, body: { success: false, message: 'User not found' } }];
    renderWithProviders(<WeeklyAutomationPage />, '/profile/weekly-automation');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to load automation settings')).toBeInTheDocument();
    expect(within(alert).getByText('User not found')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('radiogroup', { name: /Generation day/ })).toBeInTheDocument();
    expect(screen.queryByText('Unable to load automation settings')).not.toBeInTheDocument();
  });

  it('falls back to the spec text when the load fails without a message', async () => {
    getFailures = [{ status: 404, body: { success: false } }];
    renderWithProviders(<WeeklyAutomationPage />, '/profile/weekly-automation');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to get automated weekly summary settings')).toBeInTheDocument();
  });

  it('turns generation on when the day changes, holds the change until Save, then toasts', async () => {
    stored = { ...stored, automaticGeneration: false };
    await renderLoaded();
    expect(generationSwitch()).not.toBeChecked();
    expect(screen.getByText('Automation off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Wednesday' }));
    expect(generationSwitch()).toBeChecked();
    expect(scheduleText()).toBe('Every Wednesday at 12:00 AM (America/Denver)');
    expect(periodText()).toBe('Wednesday 12:00 AM to Tuesday 11:59:59 PM');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(callsOf('PUT')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(callsOf('PUT')).toHaveLength(1));
    expect(JSON.parse(String(callsOf('PUT')[0]?.[1]?.body))).toEqual({
      automaticGeneration: true,
      automationDay: 3,
    });
    await waitFor(() =>
      expect(toastsOf('success').map((n) => n.message)).toEqual([
        'Automation day updated to Wednesday. Report dates will update accordingly.',
      ]),
    );
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Wednesday' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  });

  it('saves the switch alone, and a day change after turning it off turns it on again', async () => {
    await renderLoaded();
    await userEvent.click(generationSwitch());
    expect(generationSwitch()).not.toBeChecked();
    expect(screen.getByText('Automation off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Friday' }));
    expect(generationSwitch()).toBeChecked();
    await userEvent.click(generationSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(callsOf('PUT')).toHaveLength(1));
    expect(JSON.parse(String(callsOf('PUT')[0]?.[1]?.body))).toEqual({
      automaticGeneration: false,
      automationDay: 5,
    });
  });

  it('discards the held changes on Cancel', async () => {
    stored = { ...stored, automaticGeneration: false, automationDay: 2 };
    await renderLoaded();
    await userEvent.click(screen.getByRole('radio', { name: 'Saturday' }));
    expect(generationSwitch()).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('radio', { name: 'Tuesday' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Saturday' })).not.toBeChecked();
    expect(generationSwitch()).not.toBeChecked();
    expect(scheduleText()).toBe('Every Tuesday at 12:00 AM (America/Denver)');
    expect(callsOf('PUT')).toHaveLength(0);
  });

  it('shows the failure text when the save fails without a message, and reloads the settings', async () => {
    putAnswers = [{ status: 500, body: { success: false } }];
    await renderLoaded();
    const loads = callsOf('GET').length;
    await userEvent.click(screen.getByRole('radio', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(toastsOf('error').map((n) => n.message)).toEqual([
        'Failed to update automated weekly summary settings',
      ]),
    );
    await waitFor(() => expect(callsOf('GET').length).toBe(loads + 1));
    expect(await screen.findByRole('radio', { name: 'Sunday' })).toBeChecked();
    expect(toastsOf('success')).toHaveLength(0);
  });

  it("shows the server's message when the save fails with one", async () => {
    putAnswers = [
      { status: 400, body: { success: false, message: 'Send automaticGeneration or automationDay.' } },
    ];
    await renderLoaded();
    await userEvent.click(screen.getByRole('radio', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(toastsOf('error').map((n) => n.message)).toEqual(['Send automaticGeneration or automationDay.']),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { defaultNotificationSettings, type NotificationSettings } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { registerPaths } from '../../app/route-registry';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { NotificationSettingsPage } from './NotificationSettingsPage';

const userId = '00000000-0000-4000-8000-000000000001';
type Answer = { status: number; body: Record<string, unknown> };

let fetchMock: Mock<typeof fetch>;
let stored: NotificationSettings;
let loadFailures: number;
let putAnswers: Answer[];
let automation: Answer | null;
let deviceAnswer: Answer | null;

function urlOf(call: Parameters<typeof fetch>): URL {
  return new URL(String(call[0]), 'http://localhost');
}
function callsTo(method: string, pathEnd: string) {
  return fetchMock.mock.calls.filter(
    (call) => (call[1]?.method ?? 'GET') === method && urlOf(call).pathname.endsWith(pathEnd),
  );
}
function bodyOf(call: Parameters<typeof fetch> | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
}

function settingsWith(patch: Partial<NotificationSettings>): NotificationSettings {
  return structuredClone({ ...defaultNotificationSettings, ...patch });
}

async function renderPage() {
  renderWithProviders(<NotificationSettingsPage />, '/profile/notification-settings');
  await screen.findByRole('tab', { name: 'Notifications' });
}

async function openDelivery() {
  await userEvent.click(screen.getByRole('tab', { name: 'Delivery Methods' }));
  return screen.findByRole('switch', { name: 'Device Notifications' });
}

function toastsOf(kind: string) {
  return notificationsStore.getState().notifications.filter((n) => n['data-toast-kind' as never] === kind);
}

describe('notification settings', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser({ id: userId }));
    stored = settingsWith({});
    loadFailures = 0;
    putAnswers = [];
    automation = null;
    deviceAnswer = null;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname;
      if (path.endsWith('/refresh')) return jsonResponse({ success: false }, { status: 401 });
      if (path.endsWith('/notification-settings') && method === 'GET') {
        if (loadFailures > 0) {
          loadFailures -= 1;
          return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
        }
        return jsonResponse({ success: true, data: { settings: stored, deviceCount: 1 } });
      }
      if (path.endsWith('/notification-settings') && method === 'PUT') {
        const next = putAnswers.shift();
        if (next) return jsonResponse(next.body, { status: next.status });
        const body = JSON.parse(String(init?.body)) as Partial<NotificationSettings>;
        stored = { ...stored, ...body } as NotificationSettings;
        return jsonResponse({
          success: true,
          message: 'Notification settings updated successfully!',
          data: { settings: stored, messageReplaced: false },
        });
      }
      if (path.endsWith('/automated-weekly-summary-settings')) {
        const answer = automation ?? { status: 404, body: { success: false, message: 'Not found' } };
        return jsonResponse(answer.body, { status: answer.status });
      }
      if (path.endsWith('/notifications/push-key'))
        return jsonResponse({ success: true, data: { publicKey: 'AQIDBA' } });
      if (path.endsWith('/device-tokens')) {
        if (deviceAnswer) return jsonResponse(deviceAnswer.body, { status: deviceAnswer.status });
        return jsonResponse({ success: true, deviceCount: method === 'POST' ? 1 : 0 });
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

  it('shows the title, both tabs, labelled toggles and the hour select from 12:00 AM to 11:00 PM', async () => {
    renderWithProviders(<NotificationSettingsPage />, '/profile/notification-settings');
    expect(screen.getByText('Loading notification settings...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeInTheDocument();
    await screen.findByRole('tab', { name: 'Notifications' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Notifications',
      'Delivery Methods',
    ]);
    expect(screen.getByRole('heading', { name: 'Personal Reminders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Platform Updates' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Journal Reminders' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Weekly Insights Sharing' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Team Updates' })).toBeChecked();
    const hour = screen.getByRole('combobox', { name: 'Preferred Time' });
    const labels = within(hour)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toHaveLength(24);
    expect(labels.slice(0, 2)).toEqual(['12:00 AM', '1:00 AM']);
    expect(labels.slice(11, 14)).toEqual(['11:00 AM', '12:00 PM', '1:00 PM']);
    expect(labels[23]).toBe('11:00 PM');
    expect(hour).toHaveValue('19');
    expect(within(hour).getByRole('option', { selected: true })).toHaveTextContent('7:00 PM');
    expect(screen.getByRole('button', { name: 'Save Notification Settings' })).toBeInTheDocument();
  });

  it('saves the whole settings object, shows the success toast and reloads', async () => {
    await renderPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Preferred Time' }), '8');
    await userEvent.click(screen.getByRole('switch', { name: 'Team Updates' }));
    await openDelivery();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Weekly Progress Reviews' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect(await screen.findByText('Notification settings updated successfully!')).toBeInTheDocument();
    const put = callsTo('PUT', '/notification-settings');
    expect(put).toHaveLength(1);
    const body = bodyOf(put[0]);
    expect(body).toMatchObject({
      impUpdates: false,
      reminderConfig: { dailyHour: 8, frequency: 'daily' },
      emailTypes: { journalReminders: true, weeklyReviews: false, teamUpdates: true },
    });
    expect(body).not.toHaveProperty('id');
    await waitFor(() => expect(callsTo('GET', '/notification-settings')).toHaveLength(2));
  });

  it('retries a failed save once with id and userId added', async () => {
    putAnswers = [{ status: 500, body: { success: false, message: 'Temporary failure' } }];
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect(await screen.findByText('Notification settings updated successfully!')).toBeInTheDocument();
    const put = callsTo('PUT', '/notification-settings');
    expect(put).toHaveLength(2);
    expect(bodyOf(put[0])).not.toHaveProperty('userId');
    expect(bodyOf(put[1])).toMatchObject({ id: userId, userId, journalReminders: true });
  });

  it.each([
    [404, {}, 'User not found. Please refresh the page and try again.'],
    [400, { message: 'bad' }, 'Invalid settings data. Please check your inputs.'],
    [500, { message: 'The settings store is busy' }, 'The settings store is busy'],
    [500, {}, 'Failed to update notification settings. Please try again.'],
  ])('maps a failed save (%i) to its message after the retry', async (status, body, expected) => {
    putAnswers = [
      { status, body: { success: false, ...body } },
      { status, body: { success: false, ...body } },
    ];
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(callsTo('PUT', '/notification-settings')).toHaveLength(2);
    expect(screen.queryByText('Notification settings updated successfully!')).not.toBeInTheDocument();
  });

  it('says the session expired on a 401 (no retry: the refresh already failed)', async () => {
    putAnswers = [{ status: 401, body: { success: false, message: 'Unauthorized' } }];
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(callsTo('PUT', '/notification-settings')).toHaveLength(1);
  });

  it('needs an identifiable user to save', async () => {
    await renderPage();
    authStore.setUser({ ...makeUser(), id: '', _id: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect(
      await screen.findByText('Unable to identify user. Please refresh and try again.'),
    ).toBeInTheDocument();
    expect(callsTo('PUT', '/notification-settings')).toHaveLength(0);
  });

  it('shows Unable to load notification settings with Try Again', async () => {
    loadFailures = 1;
    renderWithProviders(<NotificationSettingsPage />, '/profile/notification-settings');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to load notification settings')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('tab', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('strips < > " \' & as typed, stops at 100 characters and previews the reminder', async () => {
    await renderPage();
    await openDelivery();
    const preview = screen.getByTestId('reminder-preview');
    expect(within(preview).getByText('Ready to reflect?')).toBeInTheDocument();
    expect(within(preview).getByText('Start wherever feels right...')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: /Custom reminder message/ });
    await userEvent.type(input, `Time <b>to</b> "write" & 'breathe'`);
    expect(input).toHaveValue('Time bto/b write  breathe');
    // The preview shows the message as it will be sent: sanitised, spaces folded.
    expect(within(preview).getByText('Time bto/b write breathe')).toBeInTheDocument();
    expect(screen.getByText('25/100 characters')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('x'.repeat(120));
    expect(input).toHaveValue('x'.repeat(100));
    expect(screen.getByText('100/100 characters')).toBeInTheDocument();
  });

  it('replaces a message that may hold health information, warns for 3 s and sends the safe one', async () => {
    await renderPage();
    await openDelivery();
    await userEvent.type(
      screen.getByRole('textbox', { name: /Custom reminder message/ }),
      'Take your meds before bed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect(
      await screen.findByText(
        'Message may contain personal health information. Using secure default instead.',
      ),
    ).toBeInTheDocument();
    const warning = toastsOf('warning');
    expect(warning).toHaveLength(1);
    expect(warning[0]?.autoClose).toBe(3000);
    await screen.findByText('Notification settings updated successfully!');
    expect(bodyOf(callsTo('PUT', '/notification-settings')[0])).toMatchObject({
      customMessage: 'Take a moment to reflect on your day',
    });
  });

  it('shows the weekly summary card without a button while the automation screen does not exist', async () => {
    await renderPage();
    const card = await screen.findByRole('region', { name: 'Weekly summary notifications' });
    expect(within(card).getByText('Reminder: every Monday at 9:00 AM')).toBeInTheDocument();
    expect(await within(card).findByText('Not set up')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Weekly Insights Sharing' }));
    expect(screen.queryByRole('region', { name: 'Weekly summary notifications' })).not.toBeInTheDocument();
  });

  it('links to the weekly automation once that route exists: Setup, or Edit when it is on', async () => {
    registerPaths(['/profile/weekly-automation']);
    automation = {
      status: 200,
      body: {
        success: true,
        data: { settings: { automaticGeneration: true, automationDay: 0, timezone: 'America/Denver' } },
      },
    };
    await renderPage();
    const card = await screen.findByRole('region', { name: 'Weekly summary notifications' });
    const link = await within(card).findByRole('link', { name: 'Edit Weekly Automation' });
    expect(link).toHaveAttribute('href', '/profile/weekly-automation');
    expect(within(card).getByText(/every Sunday at 12:00 AM \(America\/Denver\)/)).toBeInTheDocument();
  });

  it('offers Setup Weekly Automation when the automation does not answer', async () => {
    registerPaths(['/profile/weekly-automation']);
    await renderPage();
    const card = await screen.findByRole('region', { name: 'Weekly summary notifications' });
    expect(await within(card).findByRole('link', { name: 'Setup Weekly Automation' })).toHaveAttribute(
      'href',
      '/profile/weekly-automation',
    );
  });
});

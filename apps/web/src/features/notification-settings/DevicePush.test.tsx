import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultNotificationSettings, type NotificationSettings } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { applicationServerKey } from './push';

let fetchMock: Mock<typeof fetch>;
let stored: NotificationSettings;
let deviceFails: boolean;

function callsTo(method: string, pathEnd: string) {
  return fetchMock.mock.calls.filter(
    (call) =>
      (call[1]?.method ?? 'GET') === method &&
      new URL(String(call[0]), 'http://localhost').pathname.endsWith(pathEnd),
  );
}
function bodyOf(call: Parameters<typeof fetch> | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
}

/** A browser Notification API whose permission prompt answers `answer`. */
function installNotification(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  return requestPermission;
}

const subscriptionJson = {
  endpoint: 'https://push.example.test/send/abc',
  keys: { p256dh: 'BPublicKey', auth: 'secret' },
};

/** navigator.serviceWorker and PushManager, with a subscription the push service hands out. */
function installServiceWorker(existing: boolean) {
  const subscription = {
    endpoint: subscriptionJson.endpoint,
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  vi.stubGlobal('PushManager', function PushManager() {});
  return { serviceWorker, pushManager, subscription };
}

async function renderDelivery() {
  renderWithProviders(<NotificationSettingsPage />, '/profile/notification-settings');
  await userEvent.click(await screen.findByRole('tab', { name: 'Delivery Methods' }));
  return screen.findByRole('switch', { name: 'Device Notifications' });
}

describe('device notifications (Web Push)', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser());
    stored = structuredClone({ ...defaultNotificationSettings, pushNotifications: false });
    deviceFails = false;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      if (path.endsWith('/notification-settings') && method === 'GET')
        return jsonResponse({ success: true, data: { settings: stored, deviceCount: 0 } });
      if (path.endsWith('/notification-settings') && method === 'PUT') {
        stored = { ...stored, ...(JSON.parse(String(init?.body)) as Partial<NotificationSettings>) };
        return jsonResponse({ success: true, data: { settings: stored, messageReplaced: false } });
      }
      if (path.endsWith('/notifications/push-key'))
        return jsonResponse({ success: true, data: { publicKey: 'AQIDBA' } });
      if (path.endsWith('/device-tokens')) {
        if (deviceFails) return jsonResponse({ success: false, message: 'nope' }, { status: 400 });
        return jsonResponse({ success: true, deviceCount: method === 'POST' ? 1 : 0 });
      }
      return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    authStore.reset();
  });

  it('reads a base64url VAPID key into bytes', () => {
    expect([...applicationServerKey('AQIDBA')]).toEqual([1, 2, 3, 4]);
    expect([...applicationServerKey('-_8')]).toEqual([251, 255]);
  });

  it("'Maybe Later' closes the modal and leaves device notifications off", async () => {
    const requestPermission = installNotification('granted');
    installServiceWorker(false);
    const toggle = await renderDelivery();
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    const modal = await screen.findByRole('dialog', { name: 'Stay Connected to Your Wellness' });
    expect(modal).toHaveTextContent('Yes, Keep Me Connected!');
    await userEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Stay Connected to Your Wellness' }),
      ).not.toBeInTheDocument(),
    );
    expect(requestPermission).not.toHaveBeenCalled();
    expect(screen.getByRole('switch', { name: 'Device Notifications' })).not.toBeChecked();
    expect(callsTo('PUT', '/notification-settings')).toHaveLength(0);
  });

  it('a denied permission leaves it off and registers nothing', async () => {
    const requestPermission = installNotification('denied');
    const { serviceWorker } = installServiceWorker(false);
    await userEvent.click(await renderDelivery());
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Keep Me Connected!' }));
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(/Notifications were not allowed/)).toBeInTheDocument();
    expect(serviceWorker.register).not.toHaveBeenCalled();
    expect(callsTo('POST', '/device-tokens')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Device Notifications' })).not.toBeChecked();
  });

  it('granted: registers /sw.js, subscribes with the VAPID key, stores the device token and turns push on', async () => {
    installNotification('granted');
    const { serviceWorker, pushManager } = installServiceWorker(false);
    await userEvent.click(await renderDelivery());
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Keep Me Connected!' }));
    expect(await screen.findByText('Device notifications are on for this browser.')).toBeInTheDocument();
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect([...(options[0].applicationServerKey as Uint8Array)]).toEqual([1, 2, 3, 4]);
    const post = callsTo('POST', '/device-tokens');
    expect(post).toHaveLength(1);
    expect(bodyOf(post[0])).toEqual({ token: JSON.stringify(subscriptionJson), platform: 'web' });
    expect(bodyOf(callsTo('PUT', '/notification-settings')[0])).toEqual({ pushNotifications: true });
    expect(screen.getByRole('switch', { name: 'Device Notifications' })).toBeChecked();
  });

  it('says Failed to register device token and stays off when the token cannot be stored', async () => {
    installNotification('granted');
    installServiceWorker(false);
    deviceFails = true;
    await userEvent.click(await renderDelivery());
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Keep Me Connected!' }));
    expect(await screen.findByText('Failed to register device token')).toBeInTheDocument();
    expect(callsTo('PUT', '/notification-settings')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Device Notifications' })).not.toBeChecked();
  });

  it('without PushManager still saves the setting and says push is not available here', async () => {
    installNotification('granted');
    await userEvent.click(await renderDelivery());
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Keep Me Connected!' }));
    expect(
      await screen.findAllByText(/Push notifications are not available on this browser/),
    ).not.toHaveLength(0);
    expect(bodyOf(callsTo('PUT', '/notification-settings')[0])).toEqual({ pushNotifications: true });
    expect(callsTo('POST', '/device-tokens')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Device Notifications' })).toBeChecked();
  });

  it('turning off applies at once: DELETE device-tokens, unsubscribe, setting off', async () => {
    stored = { ...stored, pushNotifications: true };
    installNotification('granted');
    const { subscription } = installServiceWorker(true);
    const toggle = await renderDelivery();
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Device notifications are off.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const del = callsTo('DELETE', '/device-tokens');
    expect(del).toHaveLength(1);
    expect(bodyOf(del[0])).toEqual({ token: JSON.stringify(subscriptionJson) });
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(bodyOf(callsTo('PUT', '/notification-settings')[0])).toEqual({ pushNotifications: false });
    expect(screen.getByRole('switch', { name: 'Device Notifications' })).not.toBeChecked();
  });

  it('says Failed to unregister device token when the server keeps it', async () => {
    stored = { ...stored, pushNotifications: true };
    installNotification('granted');
    installServiceWorker(true);
    deviceFails = true;
    await userEvent.click(await renderDelivery());
    expect(await screen.findByText('Failed to unregister device token')).toBeInTheDocument();
  });
});

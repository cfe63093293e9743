import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@mindledger/domain';
import { clearToasts, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { notificationLive } from './live';
import { NotificationBell } from './NotificationBell';
import { makeNotification } from './test-fixtures';
import { fakeNotificationServer } from './test-server';

let server: ReturnType<typeof fakeNotificationServer>;

function render(role: Role = 'patient') {
  const home = role === 'patient' ? '/user/home' : `/${role}/home`;
  return renderRoutes(
    [
      { path: home, element: <NotificationBell role={role} /> },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    home,
  );
}

const bell = () => screen.getByRole('button', { name: 'Notifications' });

async function openDropdown() {
  await userEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

function many(count: number) {
  return Array.from({ length: count }, (_, i) => makeNotification({ title: `Item ${i + 1}` }));
}

describe('NotificationBell', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser());
    server = fakeNotificationServer();
    vi.stubGlobal('fetch', server.fetchMock);
  });
  afterEach(() => {
    notificationLive.reset();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows 99+ above 99 unread, the count itself below, and no badge at 0', async () => {
    server.state.items = many(150);
    const { unmount } = render();
    expect(await screen.findByText('99+')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(bell()).toHaveAccessibleDescription('99+ unread');
    unmount();

    server.state.items = many(7);
    const second = render();
    expect(await screen.findByText('7')).toBeInTheDocument();
    second.unmount();

    server.state.items = [];
    render();
    await waitFor(() => expect(bell()).toHaveAccessibleDescription('No unread notifications'));
    expect(screen.queryByText('0')).toBeNull();
  });

  it('opens the dropdown: the list, Mark all read, View All and Settings of a patient', async () => {
    server.state.items = [makeNotification({ title: 'Ready to reflect?' }), makeNotification({ read: true })];
    render();
    const dialog = await openDropdown();
    expect(await within(dialog).findByText('Ready to reflect?')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/user/notifications',
    );
    expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/notification-settings',
    );
    expect(server.callsTo('GET', 'notifications')[0]!.query.get('limit')).toBe('20');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(server.callsTo('PATCH', 'notifications/read-all')).toHaveLength(1));
    await waitFor(() => expect(bell()).toHaveAccessibleDescription('No unread notifications'));
  });

  it('a provider’s View All and Settings; an admin’s View All', async () => {
    const provider = render('provider');
    authStore.setUser(makeUser({ userRole: 'provider' }));
    let dialog = await openDropdown();
    expect(within(dialog).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/provider/notifications',
    );
    expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/edit-profile',
    );
    provider.unmount();
    render('admin');
    dialog = await openDropdown();
    expect(within(dialog).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
  });

  it('empty: No notifications', async () => {
    render();
    const dialog = await openDropdown();
    expect(await within(dialog).findByText('No notifications')).toBeInTheDocument();
  });

  it('error: the default text, or the server’s message', async () => {
    server.state.overrides['GET notifications'] = { status: 500, body: { success: false } };
    const first = render();
    let dialog = await openDropdown();
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Failed to fetch notifications',
    );
    first.unmount();
    server.state.overrides['GET notifications'] = {
      status: 403,
      body: { success: false, message: 'Access denied' },
    };
    render();
    dialog = await openDropdown();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Access denied');
  });

  it('Load More ignores a second click within 500 ms', async () => {
    server.state.items = many(45);
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    render();
    const dialog = await openDropdown();
    await within(dialog).findByText('Item 20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load More' }));
    expect(await within(dialog).findByText('Item 40')).toBeInTheDocument();
    const pageCalls = () => server.callsTo('GET', 'notifications').map((c) => c.query.get('page'));
    expect(pageCalls()).toEqual(['1', '2']);

    clock += 300;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load More' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageCalls()).toEqual(['1', '2']);

    clock += 300;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load More' }));
    expect(await within(dialog).findByText('Item 45')).toBeInTheDocument();
    expect(pageCalls()).toEqual(['1', '2', '3']);
    expect(within(dialog).queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('clicking an item marks it read and goes to its target', async () => {
    const reminder = makeNotification({ title: 'Ready to reflect?', type: 'journal_reminder' });
    server.state.items = [reminder];
    const { router } = render();
    const dialog = await openDropdown();
    await userEvent.click(await within(dialog).findByRole('button', { name: /Ready to reflect\?/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/journaling-feature'));
    await waitFor(() => expect(server.callsTo('PATCH', `notifications/${reminder.id}/read`)).toHaveLength(1));
  });

  it('a live notification raises the badge and tops the open list without a reload', async () => {
    server.state.items = [makeNotification({ title: 'Older' })];
    render();
    expect(await screen.findByText('1')).toBeInTheDocument();
    const dialog = await openDropdown();
    await within(dialog).findByText('Older');
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
    const fresh = makeNotification({ title: 'Fresh one', seq: 77 });
    server.state.items.unshift(fresh);
    server.streams[0]!.send(
      `event: notification\nid: 77\ndata: ${JSON.stringify(fresh)}\n\nevent: unread\ndata: {"unreadCount":2}\n\n`,
    );
    expect(await within(dialog).findByText('Fresh one')).toBeInTheDocument();
    expect(await screen.findByText('2')).toBeInTheDocument();
    const titles = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(titles[0]).toContain('Fresh one');
    expect(notificationLive.lastEventId).toBe('77');
  });

  it('the stream stops on logout', async () => {
    render();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(notificationLive.active).toBe(true);
    authStore.signOut();
    await waitFor(() => expect(notificationLive.active).toBe(false));
  });
});

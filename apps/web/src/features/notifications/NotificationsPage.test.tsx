import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { notificationLive } from './live';
import { NotificationsPage, unreadSummary } from './NotificationsPage';
import { makeNotification } from './test-fixtures';
import { fakeNotificationServer } from './test-server';

let server: ReturnType<typeof fakeNotificationServer>;

function render(path = '/user/notifications') {
  return renderRoutes(
    [
      { path: '/user/notifications', element: <NotificationsPage /> },
      { path: '/provider/notifications', element: <NotificationsPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  );
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const cards = () => screen.queryAllByRole('article');
const card = (title: string) => screen.getByRole('article', { name: title });

async function confirmIn(dialogName: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('NotificationsPage', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser());
    server = fakeNotificationServer([
      makeNotification({ title: 'Ready to reflect?', type: 'journal_reminder' }),
      makeNotification({
        title: 'New features',
        type: 'important_update',
        data: { updateUrl: 'https://example.org/news' },
        createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      }),
      makeNotification({ title: 'A tip', type: 'wellness_tip', read: true }),
    ]);
    vi.stubGlobal('fetch', server.fetchMock);
  });
  afterEach(() => {
    notificationLive.reset();
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows the loading text first', async () => {
    server.state.hangList = true;
    render();
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument();
  });

  it('header, tabs with counts and the cards with their badges, time and buttons', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread notifications');
    expect(button('Mark all read')).toBeEnabled();
    expect(button('Delete all')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile/edit-profile');
    expect(screen.getByRole('tab', { name: 'All (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Unread (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Read (1)' })).toBeInTheDocument();

    const update = within(card('New features'));
    expect(update.getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(update.getByText('High priority')).toBeInTheDocument();
    expect(update.getByText('Important Update')).toBeInTheDocument();
    expect(update.getByText('3 hours ago')).toBeInTheDocument();
    expect(update.getByRole('link', { name: /Open link/ })).toHaveAttribute(
      'href',
      'https://example.org/news',
    );
    expect(update.getByRole('link', { name: /Open link/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card('Ready to reflect?')).getByText('Medium priority')).toBeInTheDocument();
    expect(within(card('Ready to reflect?')).getByText('5 minutes ago')).toBeInTheDocument();
    const tip = within(card('A tip'));
    expect(tip.getByText('Low priority')).toBeInTheDocument();
    expect(tip.queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(tip.queryByRole('button', { name: 'Mark read' })).toBeNull();
    expect(tip.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(tip.getByRole('button', { name: 'Delete notification' })).toBeInTheDocument();
  });

  it('All caught up! without unread ones, and no Mark all read', async () => {
    server.state.items = server.state.items.map((n) => ({ ...n, read: true }));
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('All caught up!');
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('Mark all read and Mark read', async () => {
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('Ready to reflect?')).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Unread (1)' })).toBeInTheDocument());
    await userEvent.click(button('Mark all read'));
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('All caught up!'));
    expect(server.callsTo('PATCH', 'notifications/read-all')).toHaveLength(1);
  });

  it('filters by tab, with the empty texts of each filter', async () => {
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(screen.getByRole('tab', { name: 'Read (1)' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(server.calls.at(-1)!.query.get('status')).toBe('read');

    server.state.items = server.state.items.map((n) => ({ ...n, read: true }));
    await userEvent.click(screen.getByRole('tab', { name: /Unread/ }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(screen.getByText("You don't have any unread notifications right now")).toBeInTheDocument();

    server.state.items = server.state.items.map((n) => ({ ...n, read: false }));
    await userEvent.click(screen.getByRole('tab', { name: /Read \(/ }));
    expect(await screen.findByText('No read notifications')).toBeInTheDocument();
    expect(screen.getByText("You don't have any read notifications right now")).toBeInTheDocument();
  });

  it('empty: No notifications yet, and Delete all opens no dialog', async () => {
    server.state.items = [];
    render();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText("You'll see your wellness reminders and updates here")).toBeInTheDocument();
    expect(button('Delete all')).toBeDisabled();
    expect(screen.getByLabelText('Select all visible notifications')).toBeDisabled();
  });

  it('an error shows Error loading notifications and the message in a red alert', async () => {
    server.state.overrides['GET notifications'] = { status: 403, body: { success: false, message: 'Nope' } };
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading notifications');
    expect(alert).toHaveTextContent('Nope');
  });

  it('selection drives Mark read (n) and Delete (n); a full success clears it', async () => {
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Mark read \(/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete \(/ })).toBeNull();

    await userEvent.click(screen.getByLabelText('Select notification: Ready to reflect?'));
    expect(button('Mark read (1)')).toBeInTheDocument();
    expect(button('Delete (1)')).toBeInTheDocument();
    expect(screen.getByLabelText('Select all visible notifications')).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    await userEvent.click(screen.getByLabelText('Select all visible notifications'));
    expect(button('Delete (3)')).toBeInTheDocument();
    await userEvent.click(button('Mark read (3)'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Mark read \(/ })).toBeNull());
    expect(server.callsTo('POST', 'notifications/bulk-read')[0]!.body).toEqual({
      ids: server.state.items.map((n) => n.id),
    });
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('All caught up!'));

    await userEvent.click(screen.getByLabelText('Select notification: A tip'));
    await userEvent.click(screen.getByLabelText('Select notification: New features'));
    await userEvent.click(button('Delete (2)'));
    await confirmIn('Confirm Bulk Delete');
    expect(await screen.findByText('2 notifications deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Delete \(/ })).toBeNull();
  });

  it('a bulk action with failed items keeps them selected', async () => {
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const failing = server.state.items[0]!;
    server.state.bulkFailed = [failing.id];
    await userEvent.click(screen.getByLabelText('Select all visible notifications'));
    await userEvent.click(button('Delete (3)'));
    await confirmIn('Confirm Bulk Delete');
    expect(await screen.findByText('2 notifications deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('1 notification could not be deleted.')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(button('Delete (1)')).toBeInTheDocument();
    expect(screen.getByLabelText(`Select notification: ${failing.title}`)).toBeChecked();
  });

  it('deletes one after Confirm Delete', async () => {
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card('A tip')).getByRole('button', { name: 'Delete notification' }));
    await confirmIn('Confirm Delete');
    expect(await screen.findByText('Notification deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('deletes all after Confirm Delete All', async () => {
    render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(button('Delete all'));
    await confirmIn('Confirm Delete All');
    expect(await screen.findByText('All notifications deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('View marks read and goes to the target of the role', async () => {
    const { router } = render();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const reminder = server.state.items[0]!;
    await userEvent.click(within(card('Ready to reflect?')).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/journaling-feature'));
    await waitFor(() => expect(server.callsTo('PATCH', `notifications/${reminder.id}/read`)).toHaveLength(1));
  });

  it('pages by 20 with the server’s pages', async () => {
    server.state.items = Array.from({ length: 25 }, (_, i) => makeNotification({ title: `N${i + 1}` }));
    render('/provider/notifications');
    await waitFor(() => expect(cards()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(server.callsTo('GET', 'notifications').at(-1)!.query.get('page')).toBe('2');
    expect(server.callsTo('GET', 'notifications').at(-1)!.query.get('limit')).toBe('20');
  });

  it('unreadSummary wording', () => {
    expect(unreadSummary(0)).toBe('All caught up!');
    expect(unreadSummary(1)).toBe('1 unread notification');
    expect(unreadSummary(12)).toBe('12 unread notifications');
  });
});

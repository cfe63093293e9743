import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { IconChecks, IconSettings, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  notificationMessages,
  notificationPageSize,
  notificationTexts,
  type NotificationResponse,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useCurrentUser } from '../auth';
import { notificationKeys, notificationsApi, type NotificationStatus } from './api';
import { NotificationCard } from './NotificationCard';
import classes from './Notifications.module.css';
import { notificationTarget } from './targets';
import { useNotificationActions } from './useNotificationActions';
import { useNotificationStream } from './useNotificationStream';
import { useNow } from './useNow';
import { useUnreadCount } from './useUnreadCount';

const filters: NotificationStatus[] = ['all', 'unread', 'read'];
const filterLabels: Record<NotificationStatus, string> = { all: 'All', unread: 'Unread', read: 'Read' };

/** The header's count (wording ours: the spec only says the header shows the unread count). */
export function unreadSummary(unread: number): string {
  if (unread <= 0) return notificationTexts.allCaughtUp;
  return `${unread} unread notification${unread === 1 ? '' : 's'}`;
}

function confirmDelete(title: string, text: string, onConfirm: () => void): void {
  void openConfirm({
    title,
    children: <Text fz="sm">{text}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** /user/notifications, /provider/notifications, /admin/notifications (Part 2 §2 Notifications page). */
export function NotificationsPage() {
  const role = useCurrentUser()?.userRole ?? 'patient';
  useNotificationStream();
  const navigate = useNavigate();
  const location = useLocation();
  const now = useNow();
  const actions = useNotificationActions();
  const [status, setStatus] = useState<NotificationStatus>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const params = { page, limit: notificationPageSize, status };
  const list = useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => notificationsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const liveUnread = useUnreadCount();
  const data = list.data;
  const counts = data?.counts ?? { all: 0, unread: 0, read: 0 };
  const unread = data ? counts.unread : (liveUnread ?? 0);
  const visible = data?.notifications ?? [];
  const chosen = visible.filter((item) => selected.has(item.id)).map((item) => item.id);
  const pages = Math.max(1, data?.pages ?? 1);

  // A delete can empty the last page: go to the new last one.
  const isFetching = list.isFetching;
  useEffect(() => {
    if (!isFetching && data && page > Math.max(1, data.pages)) setPage(Math.max(1, data.pages));
  }, [isFetching, data, page]);

  const clearSelection = () => setSelected(new Set());
  const changeFilter = (value: string | null) => {
    if (!value || !filters.includes(value as NotificationStatus)) return;
    setStatus(value as NotificationStatus);
    setPage(1);
    clearSelection();
  };
  const changePage = (next: number) => {
    setPage(next);
    clearSelection();
  };
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Set(visible.map((item) => item.id)) : new Set());
  /** A bulk action clears the selection only if no item failed; the failed ones stay selected. */
  const afterBulk = (failed: string[]) => setSelected(new Set(failed));

  const view = (notification: NotificationResponse) => {
    if (!notification.read) actions.markRead.mutate(notification.id);
    const target = notificationTarget(role, notification);
    if (target !== location.pathname) void navigate(target);
  };
  const deleteOne = (notification: NotificationResponse) =>
    confirmDelete('Confirm Delete', 'Are you sure you want to delete this notification?', () =>
      actions.remove.mutate(notification.id, { onSuccess: () => select(notification.id, false) }),
    );
  const deleteAll = () => {
    if (counts.all === 0) return;
    confirmDelete(
      'Confirm Delete All',
      'Are you sure you want to delete all notifications? This cannot be undone.',
      () => actions.removeAll.mutate(undefined, { onSuccess: clearSelection }),
    );
  };
  const deleteChosen = () => {
    const ids = [...chosen];
    confirmDelete(
      'Confirm Bulk Delete',
      `Are you sure you want to delete ${ids.length} selected notification${ids.length === 1 ? '' : 's'}?`,
      () => actions.bulkDelete.mutate(ids, { onSuccess: (result) => afterBulk(result.failed) }),
    );
  };
  const readChosen = () =>
    actions.bulkRead.mutate([...chosen], { onSuccess: (result) => afterBulk(result.failed) });

  const emptyState =
    status === 'all' ? (
      <EmptyState title={notificationTexts.emptyTitle}>{notificationTexts.emptyBody}</EmptyState>
    ) : (
      <EmptyState title={notificationTexts.emptyFilterTitle(status)}>
        {notificationTexts.emptyFilterBody(status)}
      </EmptyState>
    );

  let content;
  if (list.isPending) content = <LoadingState label={notificationTexts.loading} />;
  else if (list.isError)
    content = (
      <ErrorState
        title={notificationTexts.errorTitle}
        message={errorMessage(list.error, notificationMessages.fetchFailed)}
        onRetry={() => void list.refetch()}
      />
    );
  else if (visible.length === 0) content = emptyState;
  else
    content = (
      <Stack gap="sm">
        <ul className={classes.list} aria-label="Notifications" aria-busy={list.isFetching}>
          {visible.map((notification) => (
            <li key={notification.id} style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
              <NotificationCard
                notification={notification}
                now={now}
                selected={selected.has(notification.id)}
                busy={actions.remove.isPending && actions.remove.variables === notification.id}
                onSelect={(on) => select(notification.id, on)}
                onView={() => view(notification)}
                onMarkRead={() => actions.markRead.mutate(notification.id)}
                onDelete={() => deleteOne(notification)}
              />
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={changePage}
              size="sm"
              aria-label="Pagination"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
              })}
            />
          </Group>
        )}
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageTitle
        title="Notifications"
        description={
          data || liveUnread !== undefined ? (
            <span data-testid="unread-summary" aria-live="polite">
              {unreadSummary(unread)}
            </span>
          ) : undefined
        }
        actions={
          <Group gap="xs">
            {unread > 0 && (
              <Button
                variant="light"
                leftSection={<IconChecks size={16} aria-hidden="true" />}
                loading={actions.markAllRead.isPending}
                onClick={() => actions.markAllRead.mutate()}
              >
                {notificationTexts.markAllRead}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              disabled={counts.all === 0}
              loading={actions.removeAll.isPending}
              onClick={deleteAll}
            >
              {notificationTexts.deleteAll}
            </Button>
            <Button
              component={Link}
              to="/profile/edit-profile"
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden="true" />}
            >
              {notificationTexts.settings}
            </Button>
          </Group>
        }
      />
      <Tabs value={status} onChange={changeFilter} keepMounted={false}>
        <Tabs.List>
          {filters.map((filter) => (
            <Tabs.Tab key={filter} value={filter}>
              {filterLabels[filter]} ({counts[filter]})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {filters.map((filter) => (
          <Tabs.Panel key={filter} value={filter} pt="md">
            {filter === status && (
              <Stack gap="sm">
                <Group justify="space-between" gap="xs" mih={36}>
                  <Checkbox
                    label={notificationTexts.selectAllVisible}
                    checked={visible.length > 0 && chosen.length === visible.length}
                    indeterminate={chosen.length > 0 && chosen.length < visible.length}
                    disabled={visible.length === 0}
                    onChange={(event) => selectAll(event.currentTarget.checked)}
                  />
                  {chosen.length > 0 && (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        loading={actions.bulkRead.isPending}
                        onClick={readChosen}
                      >
                        {notificationTexts.markReadN(chosen.length)}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={actions.bulkDelete.isPending}
                        onClick={deleteChosen}
                      >
                        {notificationTexts.deleteN(chosen.length)}
                      </Button>
                    </Group>
                  )}
                </Group>
                {content}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

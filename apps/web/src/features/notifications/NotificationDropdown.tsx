import { useRef } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  loadMoreGuardMs,
  notificationMessages,
  notificationPageSize,
  notificationTexts,
  relativeTime,
  type NotificationResponse,
  type Role,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { LoadingState } from '../../ui/states';
import { notificationKeys, notificationsApi } from './api';
import { BellButton } from './BellButton';
import classes from './Notifications.module.css';
import { notificationSettingsPath, notificationsPath, notificationTarget } from './targets';
import { useNotificationActions } from './useNotificationActions';
import { useNow } from './useNow';

interface DropdownProps {
  role: Role;
  unread: number;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/** The bell's dropdown (Part 2 §2): full width under 768 px, 380 px otherwise. */
export default function NotificationDropdown({ role, unread, opened, onChange }: DropdownProps) {
  const mobile = useMediaQuery('(max-width: 767.98px)');
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={mobile ? 'calc(100vw - 16px)' : 380}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <BellButton unread={unread} onClick={() => onChange(!opened)} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        {opened && <NotificationFeed role={role} unread={unread} onClose={() => onChange(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function uniqueById(items: NotificationResponse[]): NotificationResponse[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

export function NotificationFeed({
  role,
  unread,
  onClose,
}: {
  role: Role;
  unread: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const now = useNow();
  const { markRead, markAllRead } = useNotificationActions();
  const feed = useInfiniteQuery({
    queryKey: notificationKeys.feed,
    queryFn: ({ pageParam, signal }) =>
      notificationsApi.list({ page: pageParam, limit: notificationPageSize, status: 'all' }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNext ? last.page + 1 : undefined),
  });
  // Load More ignores a second click within 500 ms (Part 2 §9), and while a page is loading.
  const lastLoadMore = useRef(-Infinity);
  const loadMore = () => {
    const at = Date.now();
    if (at - lastLoadMore.current < loadMoreGuardMs || feed.isFetchingNextPage) return;
    lastLoadMore.current = at;
    void feed.fetchNextPage();
  };
  const items = uniqueById(feed.data?.pages.flatMap((page) => page.notifications) ?? []);

  const open = (notification: NotificationResponse) => {
    if (!notification.read) markRead.mutate(notification.id);
    onClose();
    void navigate(notificationTarget(role, notification));
  };

  let body;
  if (feed.isPending) body = <LoadingState label={notificationTexts.loading} />;
  else if (feed.isError && items.length === 0)
    body = (
      <Text c="red" fz="sm" p="md" role="alert">
        {errorMessage(feed.error, notificationMessages.fetchFailed)}
      </Text>
    );
  else if (items.length === 0)
    body = (
      <Text c="dimmed" fz="sm" p="md" ta="center">
        {notificationTexts.noNotifications}
      </Text>
    );
  else
    body = (
      <ul className={classes.feed} aria-label="Latest notifications">
        {items.map((notification) => (
          <li key={notification.id}>
            <UnstyledButton
              className={`${classes.item} ${notification.read ? '' : classes.unread}`}
              onClick={() => open(notification)}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {notification.read ? (
                  <Box w={10} style={{ flex: 'none' }} />
                ) : (
                  <span className={classes.dot} aria-hidden="true" />
                )}
                <Stack gap={2} miw={0}>
                  <Text fz="sm" fw={notification.read ? 500 : 700} lineClamp={2}>
                    {!notification.read && <VisuallyHidden>Unread: </VisuallyHidden>}
                    {notification.title}
                  </Text>
                  {notification.priority === 'high' && (
                    <Badge color="red" variant="light" size="xs" style={{ alignSelf: 'flex-start' }}>
                      High priority
                    </Badge>
                  )}
                  <Text fz="sm" c="dimmed" lineClamp={2}>
                    {notification.message}
                  </Text>
                  <Text fz="xs" c="dimmed" title={notification.timeFormatted}>
                    {relativeTime(new Date(notification.createdAt), now)}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    );

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={650} component="h2" fz="md" m={0}>
          Notifications
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {notificationTexts.markAllRead}
        </Button>
      </Group>
      <Divider />
      {body}
      {feed.isError && items.length > 0 && (
        <Text c="red" fz="sm" px="md" py="xs" role="alert">
          {errorMessage(feed.error, notificationMessages.fetchFailed)}
        </Text>
      )}
      {feed.hasNextPage && (
        <Button variant="subtle" radius={0} loading={feed.isFetchingNextPage} onClick={loadMore}>
          {notificationTexts.loadMore}
        </Button>
      )}
      <Divider />
      <Group justify="space-between" px="md" py="xs">
        <Button
          component={Link}
          to={notificationsPath(role)}
          variant="light"
          size="compact-sm"
          onClick={onClose}
        >
          {notificationTexts.viewAll}
        </Button>
        <Button
          component={Link}
          to={notificationSettingsPath(role)}
          variant="subtle"
          size="compact-sm"
          onClick={onClose}
        >
          {notificationTexts.settings}
        </Button>
      </Group>
    </Stack>
  );
}

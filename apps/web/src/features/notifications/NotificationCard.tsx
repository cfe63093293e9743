import { useId } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import {
  notificationTypeLabels,
  priorityColour,
  relativeTime,
  type NotificationPriority,
  type NotificationResponse,
} from '@mindledger/domain';
import classes from './Notifications.module.css';
import { externalLink } from './targets';

/** §5 badge colours as theme colours: danger red, warning yellow, info blue. */
const badgeColours = { danger: 'red', warning: 'yellow', info: 'blue' } as const;

const priorityLabels: Record<NotificationPriority, string> = {
  high: 'High priority',
  medium: 'Medium priority',
  low: 'Low priority',
};

interface NotificationCardProps {
  notification: NotificationResponse;
  now: Date;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onView: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}

/** One notification on the page (Part 2 §2): dot, title, badges, time, message and its buttons. */
export function NotificationCard({
  notification,
  now,
  selected,
  busy,
  onSelect,
  onView,
  onMarkRead,
  onDelete,
}: NotificationCardProps) {
  const titleId = useId();
  const priority = notification.priority ?? 'low';
  const link = externalLink(notification);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      data-unread={notification.read ? undefined : true}
      aria-labelledby={titleId}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Checkbox
          mt={4}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          aria-label={`Select notification: ${notification.title}`}
        />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {!notification.read && (
              <span className={classes.dot} role="img" aria-label="Unread" data-testid="unread-dot" />
            )}
            <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {notification.title}
            </Title>
          </Group>
          <Group gap={6}>
            <Badge color={badgeColours[priorityColour[priority]]} variant="light" size="sm">
              {priorityLabels[priority]}
            </Badge>
            <Badge color="gray" variant="outline" size="sm">
              {notificationTypeLabels[notification.type] ?? notification.type}
            </Badge>
            <Text
              component="time"
              fz="xs"
              c="dimmed"
              dateTime={notification.createdAt}
              title={notification.timeFormatted}
            >
              {relativeTime(new Date(notification.createdAt), now)}
            </Text>
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {notification.message}
          </Text>
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" onClick={onView}>
              View
            </Button>
            {!notification.read && (
              <Button size="xs" variant="default" onClick={onMarkRead} disabled={busy}>
                Mark read
              </Button>
            )}
            {link && (
              <Anchor href={link} target="_blank" rel="noopener noreferrer" fz="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  Open link
                  <IconExternalLink size={14} aria-hidden="true" />
                  <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                </Group>
              </Anchor>
            )}
            <ActionIcon
              ml="auto"
              variant="subtle"
              color="red"
              size="lg"
              aria-label="Delete notification"
              onClick={onDelete}
              disabled={busy}
            >
              <IconTrash size={18} stroke={1.6} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

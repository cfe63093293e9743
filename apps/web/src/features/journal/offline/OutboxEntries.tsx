import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../ui/format';
import { discardOutboxItem } from './outbox';
import { useOutbox } from './useOutbox';

/**
 * The entries written without a connection, at the top of the journal: "Waiting to sync" until
 * they are saved; one the server refused shows why, and can be discarded.
 */
export function OutboxEntries({ userId }: { userId: string }) {
  const items = useOutbox(userId);
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Waiting to sync">
      {items.map((item) => {
        const body = item.body as { mood?: string; notes?: string; emoji?: string };
        return (
          <Group
            key={item.key}
            justify="space-between"
            gap="xs"
            wrap="wrap"
            p="sm"
            style={{
              border: '1px dashed var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Group gap="xs">
                <Text fw={600} fz="sm">
                  {body.emoji ? `${body.emoji} ` : ''}
                  {body.mood}
                </Text>
                <Badge size="sm" variant="light" color={item.error ? 'red' : 'yellow'}>
                  {item.error ? 'Not saved' : 'Waiting to sync'}
                </Badge>
              </Group>
              <Text fz="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {body.notes}
              </Text>
              <Text fz="xs" c="dimmed">
                Written {formatDate(item.createdAt, 'MMM D, YYYY h:mm A')}
                {item.error ? ` · ${item.error}` : ' · it will be saved when you are back online'}
              </Text>
            </Stack>
            {item.error && (
              <Button size="xs" variant="default" onClick={() => void discardOutboxItem(item.key)}>
                Discard
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

import { Anchor, Badge, Card, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { notificationTypeLabels } from '@mindledger/domain';
import { formatDate } from '../../ui/format';
import { audienceLabels } from './api';
import type { UpdateFormValues } from './update-form';

/** How the update will look in a user's notifications (an important update is high priority). */
export function UpdatePreview({ values }: { values: UpdateFormValues }) {
  const title = values.title.trim() || 'Your title';
  const message = values.message.trim() || 'Your message appears here.';
  const link = values.link.trim();
  const when =
    values.when === 'schedule' && values.publishAt
      ? formatDate(values.publishAt, 'MMM D, YYYY h:mm A')
      : 'Just now';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="update-preview-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={18} id="update-preview-title">
            Preview
          </Title>
          <Text c="dimmed" fz="sm">
            How the notification will look to {audienceLabels[values.audience].toLowerCase()}.
          </Text>
        </Stack>
        <Paper
          withBorder
          radius="md"
          p="md"
          data-testid="update-preview"
          style={{ borderLeft: '4px solid var(--mantine-color-red-filled)' }}
        >
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <ThemeIcon variant="light" color="red" radius="xl" size={36} aria-hidden="true">
              <IconSpeakerphone size={20} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Group gap={6}>
                <Badge size="xs" variant="light" color="red">
                  High priority
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {notificationTypeLabels.important_update}
                </Badge>
              </Group>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
              <Text fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {message}
              </Text>
              {link && (
                <Anchor component="span" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  Learn more
                </Anchor>
              )}
              <Text fz="xs" c="dimmed">
                {when}
              </Text>
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </Card>
  );
}

import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { subscriptionPath } from './paths';

export interface UpgradePromptProps {
  /** What is locked, e.g. 'Weekly insights'. */
  feature?: string;
  /** Replaces the default sentence (e.g. the server's 403 message). */
  message?: string;
  /** The button's text. */
  actionLabel?: string;
}

/**
 * For paywalled screens (weekly insights, Initial Journey, weekly automation): says that the feature
 * needs Standard and links to 'Choose Your Plan'. Light on purpose (no queries): it sits on pages
 * that may be in a first load.
 */
export function UpgradePrompt({ feature, message, actionLabel = 'View Plans' }: UpgradePromptProps) {
  const text =
    message ??
    (feature
      ? `${feature} needs an active Standard subscription.`
      : 'This feature needs an active Standard subscription.');
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" gap="sm" align="center">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px' }}>
          <ThemeIcon variant="light" color="grape" radius="xl" size={36} aria-hidden="true">
            <IconSparkles size={20} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600}>Upgrade to Standard</Text>
            <Text fz="sm">{text}</Text>
          </Stack>
        </Group>
        <Button component={Link} to={subscriptionPath}>
          {actionLabel}
        </Button>
      </Group>
    </Card>
  );
}

/** A plain link to 'Choose Your Plan', for menus and sentences. */
export function SubscriptionLink({ children = 'Choose Your Plan' }: { children?: string }) {
  return (
    <Anchor component={Link} to={subscriptionPath}>
      {children}
    </Anchor>
  );
}

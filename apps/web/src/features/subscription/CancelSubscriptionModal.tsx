import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { formatBillingDate, type SubscriptionResponse } from '@mindledger/domain';

export interface CancelSubscriptionModalProps {
  opened: boolean;
  subscription: SubscriptionResponse | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The cancel-subscription modal (Part 2 §2, §4: cancelling keeps access until the period's end,
 * then the account drops to free). Sends cancel with immediate false and reason user_request.
 */
export function CancelSubscriptionModal({
  opened,
  subscription,
  busy,
  onConfirm,
  onClose,
}: CancelSubscriptionModalProps) {
  const end = formatBillingDate(subscription?.currentPeriodEnd);
  const name = subscription?.plan.name ?? 'your plan';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Cancel Subscription"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>Are you sure you want to cancel your subscription?</Text>
        <Text fz="sm">
          You keep {name} until {end}. After that your account moves to the Free plan, and these stop:
        </Text>
        <List fz="sm" spacing={4}>
          <List.Item>Weekly AI insights</List.Item>
          <List.Item>Initial Journey documents</List.Item>
          <List.Item>Weekly summary automation</List.Item>
        </List>
        <Text fz="sm" c="dimmed">
          Your journal, goals and check-ins stay yours on the Free plan. You can resume before {end}.
        </Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Keep Subscription
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Cancel Subscription
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

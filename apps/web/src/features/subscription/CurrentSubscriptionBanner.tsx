import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCreditCard } from '@tabler/icons-react';
import { isPaidPlan, type SubscriptionResponse } from '@mindledger/domain';
import { priceLabel, scheduledChangeText, statusView } from './plan-view';
import type { SubscriptionActions } from './useSubscriptionActions';

export interface CurrentSubscriptionBannerProps {
  subscription: SubscriptionResponse;
  actions: Pick<
    SubscriptionActions,
    'openCancel' | 'resume' | 'resuming' | 'keepPlan' | 'keepingPlan' | 'portal' | 'openingPortal'
  >;
}

/**
 * The current-subscription banner (Part 2 §2): the plan held, its status (Trial, Active,
 * 'Canceling', Past due) with the trial end, renewal or end date, a scheduled change as a badge, and
 * the actions that fit: Cancel Subscription, Resume Subscription, Keep current plan.
 */
export function CurrentSubscriptionBanner({ subscription: sub, actions }: CurrentSubscriptionBannerProps) {
  const status = statusView(sub);
  const scheduled = scheduledChangeText(sub);
  const paid = isPaidPlan(sub.planType);
  const price = sub.plan.amount > 0 ? priceLabel(sub.plan.amount, sub.plan.interval) : null;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="current-plan-title"
      mb="lg"
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 280px' }}>
          <Text fz="sm" c="dimmed" fw={500}>
            Your subscription
          </Text>
          <Group gap="xs" align="center">
            <Title order={2} fz="xl" id="current-plan-title">
              {sub.plan.name}
            </Title>
            <Badge color={status.tone} variant="light" data-testid="subscription-status">
              {status.label}
            </Badge>
            {scheduled && (
              <Badge
                color="violet"
                variant="light"
                leftSection={<IconCalendarEvent size={12} aria-hidden="true" />}
                data-testid="scheduled-change"
                style={{ textTransform: 'none' }}
              >
                {scheduled}
              </Badge>
            )}
          </Group>
          {price && <Text fz="sm">{price}</Text>}
          {status.detail && <Text fz="sm">{status.detail}</Text>}
          {sub.promoCode && (
            <Text fz="sm" c="dimmed">
              Promo code {sub.promoCode} applied
            </Text>
          )}
        </Stack>
        {paid && (
          <Group gap="sm">
            {scheduled && (
              <Button variant="default" onClick={actions.keepPlan} loading={actions.keepingPlan}>
                Keep {sub.plan.name}
              </Button>
            )}
            {sub.provider === 'stripe' && (
              <Button
                variant="default"
                leftSection={<IconCreditCard size={16} aria-hidden="true" />}
                onClick={actions.portal}
                loading={actions.openingPortal}
              >
                Manage Billing
              </Button>
            )}
            {sub.cancelAtPeriodEnd ? (
              <Button onClick={actions.resume} loading={actions.resuming}>
                Resume Subscription
              </Button>
            ) : (
              <Button variant="outline" color="red" onClick={actions.openCancel}>
                Cancel Subscription
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Card>
  );
}

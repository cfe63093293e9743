import { useId } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatCents, planButton, type PlanId, type PlanResponse } from '@mindledger/domain';
import { isChoosable, priceParts } from './plan-view';
import classes from './subscription.module.css';

export interface PlanCardProps {
  plan: PlanResponse;
  held: PlanId | null;
  pending: boolean;
  disabled: boolean;
  onChoose: (plan: PlanResponse) => void;
}

/**
 * A plan card (Part 2 §2): name, price per interval (Free), the price before the discount struck
 * through, 'Most Popular' and 'Current Plan' badges, features and restrictions, and the button of
 * Part 2 §4 Plan ranking and buttons.
 */
export function PlanCard({ plan, held, pending, disabled, onChoose }: PlanCardProps) {
  const titleId = useId();
  const label = isChoosable(plan.id) ? planButton(plan.id, held) : 'Select Plan';
  const current = label === 'Current Plan';
  const { amount, suffix } = priceParts(plan.price, plan.interval);
  const discounted = plan.originalPrice > plan.price && plan.price > 0;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      className={classes.planCard}
      data-popular={plan.popular || undefined}
      data-current={current || undefined}
    >
      <Stack gap="sm" className={classes.planBody}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="lg" id={titleId}>
            {plan.name}
          </Title>
          {/* the badges keep their whole text; the plan's name wraps instead */}
          <Group gap={6} justify="flex-end" style={{ flexShrink: 0 }}>
            {plan.popular && (
              <Badge color="grape" variant="filled">
                Most Popular
              </Badge>
            )}
            {current && (
              <Badge color="green" variant="light">
                Current Plan
              </Badge>
            )}
          </Group>
        </Group>
        <div>
          <Group gap={4} align="baseline">
            <Text fz={32} fw={700} lh={1.1}>
              {amount}
            </Text>
            {suffix && <Text c="dimmed">{suffix}</Text>}
          </Group>
          {discounted && (
            <Text fz="sm" c="dimmed" mt={4}>
              <VisuallyHidden>Regular price </VisuallyHidden>
              <s>{formatCents(plan.originalPrice)}</s>
              {plan.discount > 0 && (
                <Text span fz="sm" fw={600} c="var(--mantine-color-text)" ml={6}>
                  Save {plan.discount}%
                </Text>
              )}
            </Text>
          )}
        </div>
        <Text fz="sm">{plan.description}</Text>
        <List
          spacing={6}
          fz="sm"
          center
          classNames={{ itemLabel: classes.featureLabel }}
          aria-label={`${plan.name} features`}
          icon={
            <ThemeIcon color="teal" size={20} radius="xl" variant="light" aria-hidden="true">
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {plan.restrictions.length > 0 && (
          <List
            spacing={6}
            fz="sm"
            center
            classNames={{ itemLabel: classes.featureLabel }}
            aria-label={`${plan.name} restrictions`}
            icon={
              <ThemeIcon color="gray" size={20} radius="xl" variant="light" aria-hidden="true">
                <IconX size={13} />
              </ThemeIcon>
            }
          >
            {plan.restrictions.map((restriction) => (
              <List.Item key={restriction}>{restriction}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Button
        fullWidth
        mt="lg"
        variant={current ? 'default' : plan.popular ? 'filled' : 'light'}
        disabled={current || disabled}
        loading={pending}
        onClick={() => onChoose(plan)}
      >
        {label}
      </Button>
    </Card>
  );
}

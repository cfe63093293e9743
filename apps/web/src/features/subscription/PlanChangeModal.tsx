import { useState } from 'react';
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import {
  formatBillingDate,
  isPaidPlan,
  type PlanResponse,
  type SubscriptionResponse,
} from '@mindledger/domain';
import type { AppliedPromo, PromoChoice } from './api';
import { priceLabel, trialSummary } from './plan-view';
import { PromoEntry } from './PromoEntry';
import type { PlanModalMode } from './useSubscriptionActions';

export interface PlanChangeModalProps {
  opened: boolean;
  mode: PlanModalMode;
  plan: PlanResponse | null;
  current: SubscriptionResponse | null;
  busy: boolean;
  /** The applied promo code with its captcha, or null. */
  onConfirm: (promo: PromoChoice | null) => void;
  onClose: () => void;
}

const titles: Record<PlanModalMode, (name: string) => string> = {
  checkout: (name) => `Subscribe to ${name}`,
  upgrade: (name) => `Upgrade to ${name}`,
  downgrade: (name) => `Downgrade to ${name}`,
};

const confirmLabels: Record<PlanModalMode, string> = {
  checkout: 'Continue to Checkout',
  upgrade: 'Confirm Upgrade',
  downgrade: 'Confirm Downgrade',
};

/**
 * The plan-change modal (Part 2 §2): what the change means, the promo entry with its captcha for a
 * paid plan bought or upgraded to, and the confirm button.
 */
export function PlanChangeModal({
  opened,
  mode,
  plan,
  current,
  busy,
  onConfirm,
  onClose,
}: PlanChangeModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={plan ? titles[mode](plan.name) : ''}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && plan && (
        <PlanChangeBody
          key={`${mode}:${plan.id}`}
          mode={mode}
          plan={plan}
          current={current}
          busy={busy}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function PlanChangeBody({
  mode,
  plan,
  current,
  busy,
  onConfirm,
  onClose,
}: Omit<PlanChangeModalProps, 'opened' | 'plan'> & { plan: PlanResponse }) {
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const withPromo = mode !== 'downgrade' && isPaidPlan(plan.id);
  const trial = mode === 'checkout' ? trialSummary(plan.id, plan.price, plan.interval) : null;
  const periodEnd = formatBillingDate(current?.currentPeriodEnd);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={600}>{plan.name}</Text>
        <Text fw={600}>{priceLabel(plan.price, plan.interval)}</Text>
      </Group>
      {mode === 'checkout' && (
        <Text fz="sm">
          {trial
            ? `First-time subscribers start with a free trial: ${trial}. You enter your card on the next page; nothing is charged before the trial ends.`
            : 'You enter your card on the next page.'}
        </Text>
      )}
      {mode === 'upgrade' && (
        <Text fz="sm">
          The change applies now: you get {plan.name} at once, and the unused part of your current plan is
          credited against it.
        </Text>
      )}
      {mode === 'downgrade' && current && (
        <Text fz="sm">
          Your plan changes to {plan.name} on {periodEnd}, the end of your billing period. Until then you keep{' '}
          {current.plan.name}.
        </Text>
      )}
      {withPromo && (
        <>
          <Divider />
          <PromoEntry
            planType={plan.id}
            interval={plan.interval}
            applied={promo}
            onAppliedChange={setPromo}
          />
        </>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={() => onConfirm(promo ? { code: promo.code, captchaToken: promo.captchaToken } : null)}
          loading={busy}
        >
          {confirmLabels[mode]}
        </Button>
      </Group>
    </Stack>
  );
}

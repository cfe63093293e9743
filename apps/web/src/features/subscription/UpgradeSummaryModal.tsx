import { useState } from 'react';
import { Anchor, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import {
  formatBillingDate,
  formatCents,
  plans,
  type PlanResponse,
  type ProrationResponse,
  type SubscriptionResponse,
} from '@mindledger/domain';
import type { AppliedPromo, PromoChoice } from './api';
import { priceLabel } from './plan-view';
import { PromoEntry } from './PromoEntry';
import { SummaryList } from './SummaryList';

export interface UpgradeSummaryModalProps {
  opened: boolean;
  plan: PlanResponse | null;
  proration: ProrationResponse | null;
  current: SubscriptionResponse | null;
  busy: boolean;
  /** The applied promo code with its captcha, or null. */
  onConfirm: (promo: PromoChoice | null) => void;
  onClose: () => void;
}

/**
 * The upgrade summary (Part 2 §2, §4: an upgrade applies at once with proration): the two plans,
 * the days left in the current period and what is due today, from calculate-proration.
 */
export function UpgradeSummaryModal({
  opened,
  plan,
  proration,
  current,
  busy,
  onConfirm,
  onClose,
}: UpgradeSummaryModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Upgrade Summary"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && plan && proration && (
        <UpgradeSummaryBody
          key={plan.id}
          plan={plan}
          proration={proration}
          current={current}
          busy={busy}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function UpgradeSummaryBody({
  plan,
  proration,
  current,
  busy,
  onConfirm,
  onClose,
}: Omit<UpgradeSummaryModalProps, 'opened' | 'plan' | 'proration'> & {
  plan: PlanResponse;
  proration: ProrationResponse;
}) {
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  const currentName = plans[proration.currentPlan]?.name ?? proration.currentPlan;
  const inTrial = current?.status === 'trialing';
  const dueToday = proration.willProrate ? proration.prorationAmount : 0;

  return (
    <Stack gap="md">
      <SummaryList
        rows={[
          { term: 'Current plan', value: currentName },
          { term: 'New plan', value: plan.name },
          { term: 'New price', value: priceLabel(plan.price, plan.interval) },
          {
            term: 'Days left in this period',
            value: `${proration.remainingDays} ${proration.remainingDays === 1 ? 'day' : 'days'}`,
          },
          {
            term: proration.willProrate ? 'Due today (prorated)' : 'Due today',
            value: formatCents(dueToday),
            strong: true,
          },
        ]}
      />
      <Text fz="sm">
        {proration.willProrate
          ? `The unused part of ${currentName} is credited against ${plan.name}. Your new billing period starts today.`
          : inTrial
            ? `Your free trial continues until ${formatBillingDate(current?.trialEnd)}. ${plan.name} is billed from then.`
            : `${plan.name} starts today.`}
      </Text>
      <Divider />
      {promoOpen || promo ? (
        <PromoEntry planType={plan.id} interval={plan.interval} applied={promo} onAppliedChange={setPromo} />
      ) : (
        <Anchor component="button" type="button" fz="sm" w="fit-content" onClick={() => setPromoOpen(true)}>
          Have a promo code?
        </Anchor>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={() => onConfirm(promo ? { code: promo.code, captchaToken: promo.captchaToken } : null)}
          loading={busy}
        >
          Confirm Upgrade
        </Button>
      </Group>
    </Stack>
  );
}

import { useCallback, useEffect, useRef } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { billingMessages } from '@mindledger/domain';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { subscriptionApi, subscriptionKeys } from './api';
import { BillingHistory } from './BillingHistory';
import { CancelSubscriptionModal } from './CancelSubscriptionModal';
import { CheckoutReturn } from './CheckoutReturn';
import { CurrentSubscriptionBanner } from './CurrentSubscriptionBanner';
import { failureMessage } from './messages';
import { PlanCard } from './PlanCard';
import { PlanChangeModal } from './PlanChangeModal';
import { subscriptionPath } from './paths';
import { heldPlan } from './plan-view';
import { UpgradeSummaryModal } from './UpgradeSummaryModal';
import { useSubscriptionActions } from './useSubscriptionActions';
import classes from './subscription.module.css';

/**
 * /subscription, 'Choose Your Plan' (Part 2 §2), with the query parameters id (the user), session_id
 * (back from checkout: the processing screen, then the plans or the activation-error screen) and
 * cancel (checkout canceled: an info toast).
 */
export function SubscriptionPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const checkoutCanceled = params.get('cancel') === 'true';
  const noticeShown = useRef(false);

  useEffect(() => {
    if (!checkoutCanceled || noticeShown.current) return;
    noticeShown.current = true;
    toast.info(billingMessages.checkoutCanceled);
    setParams(
      (next) => {
        next.delete('cancel');
        return next;
      },
      { replace: true },
    );
  }, [checkoutCanceled, setParams]);

  const backToPlans = useCallback(() => void navigate(subscriptionPath, { replace: true }), [navigate]);

  if (sessionId)
    return <CheckoutReturn sessionId={sessionId} onConfirmed={backToPlans} onViewOptions={backToPlans} />;
  return <PlansView />;
}

function PlansView() {
  const plans = useQuery({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => subscriptionApi.plans(signal),
    staleTime: 5 * 60_000,
  });
  const current = useQuery({
    queryKey: subscriptionKeys.current(),
    queryFn: ({ signal }) => subscriptionApi.current(signal),
  });
  const held = heldPlan(current.data);
  const actions = useSubscriptionActions(held);
  const subscription = current.data?.hasSubscription ? current.data.subscription : null;
  const anySubscription = current.data?.subscription ?? null;
  const dialog = actions.dialog;

  const title = (
    <PageTitle
      title="Choose Your Plan"
      description="Journal for free, or unlock weekly AI insights and Initial Journey documents with Standard."
    />
  );

  if (plans.isPending || current.isPending)
    return (
      <>
        {title}
        <LoadingState label="Loading plans..." />
      </>
    );

  if (plans.isError || current.isError)
    return (
      <>
        {title}
        <ErrorState
          title="Unable to load plans"
          message={failureMessage(plans.error ?? current.error, 'Please try again.') ?? 'Please try again.'}
          onRetry={() => {
            void plans.refetch();
            void current.refetch();
          }}
        />
      </>
    );

  return (
    <>
      {title}
      {subscription && <CurrentSubscriptionBanner subscription={subscription} actions={actions} />}
      <section aria-labelledby="plans-title">
        <Title order={2} fz="lg" mb="sm" id="plans-title">
          Plans
        </Title>
        {plans.data.plans.length === 0 ? (
          <EmptyState title="No plans available">Please try again later.</EmptyState>
        ) : (
          <div className={classes.plans}>
            {plans.data.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                held={held}
                pending={actions.pendingPlan === plan.id}
                disabled={actions.pendingPlan !== null && actions.pendingPlan !== plan.id}
                onChoose={(chosen) => void actions.choose(chosen)}
              />
            ))}
          </div>
        )}
        <Stack gap={4} mt="md">
          <Text fz="xs" c="dimmed">
            Prices in US dollars. Standard plans renew automatically until you cancel; first-time subscribers
            start with a free trial (14 days monthly, 2 months annual) and a card is needed to start it.
          </Text>
          <Text fz="xs" c="dimmed">
            Upgrades apply at once with the unused time credited; downgrades and cancellations take effect at
            the end of the billing period.
          </Text>
        </Stack>
      </section>
      {anySubscription && <BillingHistory />}

      <PlanChangeModal
        opened={dialog?.kind === 'plan'}
        mode={dialog?.kind === 'plan' ? dialog.mode : 'checkout'}
        plan={dialog?.kind === 'plan' ? dialog.plan : null}
        current={subscription}
        busy={actions.busy}
        onConfirm={(promo) => {
          if (dialog?.kind === 'plan') actions.confirmPlan(dialog.mode, dialog.plan, promo);
        }}
        onClose={actions.close}
      />
      <UpgradeSummaryModal
        opened={dialog?.kind === 'upgrade-summary'}
        plan={dialog?.kind === 'upgrade-summary' ? dialog.plan : null}
        proration={dialog?.kind === 'upgrade-summary' ? dialog.proration : null}
        current={subscription}
        busy={actions.busy}
        onConfirm={(promo) => {
          if (dialog?.kind === 'upgrade-summary') actions.upgrade(dialog.plan, promo);
        }}
        onClose={actions.close}
      />
      <CancelSubscriptionModal
        opened={dialog?.kind === 'cancel'}
        subscription={subscription}
        busy={actions.canceling}
        onConfirm={actions.cancel}
        onClose={actions.close}
      />
    </>
  );
}

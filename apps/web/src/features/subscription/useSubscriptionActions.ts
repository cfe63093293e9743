import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { billingMessages, type PlanId, type PlanResponse, type ProrationResponse } from '@mindledger/domain';
import { toast } from '../../ui/toast';
import { useCurrentUser } from '../auth';
import { setPaymentInProgress } from '../session';
import { promoFields, subscriptionApi, subscriptionKeys, type CheckoutAnswer, type PromoChoice } from './api';
import { answerMessage, toastFailure } from './messages';
import { appPath, isChoosable, isExternalUrl, planAction } from './plan-view';

export type PlanModalMode = 'checkout' | 'upgrade' | 'downgrade';

export type SubscriptionDialog =
  | { kind: 'plan'; mode: PlanModalMode; plan: PlanResponse }
  | { kind: 'upgrade-summary'; plan: PlanResponse; proration: ProrationResponse }
  | { kind: 'cancel' }
  | null;

/** Runs a call while the session timers hold still (Part 1 §4: no logout during payment). */
async function duringPayment<T>(call: () => Promise<T>): Promise<T> {
  setPaymentInProgress(true);
  try {
    return await call();
  } finally {
    setPaymentInProgress(false);
  }
}

/**
 * The plan page's actions (Part 2 §4 Subscription lifecycle) and the dialog they open: a new paid
 * plan goes through the plan modal to the hosted checkout; an upgrade fetches the proration preview
 * first (the plan modal when that fails) and applies at once; a downgrade is scheduled for the end
 * of the billing period; cancel keeps access until then.
 */
export function useSubscriptionActions(held: PlanId | null) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<SubscriptionDialog>(null);
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  const close = () => setDialog(null);

  /** Where create-checkout sends the client: the hosted checkout, a redirect, or a message here. */
  const followCheckout = (answer: CheckoutAnswer, fallback: string) => {
    // A trial asked for but used before, maybe by a deleted account (decision 106): said on the way.
    if (answer.message === billingMessages.trialUsed) toast.info(answer.message);
    if (answer.url) {
      const inApp = appPath(answer.url);
      if (inApp) return navigate(inApp);
      if (isExternalUrl(answer.url)) {
        // Stripe's hosted page: the payment goes on there; the timers resume when we are back.
        setPaymentInProgress(true);
        window.location.assign(answer.url);
        return;
      }
    }
    toast.success(answerMessage(answer, fallback));
    void refresh();
    close();
    const redirect = appPath(answer.redirect);
    if (redirect) void navigate(redirect);
  };

  const checkout = useMutation({
    mutationFn: ({ plan, promo }: { plan: PlanResponse; promo: PromoChoice | null }) =>
      duringPayment(() =>
        subscriptionApi.createCheckout({
          planType: plan.id,
          userId: user?.id ?? '',
          isSignup: false,
          isUpgrade: held !== null,
          isDowngrade: false,
          applyFirstTimeTrial: true,
          ...promoFields(promo),
        }),
      ),
    onMutate: ({ plan }) => setPendingPlan(plan.id),
    onSuccess: (answer, { plan }) =>
      void followCheckout(
        answer,
        plan.id === 'free-tier' ? billingMessages.freeActivated : billingMessages.created,
      ),
    onError: (error) => toastFailure(error, billingMessages.processFailed),
    onSettled: () => setPendingPlan(null),
  });

  const upgrade = useMutation({
    mutationFn: ({ plan, promo }: { plan: PlanResponse; promo: PromoChoice | null }) =>
      duringPayment(() =>
        subscriptionApi.update({
          planType: plan.id,
          updateType: 'immediate',
          reason: 'user_upgrade',
          ...promoFields(promo),
        }),
      ),
    onMutate: ({ plan }) => setPendingPlan(plan.id),
    onSuccess: (answer) => {
      toast.success(answerMessage(answer, billingMessages.upgraded));
      close();
    },
    onError: (error) => toastFailure(error, billingMessages.processFailed),
    onSettled: () => {
      setPendingPlan(null);
      void refresh();
    },
  });

  const downgrade = useMutation({
    mutationFn: (plan: PlanResponse) =>
      subscriptionApi.update({
        planType: plan.id,
        updateType: 'renewal',
        reason: 'user_downgrade',
        promoCode: null,
      }),
    onMutate: (plan) => setPendingPlan(plan.id),
    onSuccess: (answer) => {
      toast.success(answerMessage(answer, billingMessages.changed));
      close();
    },
    onError: (error) => toastFailure(error, billingMessages.downgradeFailed),
    onSettled: () => {
      setPendingPlan(null);
      void refresh();
    },
  });

  const cancel = useMutation({
    mutationFn: () => subscriptionApi.cancel(),
    onSuccess: (answer) => {
      toast.success(answerMessage(answer, billingMessages.canceled));
      close();
    },
    onError: (error) => toastFailure(error, billingMessages.cancelFailed),
    onSettled: () => void refresh(),
  });

  const resume = useMutation({
    mutationFn: () => subscriptionApi.resume(),
    onSuccess: (answer) => toast.success(answerMessage(answer, billingMessages.resumed)),
    onError: (error) => toastFailure(error, billingMessages.processFailed),
    onSettled: () => void refresh(),
  });

  const keepPlan = useMutation({
    mutationFn: () => subscriptionApi.cancelScheduled(),
    onSuccess: (answer) => toast.success(answerMessage(answer, billingMessages.scheduledCanceled)),
    onError: (error) => toastFailure(error, billingMessages.processFailed),
    onSettled: () => void refresh(),
  });

  const portal = useMutation({
    mutationFn: () => subscriptionApi.portal(),
    onSuccess: (answer) => {
      const inApp = appPath(answer.url);
      if (inApp) void navigate(inApp);
      else if (isExternalUrl(answer.url)) window.location.assign(answer.url);
    },
    onError: (error) => toastFailure(error, billingMessages.processFailed),
  });

  /** A plan card's button. */
  const choose = async (plan: PlanResponse) => {
    if (!isChoosable(plan.id)) return;
    const action = planAction(plan.id, held);
    if (action === 'none') return;
    if (action === 'free') return checkout.mutate({ plan, promo: null });
    if (action === 'checkout' || action === 'downgrade')
      return setDialog({ kind: 'plan', mode: action, plan });
    // An upgrade: the proration preview first; without it, the plan modal.
    setPendingPlan(plan.id);
    try {
      const proration = await subscriptionApi.proration(plan.id);
      setDialog({ kind: 'upgrade-summary', plan, proration });
    } catch {
      setDialog({ kind: 'plan', mode: 'upgrade', plan });
    } finally {
      setPendingPlan(null);
    }
  };

  /** The plan modal's confirm button. */
  const confirmPlan = (mode: PlanModalMode, plan: PlanResponse, promo: PromoChoice | null) => {
    if (mode === 'checkout') checkout.mutate({ plan, promo });
    else if (mode === 'upgrade') upgrade.mutate({ plan, promo });
    else downgrade.mutate(plan);
  };

  return {
    dialog,
    close,
    choose,
    confirmPlan,
    pendingPlan,
    busy: checkout.isPending || upgrade.isPending || downgrade.isPending,
    upgrade: (plan: PlanResponse, promo: PromoChoice | null) => upgrade.mutate({ plan, promo }),
    openCancel: () => setDialog({ kind: 'cancel' }),
    cancel: () => cancel.mutate(),
    canceling: cancel.isPending,
    resume: () => resume.mutate(),
    resuming: resume.isPending,
    keepPlan: () => keepPlan.mutate(),
    keepingPlan: keepPlan.isPending,
    portal: () => portal.mutate(),
    openingPortal: portal.isPending,
  };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;

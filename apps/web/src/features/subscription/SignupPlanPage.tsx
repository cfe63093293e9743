import { useCallback, useEffect, useRef, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { billingMessages, type PlanResponse } from '@mindledger/domain';
import { useDocumentTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { setPaymentInProgress } from '../session';
import { subscriptionApi, subscriptionKeys } from './api';
import { CheckoutReturn } from './CheckoutReturn';
import { answerMessage, failureMessage, toastFailure } from './messages';
import { PlanCard } from './PlanCard';
import { appPath, isExternalUrl } from './plan-view';
import { signupCheckoutPath, signupPlanPath, signupStep } from './signup-step';
import { SignupStepExpired } from './SignupStepExpired';
import classes from './subscription.module.css';

const loginPath = '/auth/login/client';

/**
 * /subscription/signup, 'Choose Your Plan' as the last step of a client's signup (decision 081):
 * no session yet, the token activation answered. Free sends the client to the login at once; a
 * Standard plan goes through the hosted checkout and comes back here with session_id (the
 * processing screen), then to the login (Part 2 §2 routes: the redirect after activating a
 * subscription during signup).
 */
export function SignupPlanPage() {
  useDocumentTitle('Choose Your Plan');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => signupStep.token());
  const sessionId = params.get('session_id');
  const canceled = params.get('cancel') === 'true';
  const noticeShown = useRef(false);

  useEffect(() => {
    if (!canceled || noticeShown.current) return;
    noticeShown.current = true;
    toast.info(billingMessages.checkoutCanceled);
    setParams(
      (next) => {
        next.delete('cancel');
        return next;
      },
      { replace: true },
    );
  }, [canceled, setParams]);

  const confirmSession = useCallback(
    (id: string) => subscriptionApi.confirmSignupCheckout(id, token ?? ''),
    [token],
  );
  const toLogin = useCallback(() => {
    signupStep.clear();
    void navigate(loginPath, { replace: true });
  }, [navigate]);
  const backToPlans = useCallback(() => void navigate(signupPlanPath, { replace: true }), [navigate]);

  if (!token) return <SignupStepExpired />;
  if (sessionId)
    return (
      <CheckoutReturn
        sessionId={sessionId}
        confirmSession={confirmSession}
        onConfirmed={toLogin}
        onViewOptions={backToPlans}
      />
    );
  return <SignupPlans token={token} onDone={toLogin} />;
}

function SignupPlans({ token, onDone }: { token: string; onDone: () => void }) {
  const navigate = useNavigate();
  const plans = useQuery({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => subscriptionApi.plans(signal),
    staleTime: 5 * 60_000,
  });
  const choose = useMutation({
    mutationFn: async (plan: PlanResponse) => {
      setPaymentInProgress(true);
      try {
        return await subscriptionApi.signupCheckout(plan.id, token);
      } finally {
        setPaymentInProgress(false);
      }
    },
    onSuccess: (answer, plan) => {
      // The trial was used before under this address, maybe by a deleted account (decision 106).
      if (answer.message === billingMessages.trialUsed) toast.info(answer.message);
      if (answer.url && isExternalUrl(answer.url)) {
        setPaymentInProgress(true);
        window.location.assign(answer.url);
        return;
      }
      if (answer.url && answer.sessionId && appPath(answer.url)) {
        void navigate(signupCheckoutPath(answer.sessionId));
        return;
      }
      toast.success(
        answerMessage(
          answer,
          plan.id === 'free-tier' ? billingMessages.freeActivated : billingMessages.created,
        ),
      );
      onDone();
    },
    onError: (error) => toastFailure(error, billingMessages.processFailed),
  });

  const heading = (
    <Stack gap={4} mb="md">
      <Title order={1} fz={26}>
        Choose Your Plan
      </Title>
      <Text c="dimmed">
        Your account is ready. Journal for free, or start a free trial of Standard for weekly AI insights and
        Initial Journey documents. You can change your plan at any time.
      </Text>
    </Stack>
  );

  if (plans.isPending)
    return (
      <>
        {heading}
        <LoadingState label="Loading plans..." />
      </>
    );
  if (plans.isError)
    return (
      <>
        {heading}
        <ErrorState
          title="Unable to load plans"
          message={failureMessage(plans.error, 'Please try again.') ?? 'Please try again.'}
          onRetry={() => void plans.refetch()}
        />
      </>
    );

  const pending = choose.isPending ? (choose.variables?.id ?? null) : null;
  return (
    <>
      {heading}
      {plans.data.plans.length === 0 ? (
        <EmptyState title="No plans available">Please try again later.</EmptyState>
      ) : (
        <div className={classes.plans}>
          {plans.data.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              held={null}
              pending={pending === plan.id}
              disabled={pending !== null && pending !== plan.id}
              onChoose={(chosen) => choose.mutate(chosen)}
            />
          ))}
        </div>
      )}
      <Text fz="xs" c="dimmed" mt="md">
        Prices in US dollars. Standard plans renew automatically until you cancel; a card is needed to start
        the free trial. Promo codes can be applied from Choose Your Plan once you have logged in.
      </Text>
    </>
  );
}

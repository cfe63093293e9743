import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  billingMessages,
  formatBillingDate,
  formatCents,
  localTestCards,
  type PlanResponse,
} from '@mindledger/domain';
import { ApiError } from '../../api/client';
import { PageTitle } from '../../ui/PageTitle';
import { ErrorState, LoadingState } from '../../ui/states';
import { applyServerFieldErrors } from '../auth';
import { setPaymentInProgress } from '../session';
import { subscriptionApi, subscriptionKeys, type LocalCheckoutSession } from './api';
import { cardFormSchema, formatCardNumber, formatCvc, formatExpiry, type CardFormValues } from './card-form';
import { failureMessage } from './messages';
import { subscriptionPath } from './paths';
import { signupPlanPath, signupStep } from './signup-step';
import { SignupStepExpired } from './SignupStepExpired';
import { appPath, priceLabel, trialSummary } from './plan-view';
import { SummaryList, type SummaryRow } from './SummaryList';
import classes from './subscription.module.css';

/**
 * /checkout/:sessionId, the local billing provider's hosted checkout (ruling 11, decision 078): the
 * order summary and a card form for test cards; on success the client goes back to 'Choose Your
 * Plan' with the session id, and 'Cancel' goes back with cancel=true.
 */
export function CheckoutPage({ signupToken }: { signupToken?: string | undefined }) {
  const { sessionId = '' } = useParams();
  const plansPath = signupToken ? signupPlanPath : subscriptionPath;
  const checkout = useQuery({
    queryKey: subscriptionKeys.checkout(sessionId),
    queryFn: ({ signal }) => subscriptionApi.localCheckout(sessionId, signal, signupToken),
    retry: false,
  });
  const title = <PageTitle title="Checkout" description="Review your plan and enter your card." />;

  if (checkout.isPending)
    return (
      <>
        {title}
        <LoadingState label="Loading checkout..." />
      </>
    );
  if (checkout.isError) {
    const notFound = checkout.error instanceof ApiError && checkout.error.status === 404;
    return (
      <>
        {title}
        <Stack gap="md" maw={560}>
          <ErrorState
            title={notFound ? 'Checkout not found' : 'Unable to load checkout'}
            message={
              notFound
                ? 'This checkout does not exist or belongs to another account. Please start again from Choose Your Plan.'
                : (failureMessage(checkout.error, 'Please try again.') ?? 'Please try again.')
            }
            onRetry={notFound ? undefined : () => void checkout.refetch()}
          />
          <BackToPlans to={plansPath} />
        </Stack>
      </>
    );
  }

  const session = checkout.data.session;
  const closed =
    session.status === 'complete'
      ? 'This checkout is already complete. Your subscription is on Choose Your Plan.'
      : session.status === 'expired' || new Date(session.expiresAt).getTime() <= Date.now()
        ? billingMessages.checkoutExpired
        : null;

  return (
    <>
      {title}
      <div className={classes.checkout}>
        <OrderSummary session={session} />
        {closed ? (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md" align="flex-start">
              <Text role="status">{closed}</Text>
              <BackToPlans to={plansPath} />
            </Stack>
          </Card>
        ) : (
          <CardForm session={session} signupToken={signupToken} plansPath={plansPath} />
        )}
      </div>
    </>
  );
}

/** The hosted checkout of the plan step of signup (decision 081): no session, the signup token. */
export function SignupCheckoutPage() {
  const token = signupStep.token();
  if (token) return <CheckoutPage signupToken={token} />;
  return <SignupStepExpired />;
}

function BackToPlans({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" w="fit-content">
      Back to Choose Your Plan
    </Button>
  );
}

function dueToday(session: LocalCheckoutSession): string | null {
  if (session.withTrial) return formatCents(0);
  // A promo's discount is worked out when paying; the invoice shows it.
  return session.promoCode ? null : formatCents(session.plan.price);
}

function OrderSummary({ session }: { session: LocalCheckoutSession }) {
  const plan: PlanResponse = session.plan;
  const trial = session.withTrial ? trialSummary(plan.id, plan.price, plan.interval) : null;
  const due = dueToday(session);
  const rows: SummaryRow[] = [
    { term: 'Plan', value: plan.name },
    { term: 'Price', value: priceLabel(plan.price, plan.interval) },
  ];
  if (trial) rows.push({ term: 'Free trial', value: trial });
  if (session.promoCode) rows.push({ term: 'Promo code', value: session.promoCode });
  if (due) rows.push({ term: 'Due today', value: due, strong: true });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="order-summary-title">
          Order summary
        </Title>
        <SummaryList rows={rows} />
        {trial && (
          <Text fz="sm" data-testid="trial-text">
            {trial}. Your card is charged when the trial ends unless you cancel before then.
          </Text>
        )}
        {session.promoCode && !session.withTrial && (
          <Text fz="sm">The promo discount is taken off when you pay and shows on your invoice.</Text>
        )}
        <Text fz="xs" c="dimmed">
          Renews automatically until you cancel. This checkout is open until{' '}
          {formatBillingDate(session.expiresAt)}.
        </Text>
      </Stack>
    </Card>
  );
}

const fields = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

function CardForm({
  session,
  signupToken,
  plansPath,
}: {
  session: LocalCheckoutSession;
  signupToken: string | undefined;
  plansPath: string;
}) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const cancelTo = appPath(session.cancelUrl) ?? plansPath;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setPaymentInProgress(true);
    try {
      const card = {
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expiry: values.expiry,
        cvc: values.cvc,
        name: values.name.trim(),
      };
      const answer = await subscriptionApi.pay(session.id, card, signupToken);
      await navigate(appPath(answer.redirect) ?? plansPath, { replace: true });
    } catch (error) {
      if (applyServerFieldErrors(error, fields, form.setError)) return;
      setFormError(failureMessage(error, billingMessages.processFailed));
    } finally {
      setPaymentInProgress(false);
    }
  });

  const payLabel = session.withTrial
    ? 'Start trial'
    : session.promoCode
      ? 'Pay and subscribe'
      : `Pay ${formatCents(session.plan.price)}`;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="payment-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="payment-title">
            Card details
          </Title>
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden="true" />} p="sm" role="note">
            <Text fz="sm">
              Test checkout: no real card is charged. Use {formatCardNumber(localTestCards.success)} with any
              future expiry date and any CVC.
            </Text>
          </Alert>
          <Controller
            control={form.control}
            name="cardNumber"
            render={({ field }) => (
              <TextInput
                label="Card number"
                required
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                maxLength={23}
                error={errors.cardNumber?.message}
                {...field}
                onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
              />
            )}
          />
          <Group grow align="flex-start" gap="sm">
            <Controller
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <TextInput
                  label="Expiry date"
                  description="MM/YY"
                  required
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  maxLength={5}
                  error={errors.expiry?.message}
                  {...field}
                  onChange={(event) => field.onChange(formatExpiry(event.currentTarget.value, field.value))}
                />
              )}
            />
            <Controller
              control={form.control}
              name="cvc"
              render={({ field }) => (
                <TextInput
                  label="CVC"
                  description="3 or 4 digits"
                  required
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  maxLength={4}
                  error={errors.cvc?.message}
                  {...field}
                  onChange={(event) => field.onChange(formatCvc(event.currentTarget.value))}
                />
              )}
            />
          </Group>
          <TextInput
            label="Name on card"
            required
            autoComplete="cc-name"
            maxLength={100}
            error={errors.name?.message}
            {...form.register('name')}
          />
          {formError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              role="alert"
              p="sm"
            >
              {formError}
            </Alert>
          )}
          <Group justify="space-between" mt="sm" gap="sm">
            <Button component={Link} to={cancelTo} variant="default" disabled={isSubmitting}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={isSubmitting}
              leftSection={<IconLock size={16} aria-hidden="true" />}
            >
              {payLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { useEffect, useState } from 'react';
import { Anchor, Button, Card, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { billingMessages } from '@mindledger/domain';
import { useDocumentTitle } from '../../ui/PageTitle';
import { toast } from '../../ui/toast';
import { setPaymentInProgress } from '../session';
import { subscriptionApi, subscriptionKeys, type CheckoutConfirmation } from './api';
import { answerMessage, supportEmail } from './messages';
import classes from './subscription.module.css';

/** The success message of a confirmed checkout (the server's, or the spec's by kind). */
export function confirmationMessage(answer: CheckoutConfirmation): string {
  const fallback = answer.isUpgrade
    ? billingMessages.upgraded
    : answer.isDowngrade
      ? billingMessages.changed
      : billingMessages.created;
  return answerMessage(answer, fallback);
}

/**
 * One confirmation per session id, however often the screen mounts (React's strict mode mounts it
 * twice): the toast shows once.
 */
const confirmations = new Map<string, Promise<boolean>>();

type Confirm = (sessionId: string) => Promise<CheckoutConfirmation>;

async function confirm(sessionId: string, queryClient: QueryClient, ask: Confirm): Promise<boolean> {
  setPaymentInProgress(true);
  try {
    const answer = await ask(sessionId);
    if (!answer.success) return false;
    toast.success(confirmationMessage(answer));
    return true;
  } catch {
    return false;
  } finally {
    setPaymentInProgress(false);
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  }
}

function confirmOnce(sessionId: string, queryClient: QueryClient, ask: Confirm): Promise<boolean> {
  let pending = confirmations.get(sessionId);
  if (!pending) {
    pending = confirm(sessionId, queryClient, ask).then((ok) => {
      // A failed confirmation may be tried again (a reload of the page).
      if (!ok) confirmations.delete(sessionId);
      return ok;
    });
    confirmations.set(sessionId, pending);
  }
  return pending;
}

/** Forget the confirmations made so far (tests). */
export function resetConfirmations(): void {
  confirmations.clear();
}

export interface CheckoutReturnProps {
  sessionId: string;
  /** The subscription is active: back to the plans (the session id leaves the address). */
  onConfirmed: () => void;
  /** 'View Subscription Options' on the activation-error screen. */
  onViewOptions: () => void;
  /** How the session is confirmed (the plan step of signup confirms with its token). */
  confirmSession?: Confirm;
}

/**
 * Back from the hosted checkout with a session_id (Part 2 §4): the processing screen while the
 * session is confirmed, then the plans with a success toast, or the activation-error screen.
 */
export function CheckoutReturn({
  sessionId,
  onConfirmed,
  onViewOptions,
  confirmSession = subscriptionApi.confirmCheckout,
}: CheckoutReturnProps) {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void confirmOnce(sessionId, queryClient, confirmSession).then((ok) => {
      if (!live) return;
      if (ok) onConfirmed();
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [sessionId, queryClient, onConfirmed, confirmSession]);

  if (failed) return <ActivationError onViewOptions={onViewOptions} />;
  return <Processing />;
}

function Processing() {
  useDocumentTitle('Activating your subscription');
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.state}>
      <Stack align="center" gap="sm" ta="center" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Title order={1} fz="xl">
          Activating your subscription
        </Title>
        <Text c="dimmed">Please wait while we confirm your payment. This takes a few seconds.</Text>
      </Stack>
    </Card>
  );
}

/** The activation-error screen (Part 2 §2, §8): the message, the way back and a support contact. */
export function ActivationError({ onViewOptions }: { onViewOptions: () => void }) {
  useDocumentTitle('Subscription problem');
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.state}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon color="red" variant="light" size={48} radius="xl" aria-hidden="true">
          <IconAlertTriangle size={26} />
        </ThemeIcon>
        <Title order={1} fz="xl">
          Subscription not activated
        </Title>
        <Text role="alert">{billingMessages.activationError}</Text>
        <Text fz="sm">
          Support: <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
        <Button onClick={onViewOptions}>View Subscription Options</Button>
      </Stack>
    </Card>
  );
}

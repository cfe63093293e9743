import { useEffect, useRef } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api, ApiError, errorMessage } from '../../api/client';
import { useDocumentTitle } from '../../ui/PageTitle';
import { LoadingState } from '../../ui/states';

/** The server's answer to a bad or expired token (docs/API-notifications.md, Email). */
export const unsubscribeInvalidMessage = 'This unsubscribe link is not valid.';

interface UnsubscribeAnswer {
  success: boolean;
  message?: string;
  type?: string;
}

/**
 * The public answer to the Unsubscribe link of a notification email: POSTs the token on load (no
 * sign-in; the signed token is the credential) and says which emails were turned off. A query, not a
 * mutation, so the one call is shared when React mounts the page twice; it is never retried or
 * refetched (a second click of the same link still answers the same message).
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const answer = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () =>
      api.post<UnsubscribeAnswer>('/api/v1/notifications/unsubscribe', undefined, { query: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The result is announced by moving focus to its heading (a screen reader reads it at once).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const settled = token === '' || answer.isSuccess || answer.isError;
  useEffect(() => {
    if (settled) headingRef.current?.focus();
  }, [settled]);

  let content;
  if (token !== '' && answer.isPending) {
    content = <LoadingState label="Updating your email preferences..." />;
  } else if (answer.isSuccess) {
    content = (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden="true" />}
        role="status"
        data-testid="unsubscribe-result"
      >
        <Text fz="sm">{answer.data.message ?? 'Your email preferences were updated.'}</Text>
      </Alert>
    );
  } else {
    const message =
      token === ''
        ? unsubscribeInvalidMessage
        : answer.error instanceof ApiError && answer.error.status === 400
          ? answer.error.message || unsubscribeInvalidMessage
          : errorMessage(answer.error, 'We could not update your email preferences. Please try again later.');
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        role="alert"
        data-testid="unsubscribe-result"
      >
        <Text fz="sm">{message}</Text>
      </Alert>
    );
  }

  const failed = token === '' || answer.isError;
  return (
    <Stack gap="md" aria-busy={!settled}>
      <Stack gap={4}>
        <Title order={1} fz={26} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {!settled ? 'Unsubscribing...' : failed ? 'Unsubscribe failed' : 'You are unsubscribed'}
        </Title>
        <Text c="dimmed">Email preferences for your MindLedger notifications.</Text>
      </Stack>
      {content}
      {settled && (
        <>
          <Text fz="sm" c="dimmed">
            {failed
              ? 'You can still change which emails you receive after signing in.'
              : 'In-app notifications are not affected. You can change which emails you receive after signing in.'}
          </Text>
          <Button component={Link} to="/auth/login/client" fullWidth>
            Go to sign in
          </Button>
        </>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Update2faInput } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { tokenStore } from '../../../api/token';
import type { TwoFactorSettingsResponse } from '../../../api/types';
import { ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { authStore, fetchMe } from '../../auth';
import { profileApi, twoFactorQueryKey } from '../api';
import { SettingsCard } from './SettingsCard';
import { TotpConfirmForm, TwoFactorPasswordForm } from './TwoFactorForms';

type Totp = NonNullable<TwoFactorSettingsResponse['totp']>;

/**
 * Two-factor: email codes, an authenticator app (secret and otpauth URL as text), or off. Turning it
 * on or off signs out the other devices (decision 105): the card says so, and so does the answer's
 * message in the toast.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: twoFactorQueryKey, queryFn: profileApi.twoFactorSettings });
  const [totp, setTotp] = useState<Totp | null>(null);

  const update = useMutation({
    mutationFn: (input: Update2faInput) => profileApi.updateTwoFactor(input),
    onSuccess: ({ accessToken, ...response }) => {
      // Turning a method on or off signs out the other devices; this one goes on in a new session
      // (the token goes to the token store only, never into the query cache).
      if (accessToken) tokenStore.set(accessToken);
      queryClient.setQueryData(twoFactorQueryKey, response);
      setTotp(response.totp ?? null);
      if (response.message) toast.success(response.message);
      // The user object carries twoFactor too; refresh it for the profile page.
      fetchMe()
        .then((user) => authStore.setUser(user))
        .catch(() => undefined);
    },
  });

  const run = async (input: Update2faInput): Promise<string | null> => {
    try {
      await update.mutateAsync(input);
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  };

  const body = () => {
    if (settings.isPending) return <LoadingState label="Loading two-factor settings..." />;
    if (settings.isError) {
      return <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />;
    }
    const current = settings.data.settings;
    if (current.enabled) {
      return (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color="green" variant="light">
              On
            </Badge>
            <Text fz="sm">{current.method === 'totp' ? 'Authenticator app' : 'Email codes'}</Text>
          </Group>
          <TwoFactorPasswordForm
            id="2fa-disable"
            actions={[{ label: 'Turn off two-factor authentication', color: 'red', action: 'disable' }]}
            onSubmit={(action, password) => run({ action, password } as Update2faInput)}
          />
        </Stack>
      );
    }
    if (current.totpPending) {
      return (
        <Stack gap="md">
          {totp ? (
            <Stack gap={6}>
              <Text fz="sm">
                Add this account to your authenticator app with the secret key or the setup link, then enter
                the 6-digit code it shows.
              </Text>
              <Text fz="xs" fw={600} c="dimmed">
                Secret key
              </Text>
              <Text ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
                {totp.secret}
              </Text>
              <Text fz="xs" fw={600} c="dimmed">
                Setup link (otpauth URL)
              </Text>
              <Text ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }} data-testid="totp-url">
                {totp.otpauthUrl}
              </Text>
            </Stack>
          ) : (
            <Text fz="sm">
              An authenticator setup was started. Enter a code from the app, or start again to see the secret
              key.
            </Text>
          )}
          <TotpConfirmForm onSubmit={(code) => run({ action: 'confirm-totp', code })} />
          {!totp && (
            <TwoFactorPasswordForm
              id="2fa-restart"
              actions={[{ label: 'Start again', action: 'start-totp' }]}
              onSubmit={(action, password) => run({ action, password } as Update2faInput)}
            />
          )}
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <Group gap="xs">
          <Badge color="gray" variant="light">
            Off
          </Badge>
          <Text fz="sm">Add a second step to your login with a code.</Text>
        </Group>
        <TwoFactorPasswordForm
          id="2fa-enable"
          actions={[
            { label: 'Use email codes', action: 'enable-email' },
            { label: 'Set up authenticator app', action: 'start-totp', variant: 'light' },
          ]}
          onSubmit={(action, password) => run({ action, password } as Update2faInput)}
        />
      </Stack>
    );
  };

  return (
    <SettingsCard
      id="two-factor"
      title="Two-factor authentication"
      description="Protect your account with a code from your email or an authenticator app. Other devices are signed out when you turn it on or off."
    >
      {body()}
    </SettingsCard>
  );
}

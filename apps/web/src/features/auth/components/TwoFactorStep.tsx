import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import type { SessionResponse, TwoFactorChallenge } from '../../../api/types';
import { toast } from '../../../ui/toast';
import { assertSession, authApi } from '../api';
import { FormAlert } from './FormAlert';
import { codeSchema, type CodeInput } from './form-utils';

interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  onVerified: (session: SessionResponse) => void;
  onBack: () => void;
}

/** Second login step: the code from the email or the authenticator app (verify-2fa). */
export function TwoFactorStep({ challenge, onVerified, onBack }: TwoFactorStepProps) {
  const [token, setToken] = useState(challenge.two_factor_token);
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<CodeInput>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      onVerified(assertSession(await authApi.verifyTwoFactor(token, code)));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      const response = await authApi.resendTwoFactor(token);
      if (response.activationToken) setToken(response.activationToken);
      toast.success(response.message ?? 'We sent a new code to your email.');
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  const byEmail = challenge.method === 'email';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} fz={26}>
          Two-factor verification
        </Title>
        <Text c="dimmed">
          {challenge.message ??
            (byEmail
              ? 'Enter the code we sent to your email.'
              : 'Enter the code from your authenticator app.')}
        </Text>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextInput
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" onClick={onBack} fz="sm">
            Back to login
          </Anchor>
          {byEmail && (
            <Button variant="subtle" size="compact-sm" onClick={() => void resend()} loading={resending}>
              Resend code
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

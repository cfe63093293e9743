import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  codeMessage,
  codePattern,
  messages,
  newPasswordField,
  passwordsDoNotMatch,
} from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { useDocumentTitle } from '../../../ui/PageTitle';
import { authApi } from '../api';
import { FormAlert } from '../components/FormAlert';
import { withMobileFlag } from '../components/links';
import { clearPendingCode, readPendingCode, savePendingCode, type PendingCode } from '../pending-code';
import { passwordToggleProps } from '../../../ui/password-toggle';

const resetSchema = z
  .object({
    code: z.string().trim().regex(codePattern, codeMessage),
    password: newPasswordField('New password'),
    confirmPassword: z.string().min(1, messages.fieldRequired('Confirm password')),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordsDoNotMatch,
  });
type ResetInput = z.input<typeof resetSchema>;

/** Reset password: the code from the email and the new password (PUT set-password). */
export function ResetPasswordPage() {
  useDocumentTitle('Reset your password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = params.get('m') === '1';
  const [pending, setPending] = useState<PendingCode | null>(() => readPendingCode('password-reset'));
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<ResetInput>({
    resolver: zodResolver(resetSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (!pending?.token) return;
    try {
      const response = await authApi.setPassword({
        activation_token: pending.token,
        activation_code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      clearPendingCode('password-reset');
      toast.success(response.message ?? 'Your password has been updated. You can now log in.');
      navigate(withMobileFlag('/auth/login/client', mobile), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  const resend = async () => {
    if (!pending) return;
    setResending(true);
    try {
      const response = await authApi.requestPasswordReset(pending.email);
      const next = { ...pending, token: response.activationToken };
      savePendingCode('password-reset', next);
      setPending(next);
      toast.success('We sent a new code to your email.');
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  if (!pending?.token) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          Reset your password
        </Title>
        <Text>Start by requesting a reset code for your email address.</Text>
        <Button component={Link} to={withMobileFlag('/auth/forgot-password', mobile)}>
          Request a reset code
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reset-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={26} id="reset-title">
            Reset your password
          </Title>
          <Text c="dimmed">Enter the 6-digit code we sent to {pending.email} and choose a new password.</Text>
        </Stack>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextInput
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          visibilityToggleButtonProps={passwordToggleProps}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          visibilityToggleButtonProps={passwordToggleProps}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Set new password
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={withMobileFlag('/auth/login/client', mobile)} fz="sm">
            Back to login
          </Anchor>
          <Button variant="subtle" size="compact-sm" onClick={() => void resend()} loading={resending}>
            Resend code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '@mindledger/domain';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { useDocumentTitle } from '../../../ui/PageTitle';
import { authApi } from '../api';
import { FormAlert } from '../components/FormAlert';
import { withMobileFlag } from '../components/links';
import { savePendingCode } from '../pending-code';

type ForgotInput = z.input<typeof resetPasswordSchema>;

/** Forgot password: reset-user-password sends a code, then the reset page sets the new password. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = params.get('m') === '1';
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const address = email.trim().toLowerCase();
      const response = await authApi.requestPasswordReset(address);
      savePendingCode('password-reset', { token: response.activationToken, email: address });
      toast.success(
        response.message ?? 'If an account exists for this email, we sent a code to reset the password.',
      );
      navigate(withMobileFlag('/auth/reset-password', mobile));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={26} id="forgot-title">
            Forgot your password?
          </Title>
          <Text c="dimmed">Enter your email and we will send you a code to reset it.</Text>
        </Stack>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Send reset code
        </Button>
        <Anchor component={Link} to={withMobileFlag('/auth/login/client', mobile)} fz="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}

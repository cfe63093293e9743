import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isValidEmail } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { useDocumentTitle } from '../../../ui/PageTitle';
import { signupPlanPath, signupStep } from '../../subscription';
import { authApi } from '../api';
import { FormAlert } from '../components/FormAlert';
import { codeSchema, type CodeInput } from '../components/form-utils';
import { withMobileFlag } from '../components/links';
import { clearPendingCode, readPendingCode, savePendingCode, type PendingCode } from '../pending-code';

/** Activation with the 6-digit code from the email; 'Resend code' asks resend-otp for a new one. */
export function ActivatePage() {
  useDocumentTitle('Activate your account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = params.get('m') === '1';
  const [pending, setPending] = useState<PendingCode | null>(() => readPendingCode('activation'));
  const [email, setEmail] = useState(pending?.email ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<CodeInput>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const resend = async () => {
    setFormError(null);
    if (!isValidEmail(email.trim())) {
      setFormError('Enter the email address you registered with.');
      return;
    }
    setResending(true);
    try {
      const response = await authApi.resendActivation(email.trim().toLowerCase());
      const next = {
        token: response.activationToken,
        email: email.trim().toLowerCase(),
        role: pending?.role,
      };
      savePendingCode('activation', next);
      setPending(next);
      setNotice(response.message ?? 'We sent a new code to your email.');
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    if (!pending?.token) {
      setFormError('Request a code first with Resend code.');
      return;
    }
    try {
      const response = await authApi.activate(pending.token, code);
      clearPendingCode('activation');
      if (response.signupToken) {
        // A new client picks a plan before the first sign-in (decision 081).
        signupStep.save(response.signupToken);
        toast.success('Your account is activated. Choose a plan to continue.');
        navigate(withMobileFlag(signupPlanPath, mobile), { replace: true });
        return;
      }
      toast.success(response.message ?? 'Your account is activated. You can now log in.');
      const login = pending.role === 'provider' ? '/auth/login' : '/auth/login/client';
      navigate(withMobileFlag(login, mobile), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="activate-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={26} id="activate-title">
            Activate your account
          </Title>
          <Text c="dimmed">
            {pending?.token
              ? `Enter the 6-digit code we sent to ${pending.email}.`
              : 'Enter your email and choose Resend code to get a new activation code.'}
          </Text>
        </Stack>
        {notice && <FormAlert kind="success">{notice}</FormAlert>}
        {formError && <FormAlert>{formError}</FormAlert>}
        {!pending?.token && (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        )}
        <TextInput
          label="Activation code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Activate account
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

import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homeForRole, loginSchema, sessionMessages, type LoginInput } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../../api/client';
import type { SessionResponse, TwoFactorChallenge } from '../../../api/types';
import { useDocumentTitle } from '../../../ui/PageTitle';
import { assertSession, authApi } from '../api';
import { authStore } from '../auth-store';
import { FormAlert } from '../components/FormAlert';
import { applyServerFieldErrors } from '../components/form-utils';
import { returnPath, withMobileFlag } from '../components/links';
import { TwoFactorStep } from '../components/TwoFactorStep';
import { savePendingCode } from '../pending-code';
import { passwordToggleProps } from '../../../ui/password-toggle';

type Variant = 'client' | 'provider';

type LoginProblem =
  | { kind: 'error'; message: string }
  | { kind: 'activation'; message: string; email: string }
  | { kind: 'approval'; message: string };

function problemFrom(error: unknown, email: string): LoginProblem {
  if (error instanceof ApiError && error.status === 403 && error.body.activationRequired === true) {
    const to = typeof error.body.email === 'string' ? error.body.email : email;
    return { kind: 'activation', message: error.message, email: to };
  }
  if (error instanceof ApiError && error.status === 403 && error.body.approvalRequired === true) {
    return { kind: 'approval', message: error.message };
  }
  return { kind: 'error', message: errorMessage(error) };
}

const copy: Record<Variant, { title: string; subtitle: string }> = {
  client: { title: 'Client Login', subtitle: 'Welcome back. Log in to your journal.' },
  provider: { title: 'Provider Login', subtitle: 'For therapists and administrators.' },
};

function LoginPage({ variant }: { variant: Variant }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = params.get('m') === '1';
  const timedOut = params.get('timeout') === 'true';
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useDocumentTitle(copy[variant].title);

  const finish = (session: SessionResponse) => {
    authStore.signIn(session.accessToken, session.user);
    // the mobile app's flag travels on to the home (spec: /user/home?m=1 on mobile)
    navigate(returnPath(location.state) ?? withMobileFlag(homeForRole(session.user.userRole), mobile), {
      replace: true,
    });
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await authApi.login(values);
      if ('requires2fa' in response && response.requires2fa) setChallenge(response);
      else finish(assertSession(response));
    } catch (error) {
      if (applyServerFieldErrors(error, ['email', 'password'], form.setError)) return;
      const next = problemFrom(error, values.email);
      if (next.kind === 'activation') savePendingCode('activation', { token: null, email: next.email });
      setProblem(next);
    }
  });

  if (challenge) {
    return <TwoFactorStep challenge={challenge} onVerified={finish} onBack={() => setChallenge(null)} />;
  }

  const other = variant === 'client' ? '/auth/login' : '/auth/login/client';
  const registerPath = variant === 'client' ? '/auth/register' : '/auth/register?role=provider';
  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={26} id="login-title">
            {copy[variant].title}
          </Title>
          <Text c="dimmed">{copy[variant].subtitle}</Text>
        </Stack>
        {timedOut && <FormAlert kind="warning">{sessionMessages.loginAfterTimeout}</FormAlert>}
        {problem?.kind === 'error' && <FormAlert>{problem.message}</FormAlert>}
        {problem?.kind === 'approval' && <FormAlert kind="info">{problem.message}</FormAlert>}
        {problem?.kind === 'activation' && (
          <FormAlert kind="warning">
            <Stack gap={6}>
              <span>{problem.message}</span>
              <Anchor component={Link} to={withMobileFlag('/auth/activate', mobile)} fw={600}>
                Activate your account
              </Anchor>
            </Stack>
          </FormAlert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          visibilityToggleButtonProps={passwordToggleProps}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={withMobileFlag('/auth/forgot-password', mobile)} fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} fullWidth>
          Log in
        </Button>
        <Text ta="center" fz="sm">
          New to MindLedger?{' '}
          <Anchor component={Link} to={withMobileFlag(registerPath, mobile)} inherit>
            Create an account
          </Anchor>
        </Text>
        <Text ta="center" fz="sm" c="dimmed">
          {variant === 'client' ? 'Are you a therapist? ' : 'Are you a client? '}
          <Anchor component={Link} to={withMobileFlag(other, mobile)} inherit>
            {variant === 'client' ? 'Provider login' : 'Client login'}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export function ClientLoginPage() {
  return <LoginPage variant="client" />;
}

export function ProviderLoginPage() {
  return <LoginPage variant="provider" />;
}

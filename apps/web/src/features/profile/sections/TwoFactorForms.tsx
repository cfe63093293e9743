import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { confirmPasswordSchema } from '@mindledger/domain';
import type { z } from 'zod';
import { codeSchema, type CodeInput } from '../../auth';
import { passwordToggleProps } from '../../../ui/password-toggle';

type PasswordAction = 'enable-email' | 'start-totp' | 'disable';

interface ActionButton {
  label: string;
  action: PasswordAction;
  color?: string;
  variant?: 'filled' | 'light';
}

interface PasswordFormProps {
  id: string;
  actions: ActionButton[];
  /** Resolves to an error message, or null on success. */
  onSubmit: (action: PasswordAction, password: string) => Promise<string | null>;
}

type PasswordInputValues = z.input<typeof confirmPasswordSchema>;

/** A password field and one or more actions that need it (enable, start setup, disable). */
export function TwoFactorPasswordForm({ id, actions, onSubmit }: PasswordFormProps) {
  const [busy, setBusy] = useState<PasswordAction | null>(null);
  const form = useForm<PasswordInputValues>({
    resolver: zodResolver(confirmPasswordSchema),
    defaultValues: { password: '' },
  });

  const submit = (action: PasswordAction) =>
    form.handleSubmit(async ({ password }) => {
      setBusy(action);
      const problem = await onSubmit(action, password);
      setBusy(null);
      if (problem) form.setError('password', { type: 'server', message: problem });
      else form.reset({ password: '' });
    });

  return (
    <form id={id} onSubmit={(event) => void submit(actions[0]!.action)(event)} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Password"
          description="Enter your password to change two-factor settings."
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          visibilityToggleButtonProps={passwordToggleProps}
          {...form.register('password')}
        />
        <Group gap="sm" justify="flex-end">
          {actions.map((item, index) => (
            <Button
              key={item.action}
              type={index === 0 ? 'submit' : 'button'}
              color={item.color}
              variant={item.variant ?? 'filled'}
              loading={busy === item.action}
              disabled={busy !== null && busy !== item.action}
              onClick={index === 0 ? undefined : (event) => void submit(item.action)(event)}
            >
              {item.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </form>
  );
}

/** Confirms an authenticator app with its current 6-digit code. */
export function TotpConfirmForm({ onSubmit }: { onSubmit: (code: string) => Promise<string | null> }) {
  const form = useForm<CodeInput>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    const problem = await onSubmit(code.trim());
    if (problem) form.setError('code', { type: 'server', message: problem });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Confirm setup
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          The code changes every 30 seconds.
        </Text>
      </Stack>
    </form>
  );
}

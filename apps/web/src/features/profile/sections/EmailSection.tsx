import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { updateEmailSchema } from '@mindledger/domain';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import type { User } from '../../../api/types';
import { toast } from '../../../ui/toast';
import { applyServerFieldErrors, authStore, codeSchema, type CodeInput } from '../../auth';
import { profileApi } from '../api';
import { SettingsCard } from './SettingsCard';
import { passwordToggleProps } from '../../../ui/password-toggle';

type EmailInput = z.input<typeof updateEmailSchema>;

interface PendingEmail {
  token: string;
  newEmail: string;
  currentEmail: string;
}

/** Change email: a code goes to the new address (update-user-email), then verify-new-email. */
export function EmailSection({ user }: { user: User }) {
  const [pending, setPending] = useState<PendingEmail | null>(null);
  const form = useForm<EmailInput>({
    resolver: zodResolver(updateEmailSchema),
    defaultValues: { currentEmail: user.email, currentPassword: '', newEmail: '' },
  });
  const codeForm = useForm<CodeInput>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  const request = useMutation({
    mutationFn: profileApi.updateEmail,
    onSuccess: (response, values) => {
      setPending({
        token: response.activationToken,
        newEmail: values.newEmail,
        currentEmail: values.currentEmail,
      });
      toast.success(response.message ?? 'We sent a code to your new email address.');
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, ['currentEmail', 'currentPassword', 'newEmail'], form.setError)) {
        form.setError('root', { type: 'server', message: errorMessage(error) });
      }
    },
  });

  const verify = useMutation({
    mutationFn: (code: string) => profileApi.verifyNewEmail(pending?.token ?? '', code),
    onSuccess: (response) => {
      authStore.setUser(response.user);
      setPending(null);
      form.reset({ currentEmail: response.user.email, currentPassword: '', newEmail: '' });
      codeForm.reset({ code: '' });
      toast.success(response.message ?? 'Your email address has been changed.');
    },
    onError: (error) => codeForm.setError('code', { type: 'server', message: errorMessage(error) }),
  });

  const resend = useMutation({
    mutationFn: () => profileApi.resendEmailCode(pending?.newEmail ?? '', pending?.currentEmail ?? ''),
    onSuccess: (response) => {
      setPending((current) => (current ? { ...current, token: response.activationToken } : current));
      toast.success(response.message ?? 'We sent a new code to your email.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <SettingsCard id="email" title="Change email" description={`Your email address is ${user.email}.`}>
      {pending ? (
        <form onSubmit={codeForm.handleSubmit(({ code }) => verify.mutate(code.trim()))} noValidate>
          <Stack gap="md">
            <Text fz="sm">We sent a 6-digit code to {pending.newEmail}. Enter it to confirm the change.</Text>
            <TextInput
              label="Email verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={codeForm.formState.errors.code?.message}
              {...codeForm.register('code')}
            />
            <Group justify="space-between">
              <Group gap="xs">
                <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending}>
                  Resend code
                </Button>
                <Button variant="subtle" color="gray" onClick={() => setPending(null)}>
                  Cancel
                </Button>
              </Group>
              <Button type="submit" loading={verify.isPending}>
                Verify email
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={form.handleSubmit((values) => request.mutate(values))} noValidate>
          <Stack gap="md">
            {form.formState.errors.root && (
              <Text c="red" fz="sm" role="alert">
                {form.formState.errors.root.message}
              </Text>
            )}
            <TextInput label="Current email" type="email" readOnly {...form.register('currentEmail')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              error={form.formState.errors.currentPassword?.message}
              visibilityToggleButtonProps={passwordToggleProps}
              {...form.register('currentPassword')}
            />
            <TextInput
              label="New email"
              type="email"
              autoComplete="email"
              error={form.formState.errors.newEmail?.message}
              {...form.register('newEmail')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                Send verification code
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}

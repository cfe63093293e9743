import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { deleteAccountSchema } from '@mindledger/domain';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { logout } from '../../auth';
import { profileApi } from '../api';
import { SettingsCard } from './SettingsCard';
import { openConfirm } from '../../../ui/confirm';
import { passwordToggleProps } from '../../../ui/password-toggle';

type DeleteInput = z.input<typeof deleteAccountSchema>;

/** Delete account: password and the word DELETE, a confirmation, then sign-out to the login page. */
export function DeleteAccountSection() {
  const form = useForm<DeleteInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' as 'DELETE' },
  });
  const mutation = useMutation({
    mutationFn: (password: string) => profileApi.deleteAccount(password),
    onSuccess: async (response) => {
      toast.success(response.message ?? 'Your account has been deleted.');
      await logout({ clearDrafts: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        form.setError('password', { type: 'server', message: error.message });
      } else toast.error(errorMessage(error));
    },
  });

  const confirm = form.handleSubmit(({ password }) => {
    void openConfirm({
      title: 'Delete your account?',
      centered: true,
      children: (
        <Text fz="sm">
          This permanently deletes your account and everything in it. You will be signed out. This cannot be
          undone.
        </Text>
      ),
      labels: { confirm: 'Delete my account', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => mutation.mutate(password),
    });
  });

  return (
    <SettingsCard
      id="delete-account"
      title="Delete account"
      description="Permanently delete your account and its data."
      danger
    >
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            visibilityToggleButtonProps={passwordToggleProps}
            {...form.register('password')}
          />
          <TextInput
            label="Type DELETE to confirm"
            autoComplete="off"
            error={form.formState.errors.confirmation?.message}
            {...form.register('confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red" loading={mutation.isPending}>
              Delete account
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

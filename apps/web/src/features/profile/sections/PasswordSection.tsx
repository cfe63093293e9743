import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messages, passwordsDoNotMatch, updatePasswordSchema } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../../api/client';
import { tokenStore } from '../../../api/token';
import { toast } from '../../../ui/toast';
import { applyServerFieldErrors } from '../../auth';
import { profileApi } from '../api';
import { SettingsCard } from './SettingsCard';
import { passwordToggleProps } from '../../../ui/password-toggle';

/** The shared updatePasswordSchema plus a confirmation field that only the form has. */
export const changePasswordSchema = z
  .object({ oldPassword: z.string(), newPassword: z.string(), confirmNewPassword: z.string() })
  .superRefine((value, ctx) => {
    const shared = updatePasswordSchema.safeParse(value);
    if (!shared.success) {
      for (const issue of shared.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (!value.confirmNewPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmNewPassword'],
        message: messages.fieldRequired('Confirm new password'),
      });
    } else if (value.confirmNewPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: passwordsDoNotMatch });
    }
  });
type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const empty: ChangePasswordInput = { oldPassword: '', newPassword: '', confirmNewPassword: '' };

/** Change password (PUT update-user-password); the answer's new access token replaces the old one. */
export function PasswordSection() {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: ChangePasswordInput) =>
      profileApi.updatePassword(values.oldPassword, values.newPassword),
    onSuccess: (response) => {
      if (response.accessToken) tokenStore.set(response.accessToken);
      form.reset(empty);
      toast.success(response.message ?? 'Password updated successfully.');
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, ['oldPassword', 'newPassword'], form.setError)) return;
      if (error instanceof ApiError && error.status === 400) {
        form.setError('oldPassword', { type: 'server', message: error.message });
      } else toast.error(errorMessage(error));
    },
  });

  return (
    <SettingsCard
      id="password"
      title="Change password"
      description="Other devices are signed out when you change your password."
    >
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            visibilityToggleButtonProps={passwordToggleProps}
            {...form.register('oldPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            visibilityToggleButtonProps={passwordToggleProps}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmNewPassword?.message}
            visibilityToggleButtonProps={passwordToggleProps}
            {...form.register('confirmNewPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

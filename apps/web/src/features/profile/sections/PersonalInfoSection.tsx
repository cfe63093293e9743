import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { timezones, updateUserInfoSchema, type UpdateUserInfoInput } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import type { User } from '../../../api/types';
import { toast } from '../../../ui/toast';
import { applyServerFieldErrors, authStore } from '../../auth';
import { profileApi } from '../api';
import { SettingsCard } from './SettingsCard';

function timezoneOptions(current: string) {
  const options: { value: string; label: string }[] = timezones.map((zone) => ({
    value: zone.value,
    label: zone.label,
  }));
  if (current && !options.some((option) => option.value === current))
    options.unshift({ value: current, label: current });
  return options;
}

/** Names, time zone and phone (PUT update-user-info). */
export function PersonalInfoSection({ user }: { user: User }) {
  const form = useForm<UpdateUserInfoInput>({
    resolver: zodResolver(updateUserInfoSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      timezone: user.timezone,
      phone: user.phone ?? '',
    },
  });
  const { errors, isDirty } = form.formState;
  const mutation = useMutation({
    mutationFn: profileApi.updateInfo,
    onSuccess: (response, values) => {
      authStore.setUser(response.user);
      form.reset({ ...values, phone: values.phone ?? '' });
      toast.success(response.message ?? 'Profile updated successfully.');
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, ['firstName', 'lastName', 'timezone', 'phone'], form.setError)) {
        toast.error(errorMessage(error));
      }
    },
  });

  return (
    <SettingsCard
      id="personal-info"
      title="Personal information"
      description="Your name, time zone and phone number."
    >
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <NativeSelect
            label="Time zone"
            data={timezoneOptions(user.timezone)}
            error={errors.timezone?.message}
            {...form.register('timezone')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            description="Optional"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={mutation.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { addPatientSchema as inviteSchema } from '@mindledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import { providerClientsApi, providerClientsKeys } from './api';

type InviteInput = z.input<typeof inviteSchema>;
type InviteOutput = z.output<typeof inviteSchema>;

/** 'Invite a client': POST add-patient { email, firstName?, lastName? }. */
export function InviteClientForm() {
  const queryClient = useQueryClient();
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', firstName: '', lastName: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const response = await providerClientsApi.invite(values);
      toast.success(response.message ?? 'Invitation sent.');
      form.reset();
      await queryClient.invalidateQueries({ queryKey: providerClientsKeys.all });
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
        form.setError('email', { type: 'server', message });
      else toast.error(message);
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="invite-client-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="invite-client-title">
            Invite a client
          </Title>
          <Text c="dimmed" fz="sm">
            The client gets an email. Someone without an account is asked to sign up first; the invitation
            waits for them.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Client's email"
              type="email"
              autoComplete="off"
              style={{ flex: '2 1 240px' }}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextInput
              label="First name (optional)"
              autoComplete="off"
              style={{ flex: '1 1 160px' }}
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label="Last name (optional)"
              autoComplete="off"
              style={{ flex: '1 1 160px' }}
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

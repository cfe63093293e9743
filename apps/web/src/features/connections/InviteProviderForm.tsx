import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { addDoctorSchema as inviteSchema } from '@mindledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import { connectionsApi, connectionsKeys } from './api';

type InviteInput = z.input<typeof inviteSchema>;
type InviteOutput = z.output<typeof inviteSchema>;

/** 'Invite my therapist': POST add-doctor { email }; the server's message becomes the toast. */
export function InviteProviderForm() {
  const queryClient = useQueryClient();
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const response = await connectionsApi.invite(email);
      toast.success(response.message ?? 'Invitation sent.');
      form.reset();
      await queryClient.invalidateQueries({ queryKey: connectionsKeys.all });
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
        form.setError('email', { type: 'server', message });
      else toast.error(message);
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="invite-provider-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="invite-provider-title">
            Invite my therapist
          </Title>
          <Text c="dimmed" fz="sm">
            Enter your therapist&apos;s email. If they already use MindLedger they see your invitation; if
            not, they get an email to join.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Therapist's email"
              type="email"
              autoComplete="off"
              style={{ flex: '1 1 240px' }}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" loading={isSubmitting} mt={{ base: 0, xs: 25 }}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

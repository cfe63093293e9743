import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { PageTitle } from '../../ui/PageTitle';
import { ErrorState } from '../../ui/states';
import { connectionsApi, connectionsKeys } from './api';

/** /user/reactivation-consent?token=…: the client agrees (or not) to restore a provider's access. */
export function ReactivationConsentPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consent = useMutation({
    mutationFn: () => connectionsApi.consent(token),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: connectionsKeys.all }),
  });

  const body = () => {
    if (!token) {
      return (
        <ErrorState
          title="This link is incomplete"
          message="The reactivation link has no token. Open the link from the email again."
        />
      );
    }
    if (consent.isSuccess) {
      return (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck aria-hidden="true" />}
          role="status"
          title="Access restored"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {consent.data.message ?? 'Your provider can see your shared information again.'}
            </Text>
            <Anchor component={Link} to="/user/providers" fz="sm">
              Go to My Providers
            </Anchor>
          </Stack>
        </Alert>
      );
    }
    return (
      <Stack gap="md">
        <Text>
          Your provider paused your connection earlier and now asks to work with you again. If you allow it,
          they can see the information you share with them once more, and every time they open it is recorded
          in your Access History.
        </Text>
        <Text c="dimmed" fz="sm">
          If you choose Not now, nothing changes: your provider still cannot see your information. You can
          remove the provider at any time under My Providers.
        </Text>
        {consent.isError && (
          <ErrorState title="Access was not restored" message={errorMessage(consent.error)} />
        )}
        <Group gap="sm">
          <Button onClick={() => consent.mutate()} loading={consent.isPending}>
            Allow access
          </Button>
          <Button
            variant="default"
            onClick={() => void navigate('/user/providers')}
            disabled={consent.isPending}
          >
            Not now
          </Button>
        </Group>
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      <PageTitle title="Restore provider access" />
      <Card withBorder radius="lg" padding="lg" maw={640}>
        {body()}
      </Card>
    </Stack>
  );
}

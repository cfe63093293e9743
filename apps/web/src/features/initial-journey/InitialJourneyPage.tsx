import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { PageTitle } from '../../ui/PageTitle';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { AiDisclaimer } from '../ai-documents';
import { journeyApi, journeyKeys } from './api';
import { JourneyChat } from './JourneyChat';
import { JourneySections } from './JourneySections';

/** /user/initial-journey (decision 084): the guided conversation and the documents made from it. */
export function InitialJourneyPage() {
  const queryClient = useQueryClient();
  const [subscription, setSubscription] = useState<string | null>(null);
  const sections = useQuery({
    queryKey: journeyKeys.sections(),
    queryFn: ({ signal }) => journeyApi.sections(undefined, signal),
  });
  const conversation = useQuery({
    queryKey: journeyKeys.conversation(),
    queryFn: ({ signal }) => journeyApi.conversation(undefined, signal),
  });
  const reset = useMutation({
    mutationFn: () => journeyApi.reset(),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: journeyKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const confirmReset = () =>
    void openConfirm({
      title: 'Start over',
      children: (
        <Text>
          Start your Initial Journey over? Your answers and the documents made from them are deleted, and
          providers you shared them with lose them.
        </Text>
      ),
      labels: { confirm: 'Start over', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => reset.mutate(),
    });

  return (
    <Stack gap="lg">
      <PageTitle
        title="Initial Journey"
        description="Find what you need in a therapist, and take it to your first conversation with one."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={confirmReset}
          >
            Start Over
          </Button>
        }
      />
      {subscription && (
        <Alert
          color="yellow"
          title="Standard plan needed"
          role="alert"
          withCloseButton
          onClose={() => setSubscription(null)}
        >
          <Group gap="xs">
            <Text fz="sm">{subscription}</Text>
            <Anchor component={Link} to="/subscription" fz="sm">
              See plans
            </Anchor>
          </Group>
        </Alert>
      )}
      <JourneyChat onSubscriptionNeeded={setSubscription} />
      {sections.isPending || conversation.isPending ? (
        <LoadingState label="Loading your documents..." />
      ) : sections.isError ? (
        <ErrorState
          title="Unable to load your documents"
          message={errorMessage(sections.error)}
          onRetry={() => void sections.refetch()}
        />
      ) : (
        <JourneySections
          sections={sections.data}
          messages={conversation.data?.messages ?? []}
          viewer="patient"
          onSubscriptionNeeded={setSubscription}
        />
      )}
      <AiDisclaimer />
    </Stack>
  );
}

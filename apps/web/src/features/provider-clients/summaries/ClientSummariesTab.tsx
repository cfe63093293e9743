import { Accordion, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { initialJourneySections, type SharedSummaryKind } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { DocumentView, journeyApi, journeyKeys, type SharedSummary } from '../../initial-journey';

const titles: Record<SharedSummaryKind | 'weeklyReport', string> = {
  ...(Object.fromEntries(initialJourneySections.map((s) => [s.kind, s.title])) as Record<
    SharedSummaryKind,
    string
  >),
  weeklyReport: 'Weekly Journal Report',
};

/**
 * The provider's Summaries tab: what the client shares with them now, read-only (no Copy, Download
 * PDF or Share: Part 2 §2, §6). A withdrawn share is gone on the next load.
 */
export function ClientSummariesTab({ patientId }: { patientId: string }) {
  const shared = useQuery({
    queryKey: journeyKeys.shared(patientId),
    queryFn: ({ signal }) => journeyApi.shared(patientId, signal),
  });
  if (shared.isPending) return <LoadingState label="Loading shared summaries..." />;
  if (shared.isError)
    return (
      <ErrorState
        title="Unable to load shared summaries"
        message={errorMessage(shared.error)}
        onRetry={() => void shared.refetch()}
      />
    );
  if (shared.data.length === 0)
    return (
      <EmptyState title="No summaries shared yet.">
        Summaries the client shares with you will appear here.
      </EmptyState>
    );
  return (
    <Stack gap="md">
      <Accordion variant="separated" multiple>
        {shared.data.map((summary) => (
          <Accordion.Item key={summary.id} value={summary.id}>
            <Accordion.Control>
              <Text fw={600}>{titles[summary.kind]}</Text>
              <Text fz="xs" c="dimmed">
                Shared {formatDate(summary.sharedAt)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SharedContent patientId={patientId} summary={summary} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function SharedContent({ patientId, summary }: { patientId: string; summary: SharedSummary }) {
  const isChat = summary.kind === 'chatHistory';
  const conversation = useQuery({
    queryKey: journeyKeys.conversation(patientId),
    queryFn: ({ signal }) => journeyApi.conversation(patientId, signal),
    enabled: isChat,
  });
  if (!isChat)
    return summary.document ? (
      <DocumentView kind={summary.kind} content={summary.document.content} viewer="provider" />
    ) : null;
  if (conversation.isPending) return <LoadingState label="Loading conversation..." />;
  if (conversation.isError) return <ErrorState message={errorMessage(conversation.error)} />;
  return <DocumentView kind="chatHistory" content={conversation.data.messages} viewer="provider" />;
}

import type { ReactNode } from 'react';
import { Accordion, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { initialJourneySections, type SharedSummaryKind } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { ClinicalExportPanel } from '../../clinical-export';
import { DocumentView, journeyApi, journeyKeys, type SharedSummary } from '../../initial-journey';
import { ProviderDocumentsList } from '../notes-summaries';

const titles: Record<SharedSummaryKind | 'weeklyReport', string> = {
  ...(Object.fromEntries(initialJourneySections.map((s) => [s.kind, s.title])) as Record<
    SharedSummaryKind,
    string
  >),
  weeklyReport: 'Weekly Journal Report',
};

/**
 * The provider's Summaries tab (Part 2 §2, §6): what the client shares with them now, read-only (no
 * Copy, Download PDF or Share; a withdrawn share is gone on the next load), and apart from it the
 * provider's own notes summaries and care plans, listed read-only (they are written on Notes/Plans),
 * and the clinical export of the client's record (PDF, FHIR R4).
 */
export function ClientSummariesTab({ patientId, timeZone }: { patientId: string; timeZone?: string | null }) {
  return (
    <Stack gap="lg">
      <TabPart id="client-shared-title" title="Shared by the client" badge="Read-only">
        <SharedByClient patientId={patientId} />
      </TabPart>
      <TabPart id="provider-documents-title" title="Your summaries and care plans">
        <ProviderDocumentsList patientId={patientId} />
      </TabPart>
      <TabPart id="clinical-export-title" title="Clinical export">
        <ClinicalExportPanel patientId={patientId} timeZone={timeZone} />
      </TabPart>
    </Stack>
  );
}

function TabPart(props: { id: string; title: string; badge?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={props.id}>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Title order={2} fz="lg" id={props.id}>
            {props.title}
          </Title>
          {props.badge && (
            <Badge size="sm" variant="light" color="gray">
              {props.badge}
            </Badge>
          )}
        </Group>
        {props.children}
      </Stack>
    </Card>
  );
}

function SharedByClient({ patientId }: { patientId: string }) {
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
    <Accordion variant="separated" multiple>
      {shared.data.map((summary) => (
        <Accordion.Item key={summary.id} value={summary.id}>
          <Accordion.Control>
            <Text fw={600}>{titles[summary.kind]}</Text>
            <Text fz="xs" c="dimmed">
              Shared by the client {formatDate(summary.sharedAt)}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <SharedContent patientId={patientId} summary={summary} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
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

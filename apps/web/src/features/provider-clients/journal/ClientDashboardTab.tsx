import { useId } from 'react';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import { todayIn } from '../../journal';
import { ClientMeasuresCard } from '../../measures';
import { allMoodFetchFailed, clientJournalApi, clientJournalKeys, noCheckInsYet, noEntriesHint } from './api';
import { ClientAnalyticsCard } from './ClientAnalyticsCard';
import { ClientCountsCard } from './ClientCountsCard';
import { ClientEntryCard } from './ClientEntryCard';
import { ClientWeekCard } from './ClientWeekCard';
import panel from './ClientJournal.module.css';

interface ClientDashboardTabProps {
  patientId: string;
  clientName?: string;
  /** The client's IANA time zone: 'today' and the week are theirs. */
  timeZone?: string | null;
}

/**
 * The provider's Dashboard tab: latest entry, this week, the year's counts, the analytics (with the
 * weekly sentiment) and, below them, the questionnaires (PHQ-9, GAD-7) with their bands.
 */
export function ClientDashboardTab({ patientId, clientName = 'Client', timeZone }: ClientDashboardTabProps) {
  const today = todayIn(timeZone);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LatestEntryCard patientId={patientId} today={today} clientName={clientName} />
        <ClientWeekCard patientId={patientId} today={today} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ClientCountsCard patientId={patientId} today={today} />
        <ClientAnalyticsCard patientId={patientId} />
      </SimpleGrid>
      <ClientMeasuresCard patientId={patientId} />
    </Stack>
  );
}

function LatestEntryCard({
  patientId,
  today,
  clientName,
}: {
  patientId: string;
  today: string;
  clientName: string;
}) {
  const titleId = useId();
  const latest = useQuery({
    queryKey: clientJournalKeys.latest(patientId),
    queryFn: ({ signal }) => clientJournalApi.latest(patientId, signal),
  });
  return (
    <Card
      withBorder
      radius="lg"
      className={panel.panel}
      h="100%"
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          Latest entry
        </Title>
        {latest.isPending ? (
          <Skeleton h={132} radius="md" role="status" aria-label="Loading the latest entry" />
        ) : latest.isError ? (
          <ErrorState
            title="The latest entry could not be loaded"
            message={allMoodFetchFailed}
            onRetry={() => void latest.refetch()}
          />
        ) : latest.data === null ? (
          <Stack gap={4} align="center" ta="center" py="lg">
            <Text fw={600}>{noCheckInsYet}</Text>
            <Text fz="sm" c="dimmed">
              {noEntriesHint}
            </Text>
          </Stack>
        ) : (
          <ClientEntryCard entry={latest.data} today={today} clientName={clientName} />
        )}
      </Stack>
    </Card>
  );
}

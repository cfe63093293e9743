import { useState } from 'react';
import { Button, Card, Grid, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  defaultSummaryRange,
  notesSummaryMessages,
  summaryRangeLabels,
  type SummaryRangeLabel,
} from '@mindledger/domain';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { notesSummariesApi, notesSummariesKeys } from './api';
import { SummaryDetail } from './SummaryDetail';
import { SummaryList } from './SummaryList';

export interface NotesSummariesSectionProps {
  patientId: string;
  clientName?: string;
}

/**
 * AI summaries of the client's notes over a range (docs/API-clinical-documents.md): generate one,
 * read it with the notes each point came from, edit or refine it (each a new version), and share
 * a version with the client.
 */
export function NotesSummariesSection({ patientId, clientName }: NotesSummariesSectionProps) {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<SummaryRangeLabel>(defaultSummaryRange);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const summaries = useQuery({
    queryKey: notesSummariesKeys.list(patientId),
    queryFn: ({ signal }) => notesSummariesApi.list(patientId, signal),
  });

  const generate = useMutation({
    mutationFn: () => notesSummariesApi.generate(patientId, range),
    onSuccess: (answer) => {
      toast.success(answer.message ?? notesSummaryMessages.generated);
      queryClient.setQueryData(notesSummariesKeys.detail(patientId, answer.data.id), answer.data);
      setSelectedId(answer.data.id);
      void queryClient.invalidateQueries({ queryKey: notesSummariesKeys.list(patientId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const body = () => {
    if (summaries.isPending) return <LoadingState label="Loading summaries..." />;
    if (summaries.isError)
      return (
        <ErrorState
          title="Unable to load the summaries"
          message={errorMessage(summaries.error)}
          onRetry={() => void summaries.refetch()}
        />
      );
    const list = summaries.data;
    if (list.length === 0)
      return <EmptyState title="No summaries yet.">Generate one from your notes over a range.</EmptyState>;
    const selected = list.find((s) => s.id === selectedId) ?? list[0]!;
    return (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SummaryList summaries={list} selectedId={selected.id} onSelect={(s) => setSelectedId(s.id)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SummaryDetail key={selected.id} patientId={patientId} clientName={clientName} summary={selected} />
        </Grid.Col>
      </Grid>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="notes-summaries-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="notes-summaries-title">
            AI Notes Summaries
          </Title>
          <Text fz="sm" c="dimmed">
            A summary of your notes over a range, with the notes each point came from. Check it against your
            records before relying on it.
          </Text>
        </Stack>
        <Group gap="sm" align="center" wrap="wrap">
          <SegmentedControl
            aria-label="Summary range"
            data={[...summaryRangeLabels]}
            value={range}
            onChange={(value) => setRange(value as SummaryRangeLabel)}
            disabled={generate.isPending}
          />
          <Button
            leftSection={
              generate.isPending ? (
                <Loader size={14} color="currentColor" aria-hidden="true" />
              ) : (
                <IconSparkles size={16} aria-hidden="true" />
              )
            }
            disabled={generate.isPending}
            aria-busy={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {generate.isPending ? 'Generating…' : 'Generate summary'}
          </Button>
        </Group>
        {body()}
      </Stack>
    </Card>
  );
}

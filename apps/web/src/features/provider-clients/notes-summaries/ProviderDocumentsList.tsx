import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { noteStatusLabel } from '@mindledger/domain';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { notesSummariesApi, notesSummariesKeys } from './api';
import { SharedBadge } from '../documents/SharedBadge';
import { summaryRangeText } from './summary-labels';
import documents from '../documents/documents.module.css';

/** Where the provider writes them: the Notes/Plans tab of the same page. */
export const notesPlansTabSearch = '?tab=notes/plans';

/**
 * The provider's own notes summaries and care plans for this client, read-only (the Summaries
 * tab); they are written and shared on the Notes/Plans tab.
 */
export function ProviderDocumentsList({ patientId }: { patientId: string }) {
  const summaries = useQuery({
    queryKey: notesSummariesKeys.list(patientId),
    queryFn: ({ signal }) => notesSummariesApi.list(patientId, signal),
  });
  const plans = useQuery({
    queryKey: notesSummariesKeys.carePlans(patientId),
    queryFn: ({ signal }) => notesSummariesApi.carePlans(patientId, signal),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" c="dimmed">
          Read-only here. Write, refine and share them on the Notes/Plans tab.
        </Text>
        <Anchor component={Link} to={{ search: notesPlansTabSearch }} fz="sm" fw={500}>
          Open in Notes/Plans
        </Anchor>
      </Group>
      <Part title="Notes summaries" id="provider-notes-summaries" query={summaries} what="summaries">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No notes summaries yet." />
          ) : (
            <ul className={documents.list} aria-labelledby="provider-notes-summaries">
              {list.map((s) => (
                <Row
                  key={s.id}
                  title={s.jsonSummary?.title ?? 'Notes summary'}
                  detail={`${summaryRangeText(s)} · Version ${s.version}`}
                  badges={s.shared && <SharedBadge />}
                />
              ))}
            </ul>
          )
        }
      </Part>
      <Part title="Care plans" id="provider-care-plans" query={plans} what="care plans">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No care plans yet." />
          ) : (
            <ul className={documents.list} aria-labelledby="provider-care-plans">
              {list.map((p) => (
                <Row
                  key={p.id}
                  title={p.carePlan.title}
                  detail={`${formatDate(p.carePlan.date)} · Version ${p.version}`}
                  badges={
                    <>
                      <Badge size="sm" variant="light" color={p.isSigned ? 'green' : 'gray'}>
                        {noteStatusLabel(p)}
                      </Badge>
                      {p.shared && <SharedBadge />}
                    </>
                  }
                />
              ))}
            </ul>
          )
        }
      </Part>
    </Stack>
  );
}

interface PartProps<T> {
  title: string;
  id: string;
  what: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

function Part<T>({ title, id, what, query, children }: PartProps<T>) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" id={id}>
        {title}
      </Title>
      {query.isPending ? (
        <LoadingState label={`Loading ${what}...`} />
      ) : query.isError ? (
        <ErrorState
          title={`Unable to load your ${what}`}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

function Row({ title, detail, badges }: { title: string; detail: string; badges?: ReactNode }) {
  return (
    <li className={documents.row}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} className={documents.doc}>
          <Text fz="sm" fw={600}>
            {title}
          </Text>
          <Text fz="xs" c="dimmed">
            {detail}
          </Text>
        </Stack>
        {badges && (
          <Group gap={6} wrap="wrap">
            {badges}
          </Group>
        )}
      </Group>
    </li>
  );
}

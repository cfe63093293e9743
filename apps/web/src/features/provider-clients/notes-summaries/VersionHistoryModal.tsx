import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { ErrorState, LoadingState } from '../../../ui/states';
import { notesSummariesApi, notesSummariesKeys, type NotesSummaryRecord } from './api';
import { SummaryDocument } from './SummaryDocument';
import { versionModeLabel } from './summary-labels';
import { SharedBadge } from './SummaryList';
import classes from './notes-summaries.module.css';

interface VersionHistoryModalProps {
  patientId: string;
  /** The summary with its history (the one-summary answer); null keeps the modal closed. */
  summary: NotesSummaryRecord | null;
  onClose: () => void;
}

/** Every version of a summary, newest first; one opens read-only. */
export function VersionHistoryModal({ patientId, summary, onClose }: VersionHistoryModalProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <Modal
      opened={summary !== null}
      onClose={close}
      title="Version history"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {summary &&
        (viewing === null ? (
          <VersionList summary={summary} onOpen={setViewing} />
        ) : (
          <VersionView
            patientId={patientId}
            summaryId={summary.id}
            version={viewing}
            current={viewing === summary.version}
            onBack={() => setViewing(null)}
          />
        ))}
    </Modal>
  );
}

function VersionList({
  summary,
  onOpen,
}: {
  summary: NotesSummaryRecord;
  onOpen: (version: number) => void;
}) {
  if (!summary.versions) return <LoadingState label="Loading versions..." />;
  return (
    <ul className={classes.list} aria-label="Versions">
      {summary.versions.map((meta) => {
        const when = formatDate(meta.createdAt, 'MMM D, YYYY h:mm A');
        return (
          <li key={meta.version}>
            <UnstyledButton className={classes.row} onClick={() => onOpen(meta.version)}>
              <Group gap={6} wrap="wrap">
                <Text fz="sm" fw={600}>
                  Version {meta.version}
                </Text>
                {meta.version === summary.version && (
                  <Badge size="sm" variant="light">
                    Current
                  </Badge>
                )}
                {summary.sharedVersions.includes(meta.version) && <SharedBadge />}
              </Group>
              <Text fz="xs" c="dimmed" mt={4} className={classes.sources}>
                {versionModeLabel(meta)} · {when}
                {meta.createdByName ? ` · ${meta.createdByName}` : ''}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}

interface VersionViewProps {
  patientId: string;
  summaryId: string;
  version: number;
  current: boolean;
  onBack: () => void;
}

function VersionView({ patientId, summaryId, version, current, onBack }: VersionViewProps) {
  const query = useQuery({
    queryKey: notesSummariesKeys.version(patientId, summaryId, version),
    queryFn: ({ signal }) => notesSummariesApi.version(summaryId, version, signal),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
          data-autofocus
        >
          All versions
        </Button>
        <Text fz="sm" c="dimmed">
          Version {version}
          {current ? ' (current)' : ''} · read-only
        </Text>
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading version..." />
      ) : query.isError ? (
        <ErrorState
          title="Unable to load this version"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SummaryDocument summary={query.data} />
      )}
    </Stack>
  );
}

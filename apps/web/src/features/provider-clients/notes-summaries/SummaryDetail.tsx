import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notesSummaryMessages } from '@mindledger/domain';
import { IconEdit, IconHistory, IconSend, IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { openConfirm } from '../../../ui/confirm';
import { ErrorState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { RefineForm } from '../documents/RefineForm';
import { SharedBadge } from '../documents/SharedBadge';
import { VersionHistoryModal } from '../documents/VersionHistoryModal';
import { notesSummariesApi, notesSummariesKeys, type NotesSummaryRecord, type SummaryUpdate } from './api';
import { SummaryDocument } from './SummaryDocument';
import { SummaryEditForm } from './SummaryEditForm';
import { summaryRangeText, versionModeLabel } from './summary-labels';

interface SummaryDetailProps {
  patientId: string;
  clientName?: string;
  /** The list's row, shown while the summary with its history loads. */
  summary: NotesSummaryRecord;
}

type Mode = 'view' | 'edit' | 'refine';

/** One summary: its current version, and Edit, Refine, Share with client and Version history. */
export function SummaryDetail({ patientId, clientName, summary: row }: SummaryDetailProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const [historyOpen, setHistoryOpen] = useState(false);
  const key = notesSummariesKeys.detail(patientId, row.id);
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => notesSummariesApi.get(row.id, signal),
    placeholderData: row,
  });
  const summary = detail.data ?? row;
  const refresh = () => queryClient.invalidateQueries({ queryKey: notesSummariesKeys.of(patientId) });

  const update = useMutation({
    mutationFn: (body: SummaryUpdate) => notesSummariesApi.update(row.id, body),
    onSuccess: (answer, body) => {
      const refined = body.editMode === 'refine';
      toast.success(
        answer.message ?? (refined ? notesSummaryMessages.refined : notesSummaryMessages.updated),
      );
      queryClient.setQueryData(key, answer.data);
      setMode('view');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const share = useMutation({
    mutationFn: () => notesSummariesApi.share(row.id),
    onSuccess: (answer) => {
      if (answer.warning) toast.warning(answer.message);
      else toast.success(answer.message);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const confirmShare = () =>
    void openConfirm({
      title: 'Share with client?',
      children: (
        <Text fz="sm">
          {clientName ?? 'Your client'} will be able to read version {summary.version} of this summary under
          From My Providers. Later changes are not shared until you share again.
        </Text>
      ),
      labels: { confirm: 'Share', cancel: 'Cancel' },
      onConfirm: () => share.mutate(),
    });

  if (detail.isError && !detail.data)
    return (
      <ErrorState
        title="Unable to load this summary"
        message={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    );

  const busy = update.isPending || share.isPending;
  return (
    <Stack gap="md" aria-label={`Summary ${summaryRangeText(summary)}`} component="section">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={6} wrap="wrap">
          <Text fz="sm" c="dimmed">
            Version {summary.version} ·{' '}
            {versionModeLabel({ ...summary, refinementDetails: summary.refinmentDetails })}
          </Text>
          {summary.shared && <SharedBadge />}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant={mode === 'edit' ? 'filled' : 'light'}
            leftSection={<IconEdit size={14} aria-hidden="true" />}
            aria-pressed={mode === 'edit'}
            disabled={busy}
            onClick={() => setMode(mode === 'edit' ? 'view' : 'edit')}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant={mode === 'refine' ? 'filled' : 'light'}
            leftSection={<IconSparkles size={14} aria-hidden="true" />}
            aria-pressed={mode === 'refine'}
            disabled={busy}
            onClick={() => setMode(mode === 'refine' ? 'view' : 'refine')}
          >
            Refine
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden="true" />}
            loading={share.isPending}
            disabled={update.isPending || mode !== 'view'}
            onClick={confirmShare}
          >
            Share with client
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} aria-hidden="true" />}
            onClick={() => setHistoryOpen(true)}
          >
            Version history
          </Button>
        </Group>
      </Group>
      {mode === 'edit' ? (
        <SummaryEditForm
          markup={summary.noteSum}
          pending={update.isPending}
          onSubmit={(noteSum) => update.mutate({ editMode: 'manual', noteSum })}
          onCancel={() => setMode('view')}
        />
      ) : (
        <>
          {mode === 'refine' && (
            <RefineForm
              name="Refine summary"
              label="How should it change?"
              description="For example: shorter, more detailed, or focus on sleep."
              requiredMessage={notesSummaryMessages.refinementRequired}
              submitLabel="Refine summary"
              pending={update.isPending}
              onSubmit={(refinmentDetails) => update.mutate({ editMode: 'refine', refinmentDetails })}
              onCancel={() => setMode('view')}
            />
          )}
          <SummaryDocument summary={summary} />
        </>
      )}
      <VersionHistoryModal
        opened={historyOpen}
        title="Version history"
        versions={summary.versions}
        currentVersion={summary.version}
        sharedVersions={summary.sharedVersions}
        modeLabel={versionModeLabel}
        badges={(meta) =>
          meta.version === summary.version && (
            <Badge size="sm" variant="light">
              Current
            </Badge>
          )
        }
        versionQuery={(version) => ({
          queryKey: notesSummariesKeys.version(patientId, row.id, version),
          queryFn: ({ signal }) => notesSummariesApi.version(row.id, version, signal),
        })}
        renderVersion={(version) => <SummaryDocument summary={version} />}
        onClose={() => setHistoryOpen(false)}
      />
    </Stack>
  );
}

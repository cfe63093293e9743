import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { ErrorState, LoadingState } from '../../../ui/states';
import { SharedBadge } from './SharedBadge';
import classes from './documents.module.css';

/** What the history lists of each version. */
export interface VersionMeta {
  version: number;
  createdAt: string;
  createdByName: string;
}

/** How one version loads. */
export interface VersionQuery<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
}

interface VersionHistoryModalProps<M extends VersionMeta, T> {
  opened: boolean;
  title: string;
  /** Newest first; undefined while the document with its history loads. */
  versions: M[] | undefined;
  currentVersion: number;
  sharedVersions: number[];
  /** How a version came to be ('Generated', 'Refined'…). */
  modeLabel: (meta: M) => string;
  /** Badges after 'Version n', before 'Shared with client'. */
  badges?: (meta: M) => ReactNode;
  /** The row's accessible name, when its text does not say enough. */
  rowLabel?: (meta: M, when: string) => string;
  versionQuery: (version: number) => VersionQuery<T>;
  /** The loaded version, read-only. */
  renderVersion: (data: T) => ReactNode;
  onClose: () => void;
}

/** Every version of a document, newest first; one opens read-only. */
export function VersionHistoryModal<M extends VersionMeta, T>({
  opened,
  title,
  currentVersion,
  versionQuery,
  renderVersion,
  onClose,
  ...list
}: VersionHistoryModalProps<M, T>) {
  const [viewing, setViewing] = useState<number | null>(null);
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {viewing === null ? (
        <VersionList {...list} onOpen={setViewing} />
      ) : (
        <VersionView
          version={viewing}
          current={viewing === currentVersion}
          query={versionQuery(viewing)}
          render={renderVersion}
          onBack={() => setViewing(null)}
        />
      )}
    </Modal>
  );
}

type VersionListProps<M extends VersionMeta> = Pick<
  VersionHistoryModalProps<M, unknown>,
  'versions' | 'sharedVersions' | 'modeLabel' | 'badges' | 'rowLabel'
> & { onOpen: (version: number) => void };

function VersionList<M extends VersionMeta>({
  versions,
  sharedVersions,
  modeLabel,
  badges,
  rowLabel,
  onOpen,
}: VersionListProps<M>) {
  if (!versions) return <LoadingState label="Loading versions..." />;
  return (
    <ul className={classes.list} aria-label="Versions">
      {versions.map((meta) => {
        const when = formatDate(meta.createdAt, 'MMM D, YYYY h:mm A');
        return (
          <li key={meta.version}>
            <UnstyledButton
              className={classes.version}
              onClick={() => onOpen(meta.version)}
              aria-label={rowLabel?.(meta, when)}
            >
              <Group gap={6} wrap="wrap">
                <Text fz="sm" fw={600}>
                  Version {meta.version}
                </Text>
                {badges?.(meta)}
                {sharedVersions.includes(meta.version) && <SharedBadge />}
              </Group>
              <Text fz="xs" c="dimmed" mt={4}>
                {modeLabel(meta)} · {when}
                {meta.createdByName ? ` · ${meta.createdByName}` : ''}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}

interface VersionViewProps<T> {
  version: number;
  current: boolean;
  query: VersionQuery<T>;
  render: (data: T) => ReactNode;
  onBack: () => void;
}

function VersionView<T>({ version, current, query: options, render, onBack }: VersionViewProps<T>) {
  const query = useQuery(options);
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
        <Stack gap="sm" component="section" aria-label={`Version ${version}`}>
          {render(query.data)}
        </Stack>
      )}
    </Stack>
  );
}

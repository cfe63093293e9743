import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { importSourceLabels } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useCurrentUser } from '../auth';
import { ProfileBreadcrumbs } from '../profile';
import { backupApi, backupKeys, type BackupExport, type BackupImport } from './api';
import classes from './backup.module.css';
import { ExportCard } from './ExportCard';
import { ImportCard } from './ImportCard';
import { count, exportStatus, importStatus } from './texts';

export const backupPath = '/profile/backup';
const title = 'Backup and Import';
const pollMs = 1_500;

const working = (data: { exports: BackupExport[]; imports: BackupImport[] } | undefined) =>
  Boolean(
    data?.exports.some((e) => e.status === 'queued' || e.status === 'processing') ||
    data?.imports.some((i) => i.status === 'importing'),
  );

/** /profile/backup: the client's backup, imports from a backup or another app, and their history. */
export function BackupPage() {
  const user = useCurrentUser();
  const history = useQuery({
    queryKey: backupKeys.history(),
    queryFn: ({ signal }) => backupApi.history(signal),
    refetchInterval: (q) => (working(q.state.data) ? pollMs : false),
  });
  if (!user) return null;
  return (
    <Stack gap={0}>
      <ProfileBreadcrumbs role={user.userRole} current={{ title }} />
      <PageTitle
        title={title}
        description="Keep a copy of everything you wrote, or bring in a journal kept elsewhere."
      />
      <Stack gap="lg">
        {history.isPending ? (
          <LoadingState label="Loading your backups..." />
        ) : history.isError ? (
          <ErrorState
            title="Unable to load your backups"
            message={errorMessage(history.error)}
            onRetry={() => void history.refetch()}
          />
        ) : (
          <ExportCard latest={history.data.exports[0]} />
        )}
        <ImportCard />
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="backup-history-title">
          <Stack gap="md">
            <Title order={2} fz={18} id="backup-history-title">
              History
            </Title>
            {history.isPending ? (
              <LoadingState label="Loading history..." />
            ) : history.isError ? (
              <Text fz="sm" c="red">
                {errorMessage(history.error)}
              </Text>
            ) : history.data.exports.length + history.data.imports.length === 0 ? (
              <EmptyState title="No backups or imports yet.">
                Backups you make and files you import appear here.
              </EmptyState>
            ) : (
              <ul className={classes.list} aria-label="Backups and imports">
                {[
                  ...history.data.exports.map((e) => ({
                    id: e.id,
                    at: e.createdAt,
                    what: 'Backup',
                    detail:
                      e.status === 'completed'
                        ? `${count(e.counts.entries ?? 0, 'entry', 'entries')}, ${count(e.counts.photos ?? 0, 'photo')}`
                        : '',
                    status: exportStatus[e.status],
                  })),
                  ...history.data.imports.map((i) => ({
                    id: i.id,
                    at: i.createdAt,
                    what: `Import of ${i.fileName}`,
                    detail: [
                      i.source ? importSourceLabels[i.source] : null,
                      i.result
                        ? `${count(i.result.added.entries, 'entry', 'entries')} and ${count(i.result.added.goals, 'goal')} added`
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                    status: importStatus[i.status],
                  })),
                ]
                  .sort((a, b) => b.at.localeCompare(a.at))
                  .map((item) => (
                    <li key={item.id} className={classes.row}>
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fz="sm" fw={600}>
                            {item.what}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {formatDate(item.at, 'MMM D, YYYY h:mm A')}
                            {item.detail ? ` · ${item.detail}` : ''}
                          </Text>
                        </Stack>
                        <Badge variant="light" color={item.status.colour}>
                          {item.status.label}
                        </Badge>
                      </Group>
                    </li>
                  ))}
              </ul>
            )}
          </Stack>
        </Card>
      </Stack>
    </Stack>
  );
}

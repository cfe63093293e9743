import { useState } from 'react';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupMessages as msg } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { saveFile } from '../../ui/save-file';
import { toast } from '../../ui/toast';
import { backupApi, backupKeys, type BackupExport } from './api';
import { count, exportStatus, sizeText } from './texts';

/** "Back up your data": make a backup archive, follow it (the page polls), download it while it is kept. */
export function ExportCard({ latest }: { latest: BackupExport | undefined }) {
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const current = latest;
  const start = useMutation({
    mutationFn: () => backupApi.startExport(),
    onSuccess: () => {
      toast.success(msg.exportStarted);
      void queryClient.invalidateQueries({ queryKey: backupKeys.history() });
    },
    onError: (error) => toast.error(errorMessage(error, msg.exportFailed)),
  });
  const download = async (item: BackupExport) => {
    setDownloading(true);
    try {
      saveFile(await backupApi.download(item.id), item.fileName ?? 'mindledger-backup.zip');
    } catch (error) {
      toast.error(errorMessage(error, msg.exportNotFound), { title: 'Download failed' });
    } finally {
      setDownloading(false);
    }
  };
  const busy = current && (current.status === 'queued' || current.status === 'processing');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="backup-export-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={18} id="backup-export-title">
            Back up your data
          </Title>
          <Text c="dimmed" fz="sm">
            One file with your journal (private entries too), photos, goals, settings, Initial Journey and
            weekly reports. Keep it somewhere safe: it holds everything you wrote.
          </Text>
        </Stack>
        {current && (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fz="sm" fw={600}>
                Backup of {formatDate(current.createdAt, 'MMM D, YYYY h:mm A')}
              </Text>
              <Badge variant="light" color={exportStatus[current.status].colour}>
                {exportStatus[current.status].label}
              </Badge>
            </Group>
            {busy && (
              <Progress
                value={Math.max(current.progress, 5)}
                aria-label={`Backup ${current.progress}%`}
                animated
              />
            )}
            {current.status === 'completed' && (
              <Text fz="xs" c="dimmed">
                {count(current.counts.entries ?? 0, 'entry', 'entries')},{' '}
                {count(current.counts.photos ?? 0, 'photo')}, {count(current.counts.goals ?? 0, 'goal')}
                {current.size ? ` · ${sizeText(current.size)}` : ''} · kept until{' '}
                {formatDate(current.expiresAt, 'MMM D, YYYY h:mm A')}
              </Text>
            )}
            {current.status === 'failed' && (
              <Text fz="sm" c="red">
                {current.error ?? msg.exportFailed}
              </Text>
            )}
          </Stack>
        )}
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={Boolean(busy)}>
            Create backup
          </Button>
          {current?.status === 'completed' && (
            <Button variant="light" onClick={() => void download(current)} loading={downloading}>
              Download backup
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

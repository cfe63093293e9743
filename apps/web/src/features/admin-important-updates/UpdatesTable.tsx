import { Badge, Button, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { audienceLabels, statusLabels, type ImportantUpdate } from './api';

const timeFormat = 'MMM D, YYYY h:mm A';

/** The publish time: when it went out, or when it will (a withdrawn one shows when it was due). */
function publishTime(update: ImportantUpdate): string {
  return formatDate(update.publishedAt ?? update.publishAt, timeFormat);
}

interface ColumnOptions {
  busyId: string | null;
  onWithdraw: (update: ImportantUpdate) => void;
}

export function updateColumns({ busyId, onWithdraw }: ColumnOptions): DataTableColumn<ImportantUpdate>[] {
  return [
    {
      key: 'title',
      header: 'Update',
      maxWidth: 360,
      cell: (update) => (
        <Stack gap={2}>
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {update.title}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {update.message}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'audience',
      header: 'Audience',
      cell: (update) => audienceLabels[update.audience] ?? update.audience,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (update) => {
        const status = statusLabels[update.status] ?? { label: update.status, color: 'gray' };
        return (
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
        );
      },
    },
    { key: 'publishAt', header: 'Publish time', cell: publishTime },
    { key: 'delivered', header: 'Delivered', align: 'right', cell: (update) => update.deliveredCount },
    { key: 'read', header: 'Read', align: 'right', cell: (update) => update.readCount },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (update) =>
        update.status === 'withdrawn' ? (
          <Text fz="xs" c="dimmed">
            {formatDate(update.withdrawnAt, timeFormat)}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busyId === update.id}
            aria-label={`Withdraw ${update.title}`}
            onClick={() => onWithdraw(update)}
          >
            Withdraw
          </Button>
        ),
    },
  ];
}

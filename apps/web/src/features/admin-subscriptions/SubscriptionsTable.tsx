import { Badge, Button, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import {
  formatBillingDate,
  subscriptionStatuses,
  type AdminSubscriptionRowResponse,
  type SubscriptionStatus,
} from '@mindledger/domain';
import type { DataTableColumn } from '../../ui/DataTable';
import { fullName } from '../../ui/format';
import { amountLabel, periodEnd, scheduledChangeText, statusBadge, statusLabels } from './api';

type Row = AdminSubscriptionRowResponse;

/** The user a row belongs to, as a screen reader hears it in a control's name. */
export function userLabel(row: Row): string {
  return fullName(row.user) || row.user.email;
}

interface StatusMenuProps {
  row: Row;
  busy: boolean;
  onChange: (row: Row, status: SubscriptionStatus) => void;
}

/** The five statuses; the current one is marked and cannot be chosen again. */
function StatusMenu({ row, busy, onChange }: StatusMenuProps) {
  return (
    // No focus placeholder: a menu may hold menu items only (axe aria-required-children). Opening
    // focuses the first status; the arrows move between them.
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={`Change status for ${userLabel(row)}`}
          loading={busy}
        >
          Change status
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {subscriptionStatuses.map((status) => {
          const current = status === row.status;
          return (
            <Menu.Item
              key={status}
              disabled={current}
              leftSection={
                <IconCheck
                  size={14}
                  aria-hidden="true"
                  style={{ visibility: current ? 'visible' : 'hidden' }}
                />
              }
              onClick={() => onChange(row, status)}
            >
              {statusLabels[status]}
              {current && <VisuallyHidden component="span"> (current)</VisuallyHidden>}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

interface ColumnsOptions {
  busyId: string | null;
  onStatus: (row: Row, status: SubscriptionStatus) => void;
}

/**
 * Subscriptions columns (Part 2 §2 Admin screens, §3 Subscription): User, Plan, Status, Amount,
 * Period end (the trial's end in a trial), Scheduled change, Created, and the status change.
 */
export function subscriptionColumns({ busyId, onStatus }: ColumnsOptions): DataTableColumn<Row>[] {
  return [
    {
      key: 'user',
      header: 'User',
      maxWidth: 260,
      cell: (row) => (
        <Stack gap={0} miw={140}>
          <Text fw={500} fz="sm">
            {fullName(row.user)}
          </Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.user.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'plan', header: 'Plan', cell: (row) => <Text fz="sm">{row.plan.name}</Text> },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => {
        const badge = statusBadge(row);
        return (
          // Never narrower than its word: the table scrolls instead of cutting the status short.
          <Badge color={badge.color} variant="light" miw="max-content">
            {badge.label}
          </Badge>
        );
      },
    },
    {
      key: 'amount',
      header: 'Amount',
      cell: (row) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {amountLabel(row)}
        </Text>
      ),
    },
    {
      key: 'period-end',
      header: 'Period end',
      cell: (row) => {
        const end = periodEnd(row);
        return (
          <Stack gap={0}>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {end.date}
            </Text>
            {end.trial && (
              <Text fz="xs" c="dimmed">
                Trial ends
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'scheduled',
      header: 'Scheduled change',
      maxWidth: 190,
      cell: (row) => {
        const text = scheduledChangeText(row);
        if (!text)
          return (
            <Text fz="sm" c="dimmed">
              None
            </Text>
          );
        return (
          <Badge
            color="blue"
            variant="light"
            radius="sm"
            miw={120}
            tt="none"
            fw={500}
            h="auto"
            py={4}
            styles={{
              label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4, textAlign: 'left' },
            }}
          >
            {text}
          </Badge>
        );
      },
    },
    {
      key: 'created',
      header: 'Created',
      cell: (row) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatBillingDate(row.createdAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => <StatusMenu row={row} busy={busyId === row.id} onChange={onStatus} />,
    },
  ];
}

import { ActionIcon, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react';
import {
  formatBillingDate,
  formatPromoDiscount,
  promoDurationLabel,
  promoUsageLabel,
  type PromoCodeResponse,
} from '@mindledger/domain';
import type { DataTableColumn } from '../../ui/DataTable';
import type { PromoSort } from './api';

export type SortOrder = 'asc' | 'desc';

interface SortHeaderProps {
  label: string;
  column: PromoSort;
  sort: PromoSort;
  order: SortOrder;
  onSort: (column: PromoSort) => void;
}

/** A column header that sorts the server's list; the header cell says the order (aria-sort). */
function SortHeader({ label, column, sort, order, onSort }: SortHeaderProps) {
  const active = sort === column;
  const Icon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={() => onSort(column)} fz="sm" fw={700}>
      <Group gap={4} wrap="nowrap">
        <span>{label}</span>
        <Icon size={14} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}

interface PromoColumnsOptions {
  sort: PromoSort;
  order: SortOrder;
  onSort: (column: PromoSort) => void;
  busyId: string | null;
  onEdit: (promo: PromoCodeResponse) => void;
  onDelete: (promo: PromoCodeResponse) => void;
}

/**
 * Promo Codes Management columns (Part 2 §2 Admin screens): Code, Discount, Duration, Description,
 * Usage, Expiration, Status, Actions; every column but Actions sorts on the server.
 */
export function promoColumns({
  sort,
  order,
  onSort,
  busyId,
  onEdit,
  onDelete,
}: PromoColumnsOptions): DataTableColumn<PromoCodeResponse>[] {
  const sortable = (key: string, label: string, column: PromoSort) => ({
    key,
    label,
    header: <SortHeader label={label} column={column} sort={sort} order={order} onSort={onSort} />,
    ariaSort: (sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none') as
      'ascending' | 'descending' | 'none',
  });
  return [
    {
      ...sortable('code', 'Code', 'code'),
      cell: (promo) => (
        <Text fw={600} ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
          {promo.code}
        </Text>
      ),
    },
    {
      ...sortable('discount', 'Discount', 'discount'),
      cell: (promo) => formatPromoDiscount(promo.discountType, promo.discount),
    },
    {
      ...sortable('duration', 'Duration', 'duration'),
      cell: (promo) => promoDurationLabel(promo.duration, promo.durationInMonths),
    },
    {
      ...sortable('description', 'Description', 'description'),
      maxWidth: 280,
      cell: (promo) => (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {promo.description}
        </Text>
      ),
    },
    {
      ...sortable('usage', 'Usage', 'currentUses'),
      cell: (promo) => promoUsageLabel(promo.currentUses, promo.maxUses),
    },
    {
      ...sortable('expiration', 'Expiration', 'expiresAt'),
      cell: (promo) => formatBillingDate(promo.expiresAt),
    },
    {
      ...sortable('status', 'Status', 'active'),
      cell: (promo) => (
        <Badge color={promo.active ? 'green' : 'gray'} variant="light">
          {promo.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (promo) => {
        const busy = busyId === promo.id;
        return (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit promo code ${promo.code}`}
              onClick={() => onEdit(promo)}
              disabled={busy}
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete promo code ${promo.code}`}
              onClick={() => onDelete(promo)}
              loading={busy}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      },
    },
  ];
}

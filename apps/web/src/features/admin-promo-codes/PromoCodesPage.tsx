import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { promoMessages, type PromoCodeResponse } from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openConfirm } from '../../ui/confirm';
import { DataTable } from '../../ui/DataTable';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import { useCurrentUser } from '../auth';
import {
  adminToday,
  promoApi,
  promoFailureMessage,
  promoKeys,
  saveFile,
  type PromoCodeEdit,
  type PromoListParams,
  type PromoSort,
} from './api';
import { PromoCodeDialog } from './PromoCodeDialog';
import { promoColumns, type SortOrder } from './PromoCodesTable';

/** Rows per page; 0 is All. */
export const pageSizes = [10, 25, 50, 0] as const;

interface SortState {
  sort: PromoSort;
  order: SortOrder;
}

/** /admin/promo-codes: Promo Codes Management (Part 2 §2 Admin screens). */
export function PromoCodesPage() {
  const me = useCurrentUser();
  const today = adminToday(me?.timezone);
  const queryClient = useQueryClient();
  /** The dialog: creating ({ promo: null }) or editing a code; kept while it closes. */
  const [dialog, setDialogState] = useState<{ opened: boolean; promo: PromoCodeResponse | null }>({
    opened: false,
    promo: null,
  });
  const setDialog = (next: { promo: PromoCodeResponse | null } | null) =>
    setDialogState((current) => (next ? { opened: true, promo: next.promo } : { ...current, opened: false }));
  const [busyId, setBusyId] = useState<string | null>(null);
  const codes = usePagedQuery({
    limit: pageSizes[0],
    filters: { sort: 'createdAt', order: 'desc' } as SortState,
    params: ({ page, limit, search, filters }): PromoListParams => ({
      search: search || undefined,
      sort: filters.sort,
      order: filters.order,
      page,
      limit,
    }),
    queryKey: promoKeys.list,
    queryFn: promoApi.list,
    rows: (data) => data.promoCodes,
    total: (data) => data.total,
    pages: (data) => data.pages,
  });

  // A delete can empty the last page: go to the new last one.
  const { page, pages, setPage, isFetching } = codes;
  useEffect(() => {
    if (!isFetching && page > pages) setPage(pages);
  }, [isFetching, page, pages, setPage]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: promoKeys.all });
  const failed = (error: unknown) => toast.error(promoFailureMessage(error));

  const create = useMutation({
    mutationFn: promoApi.create,
    onSuccess: () => {
      toast.success(promoMessages.created);
      setDialog(null);
      void refresh();
    },
    onError: failed,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: PromoCodeEdit }) => promoApi.update(id, body),
    onSuccess: () => {
      toast.success(promoMessages.updated);
      setDialog(null);
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (promo: PromoCodeResponse) => promoApi.remove(promo.id),
    onMutate: (promo) => setBusyId(promo.id),
    onSuccess: () => {
      toast.success(promoMessages.deleted);
      void refresh();
    },
    onError: failed,
    onSettled: () => setBusyId(null),
  });
  const exportCsv = useMutation({
    mutationFn: promoApi.exportCsv,
    onSuccess: (file) => saveFile(file),
    onError: failed,
  });

  const confirmDelete = (promo: PromoCodeResponse) =>
    void openConfirm({
      title: 'Delete promo code',
      children: (
        <Stack gap={4}>
          <Text>{promoMessages.deleteConfirm}</Text>
          <Text fz="sm" c="dimmed">
            {promo.code} will be removed.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(promo),
    });

  const onSort = (column: PromoSort) =>
    codes.setFilters((current) => ({
      sort: column,
      order: current.sort === column && current.order === 'asc' ? 'desc' : 'asc',
    }));

  const openNew = () => setDialog({ promo: null });
  const searching = codes.debouncedSearch !== '';

  return (
    <Stack gap="lg">
      <PageTitle
        title="Promo Codes Management"
        description="Create, edit and export the promo codes clients can apply to paid plans."
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              Export to CSV
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openNew}>
              New Promo Code
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label="Search promo codes"
            placeholder="Code or description"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={codes.search}
            onChange={(event) => codes.setSearch(event.currentTarget.value)}
            type="search"
            maw={420}
          />
          <DataTable
            label="Promo codes"
            source={codes}
            rows={codes.rows}
            rowKey={(promo) => promo.id}
            columns={promoColumns({
              ...codes.filters,
              onSort,
              busyId,
              onEdit: (promo) => setDialog({ promo }),
              onDelete: confirmDelete,
            })}
            minWidth={920}
            striped
            highlightOnHover
            loadingLabel="Loading promo codes..."
            errorTitle="Unable to load promo codes"
            empty={
              <Stack align="center" gap={0} pb="md">
                <EmptyState title="No promo codes found">
                  {searching ? 'Try another search.' : undefined}
                </EmptyState>
                {!searching && (
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden="true" />}
                    onClick={openNew}
                  >
                    Create your first promo code
                  </Button>
                )}
              </Stack>
            }
            pager={{ ...codes.pager, pageSizes, noun: ['promo code', 'promo codes'] }}
          />
        </Stack>
      </Card>
      <PromoCodeDialog
        opened={dialog.opened}
        promo={dialog.promo}
        today={today}
        onClose={() => setDialog(null)}
        onCreate={(body) => create.mutateAsync(body)}
        onUpdate={(promo, body) => update.mutateAsync({ id: promo.id, body })}
      />
    </Stack>
  );
}

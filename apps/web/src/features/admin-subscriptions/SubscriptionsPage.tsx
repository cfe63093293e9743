import { useEffect, useState } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import type { AdminSubscriptionRowResponse, SubscriptionStatus } from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openConfirm } from '../../ui/confirm';
import { DataTable } from '../../ui/DataTable';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import {
  allRowsLimit,
  confirmQuestion,
  pageSizes,
  statusFailureMessage,
  subscriptionKeys,
  subscriptionsApi,
  type SubscriptionListParams,
  type SubscriptionsPage as SubscriptionsAnswer,
} from './api';
import { SubscriptionFilters, type SubscriptionFilterValues } from './SubscriptionFilters';
import { subscriptionColumns, userLabel } from './SubscriptionsTable';

type Row = AdminSubscriptionRowResponse;
type Filters = Omit<SubscriptionFilterValues, 'search'>;

/** /admin/subscriptions: the subscriptions list with status change (Part 2 §2 Admin screens). */
export function SubscriptionsPage() {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const subs = usePagedQuery({
    limit: pageSizes[0],
    filters: { status: '', plan: '' } as Filters,
    params: ({ page, limit, search, filters }): SubscriptionListParams => ({
      search: search || undefined,
      status: filters.status || undefined,
      plan: filters.plan || undefined,
      page,
      // 'All' (0) asks for the server's largest page.
      limit: limit === 0 ? allRowsLimit : limit,
    }),
    queryKey: subscriptionKeys.list,
    queryFn: subscriptionsApi.list,
    rows: (data) => data.subscriptions,
    total: (data) => data.total,
    pages: (data) => data.pages,
  });

  // A change can move the last row of the last page out of the filter: go to the new last page.
  const { page, pages, setPage, isFetching } = subs;
  useEffect(() => {
    if (!isFetching && page > pages) setPage(pages);
  }, [isFetching, page, pages, setPage]);

  const change = useMutation({
    mutationFn: ({ row, status }: { row: Row; status: SubscriptionStatus }) =>
      subscriptionsApi.setStatus(row.id, status),
    onMutate: ({ row }) => setBusyId(row.id),
    onSuccess: (answer, { row, status }) => {
      toast.success(answer.message ?? `Subscription status updated to ${status}`);
      // Show the new state at once (the answer has no user); the refetch then applies the filters.
      queryClient.setQueriesData<SubscriptionsAnswer>({ queryKey: subscriptionKeys.all }, (data) =>
        data
          ? {
              ...data,
              subscriptions: data.subscriptions.map((item) =>
                item.id === row.id ? { ...item, ...answer.subscription, user: item.user } : item,
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
    onError: (error) => toast.error(statusFailureMessage(error)),
    onSettled: () => setBusyId(null),
  });

  const confirmChange = (row: Row, status: SubscriptionStatus) =>
    void openConfirm({
      title: 'Change subscription status',
      children: (
        <Stack gap={4}>
          <Text>{confirmQuestion(status)}</Text>
          <Text fz="sm" c="dimmed">
            {userLabel(row)} ({row.user.email}), {row.plan.name}.
          </Text>
          {status === 'canceled' && (
            <Text fz="sm" c="dimmed">
              The paid plan ends now and the account moves to the Free plan.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Change status', cancel: 'Cancel' },
      confirmProps: status === 'canceled' ? { color: 'red' } : undefined,
      onConfirm: () => change.mutate({ row, status }),
    });

  const changeFilters = ({ search, ...filters }: SubscriptionFilterValues) => {
    if (search !== subs.search) subs.setSearch(search);
    if (filters.status !== subs.filters.status || filters.plan !== subs.filters.plan)
      subs.setFilters(filters);
  };
  const filtered = subs.debouncedSearch !== '' || subs.filters.status !== '' || subs.filters.plan !== '';

  return (
    <Stack gap="lg">
      <PageTitle
        title="Subscriptions"
        description="Every plan and billing state, with a status change for each subscription."
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SubscriptionFilters value={{ search: subs.search, ...subs.filters }} onChange={changeFilters} />
          <DataTable
            label="Subscriptions"
            source={subs}
            rows={subs.rows}
            rowKey={(row) => row.id}
            columns={subscriptionColumns({ busyId, onStatus: confirmChange })}
            minWidth={960}
            striped
            highlightOnHover
            loadingLabel="Loading subscriptions..."
            errorTitle="Unable to load subscriptions"
            empty={
              <EmptyState title="No subscriptions found">
                {filtered ? 'Try another search or filter.' : undefined}
              </EmptyState>
            }
            pager={{ ...subs.pager, pageSizes, noun: ['subscription', 'subscriptions'] }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

import { useState } from 'react';
import { Card, Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import type { User } from '../../api/types';
import { fullName } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useCurrentUser } from '../auth/auth-store';
import { adminUsersApi, adminUsersKeys, type UsersListParams } from './api';
import { UserFilters, type FilterValues } from './UserFilters';
import { UsersTable } from './UsersTable';
import { UserStatsCards } from './UserStatsCards';
import { openConfirm } from '../../ui/confirm';

export const pageSizes = [10, 25, 50] as const;
const searchDebounceMs = 300;

/** /admin/all-users: Users Management (Part 2 §2 Admin screens). */
export function UsersManagementPage() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<FilterValues>({ search: '', role: '', status: '' });
  const [search] = useDebouncedValue(filters.search.trim(), searchDebounceMs);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(pageSizes[0]);
  const [busyId, setBusyId] = useState<string | null>(null);

  const query: UsersListParams = {
    search: search || undefined,
    role: filters.role || undefined,
    status: filters.status || undefined,
    page,
    limit,
  };
  const users = useQuery({
    queryKey: adminUsersKeys.list(query),
    queryFn: ({ signal }) => adminUsersApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
  const onDone = (message: string | undefined, fallback: string) => {
    toast.success(message ?? fallback);
    void refresh();
  };
  const approve = useMutation({
    mutationFn: (user: User) => adminUsersApi.approve(user.id),
    onMutate: (user) => setBusyId(user.id),
    onSuccess: (response) => onDone(response.message, 'Provider approved.'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setBusyId(null),
  });
  const remove = useMutation({
    mutationFn: (user: User) => adminUsersApi.remove(user.id),
    onMutate: (user) => setBusyId(user.id),
    onSuccess: (response) => onDone(response.message, 'User deleted.'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setBusyId(null),
  });

  const confirmDelete = (user: User) =>
    void openConfirm({
      title: 'Delete user',
      centered: true,
      children: (
        <Stack gap={4}>
          <Text>Are you sure you want to delete this user?</Text>
          <Text fz="sm" c="dimmed">
            {fullName(user)} ({user.email}) and their data will be removed.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(user),
    });

  const changeFilters = (next: FilterValues) => {
    setFilters(next);
    setPage(1);
  };

  const table = () => {
    if (users.isPending) return <LoadingState label="Loading users..." />;
    if (users.isError) {
      return (
        <ErrorState
          title="Unable to load users"
          message={errorMessage(users.error)}
          onRetry={() => void users.refetch()}
        />
      );
    }
    if (users.data.users.length === 0)
      return <EmptyState title="No users found">Try another search or filter.</EmptyState>;
    return (
      <UsersTable
        users={users.data.users}
        currentUserId={me?.id ?? ''}
        busyId={busyId}
        onApprove={(user) => approve.mutate(user)}
        onDelete={confirmDelete}
      />
    );
  };

  const total = users.data?.total ?? 0;
  const pages = users.data?.pages ?? 1;
  return (
    <Stack gap="lg">
      <PageTitle title="Users Management" description="Approve providers and manage accounts." />
      <UserStatsCards />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <UserFilters value={filters} onChange={changeFilters} />
          <div aria-busy={users.isFetching} aria-live="polite">
            {table()}
          </div>
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <NativeSelect
                label="Rows per page"
                data={pageSizes.map(String)}
                value={String(limit)}
                onChange={(event) => {
                  setLimit(Number(event.currentTarget.value));
                  setPage(1);
                }}
                w={130}
              />
              <Text fz="sm" c="dimmed" mt={22}>
                {total} {total === 1 ? 'user' : 'users'}
              </Text>
            </Group>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              aria-label="Pagination"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
              })}
            />
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

import { useState } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import type { User } from '../../api/types';
import { DataTable } from '../../ui/DataTable';
import { fullName } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import { useCurrentUser } from '../auth';
import { adminUsersApi, adminUsersKeys, type UsersListParams } from './api';
import { UserFilters, type FilterValues } from './UserFilters';
import { usersColumns } from './UsersTable';
import { UserStatsCards } from './UserStatsCards';
import { openConfirm } from '../../ui/confirm';

export const pageSizes = [10, 25, 50] as const;

/** /admin/all-users: Users Management (Part 2 §2 Admin screens). */
export function UsersManagementPage() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const users = usePagedQuery({
    limit: pageSizes[0],
    filters: { role: '', status: '' } as Omit<FilterValues, 'search'>,
    params: ({ page, limit, search, filters }): UsersListParams => ({
      search: search || undefined,
      role: filters.role || undefined,
      status: filters.status || undefined,
      page,
      limit,
    }),
    queryKey: adminUsersKeys.list,
    queryFn: adminUsersApi.list,
    rows: (data) => data.users,
    total: (data) => data.total,
    pages: (data) => data.pages,
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

  const changeFilters = ({ search, ...filters }: FilterValues) => {
    users.setSearch(search);
    users.setFilters(filters);
  };

  return (
    <Stack gap="lg">
      <PageTitle title="Users Management" description="Approve providers and manage accounts." />
      <UserStatsCards />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <UserFilters value={{ search: users.search, ...users.filters }} onChange={changeFilters} />
          <DataTable
            label="Users"
            source={users}
            rows={users.rows}
            rowKey={(user) => user.id}
            columns={usersColumns({
              currentUserId: me?.id ?? '',
              busyId,
              onApprove: (user) => approve.mutate(user),
              onDelete: confirmDelete,
            })}
            minWidth={760}
            striped
            highlightOnHover
            loadingLabel="Loading users..."
            errorTitle="Unable to load users"
            empty={<EmptyState title="No users found">Try another search or filter.</EmptyState>}
            pager={{ ...users.pager, pageSizes, noun: ['user', 'users'] }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

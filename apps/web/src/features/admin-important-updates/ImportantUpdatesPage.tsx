import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { notificationMessages } from '@mindledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openConfirm } from '../../ui/confirm';
import { DataTable } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedQuery } from '../../ui/usePagedQuery';
import {
  audienceLabels,
  updateFailureMessage,
  updateKeys,
  updatesApi,
  type ImportantUpdate,
  type NewImportantUpdate,
  type UpdatesListParams,
} from './api';
import {
  emptyUpdateForm,
  toRequest,
  validateUpdate,
  type UpdateFormErrors,
  type UpdateFormValues,
} from './update-form';
import { UpdateForm } from './UpdateForm';
import { UpdatePreview } from './UpdatePreview';
import { updateColumns } from './UpdatesTable';

export const pageSizes = [10, 25, 50] as const;

/** /admin/important-updates: compose, preview, publish or schedule, and withdraw (ours: the spec shows no contents). */
export function ImportantUpdatesPage() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<UpdateFormValues>(emptyUpdateForm);
  const [errors, setErrors] = useState<UpdateFormErrors>({});
  const [busyId, setBusyId] = useState<string | null>(null);

  const updates = usePagedQuery({
    limit: pageSizes[0],
    params: ({ page, limit }): UpdatesListParams => ({ page, limit }),
    queryKey: updateKeys.list,
    queryFn: updatesApi.list,
    rows: (data) => data.updates,
    total: (data) => data.total,
    pages: (data) => data.pages,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: updateKeys.all });

  const create = useMutation({
    mutationFn: (body: NewImportantUpdate) => updatesApi.create(body),
    onSuccess: (answer) => {
      const update = answer.update;
      toast.success(
        update?.status === 'scheduled'
          ? `Important update scheduled for ${formatDate(update.publishAt, 'MMM D, YYYY h:mm A')}`
          : 'Important update published',
      );
      setValues(emptyUpdateForm);
      setErrors({});
      updates.setPage(1);
      void refresh();
    },
    onError: (error) => toast.error(updateFailureMessage(error)),
  });
  const withdraw = useMutation({
    mutationFn: (update: ImportantUpdate) => updatesApi.withdraw(update.id),
    onMutate: (update) => setBusyId(update.id),
    onSuccess: (answer) => {
      toast.success(answer.message || notificationMessages.updateWithdrawn);
      void refresh();
    },
    onError: (error) => toast.error(updateFailureMessage(error)),
    onSettled: () => setBusyId(null),
  });

  const change = (patch: Partial<UpdateFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof UpdateFormErrors];
      return next;
    });
  };

  const confirmPublish = () => {
    const found = validateUpdate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toRequest(values);
    const audience = audienceLabels[body.audience].toLowerCase();
    const when = body.publishAt ? `on ${formatDate(body.publishAt, 'MMM D, YYYY [at] h:mm A')}` : 'now';
    void openConfirm({
      title: 'Publish important update',
      children: (
        <Stack gap={4}>
          <Text>
            Send “{body.title}” to {audience} {when}?
          </Text>
          <Text fz="sm" c="dimmed">
            It appears in their notifications with high priority, and by push and email where they allow it.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Publish', cancel: 'Cancel' },
      onConfirm: () => create.mutate(body),
    });
  };

  const confirmWithdraw = (update: ImportantUpdate) =>
    void openConfirm({
      title: 'Withdraw important update',
      children: (
        <Stack gap={4}>
          <Text>Withdraw “{update.title}”?</Text>
          <Text fz="sm" c="dimmed">
            {update.status === 'scheduled'
              ? 'It will not be sent.'
              : 'Users who have not read it yet will no longer see it.'}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Withdraw', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => withdraw.mutate(update),
    });

  return (
    <Stack gap="lg">
      <PageTitle
        title="Important Updates"
        description="Announce news, changes and maintenance to clients, providers or everyone."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UpdateForm
          values={values}
          errors={errors}
          onChange={change}
          onPublish={confirmPublish}
          publishing={create.isPending}
        />
        <UpdatePreview values={values} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="updates-list-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz={18} id="updates-list-title">
              Sent and scheduled updates
            </Title>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              onClick={() => void refresh()}
              loading={updates.isFetching && !updates.isPending}
            >
              Refresh
            </Button>
          </Group>
          <DataTable
            label="Important updates"
            source={updates}
            rows={updates.rows}
            rowKey={(update) => update.id}
            columns={updateColumns({ busyId, onWithdraw: confirmWithdraw })}
            minWidth={860}
            striped
            highlightOnHover
            loadingLabel="Loading important updates..."
            errorTitle="Unable to load important updates"
            empty={
              <EmptyState title="No important updates yet">
                Published and scheduled updates appear here.
              </EmptyState>
            }
            pager={{ ...updates.pager, pageSizes, noun: ['update', 'updates'] }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

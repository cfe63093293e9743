import { Card, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState } from '../../ui/states';
import { usePagedQuery } from '../../ui/usePagedQuery';
import { accessEntryLabel, connectionsApi, connectionsKeys, type AccessEntry } from './api';

const pageSizes = [10, 25, 50] as const;

/** /user/access-history: which provider read which kind of the client's data, and when. */
export function AccessHistoryPage() {
  const history = usePagedQuery({
    limit: 10,
    params: ({ page, limit }) => ({ page, limit }),
    queryKey: ({ page, limit }) => connectionsKeys.accessHistory(page, limit),
    queryFn: ({ page, limit }, signal) => connectionsApi.accessHistory(page, limit, signal),
    rows: (data) => data.entries,
    total: (data) => data.total,
  });

  const columns: DataTableColumn<AccessEntry>[] = [
    { key: 'provider', header: 'Provider', cell: (entry) => <Text fw={500}>{entry.providerName}</Text> },
    { key: 'what', header: 'What was opened', cell: (entry) => accessEntryLabel(entry) },
    {
      key: 'when',
      header: 'When',
      cell: (entry) => (
        <time dateTime={entry.occurredAt}>{formatDate(entry.occurredAt, 'MMM D, YYYY h:mm A')}</time>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title="Access History" />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Text>
            Every time a provider opens your information, MindLedger records who it was, what kind of
            information it was and when. It also records each time you agreed to share a document that draws
            on your private entries. This list shows those records, newest first.
          </Text>
          <DataTable
            label="Access history"
            source={history}
            rows={history.rows}
            rowKey={(entry, index) => `${entry.providerId}-${entry.occurredAt}-${index}`}
            columns={columns}
            minWidth={560}
            striped
            loadingLabel="Loading access history..."
            errorTitle="Unable to load your access history"
            empty={
              <EmptyState title="No access recorded yet">
                When a provider you are connected with opens your information, it appears here.
              </EmptyState>
            }
            pager={{ ...history.pager, pageSizes, noun: ['record', 'records'] }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

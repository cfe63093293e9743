import { useState } from 'react';
import { Card, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { pageCount, TablePager } from '../../ui/TablePager';
import { connectionsApi, connectionsKeys, resourceTypeLabel } from './api';

const pageSizes = [10, 25, 50] as const;

/** /user/access-history: which provider read which kind of the client's data, and when. */
export function AccessHistoryPage() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(10);
  const history = useQuery({
    queryKey: connectionsKeys.accessHistory(page, limit),
    queryFn: ({ signal }) => connectionsApi.accessHistory(page, limit, signal),
    placeholderData: keepPreviousData,
  });

  const table = () => {
    if (history.isPending) return <LoadingState label="Loading access history..." />;
    if (history.isError) {
      return (
        <ErrorState
          title="Unable to load your access history"
          message={errorMessage(history.error)}
          onRetry={() => void history.refetch()}
        />
      );
    }
    if (history.data.entries.length === 0) {
      return (
        <EmptyState title="No access recorded yet">
          When a provider you are connected with opens your information, it appears here.
        </EmptyState>
      );
    }
    return (
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm" aria-label="Access history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Provider</Table.Th>
              <Table.Th scope="col">What was opened</Table.Th>
              <Table.Th scope="col">When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.entries.map((entry, index) => (
              <Table.Tr key={`${entry.providerId}-${entry.occurredAt}-${index}`}>
                <Table.Td>
                  <Text fw={500}>{entry.providerName}</Text>
                </Table.Td>
                <Table.Td>{resourceTypeLabel(entry.resourceType)}</Table.Td>
                <Table.Td>
                  <time dateTime={entry.occurredAt}>
                    {formatDate(entry.occurredAt, 'MMM D, YYYY h:mm A')}
                  </time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  const total = history.data?.total ?? 0;
  return (
    <Stack gap="lg">
      <PageTitle title="Access History" />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Text>
            Every time a provider opens your information, MindLedger records who it was, what kind of
            information it was and when. This list shows those records, newest first.
          </Text>
          <div aria-busy={history.isFetching} aria-live="polite">
            {table()}
          </div>
          <TablePager
            page={page}
            pages={pageCount(total, limit)}
            total={total}
            limit={limit}
            pageSizes={pageSizes}
            noun={['record', 'records']}
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

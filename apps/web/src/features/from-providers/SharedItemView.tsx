import { Stack, Text } from '@mantine/core';
import { notesSummaryMessages } from '@mindledger/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { ErrorState, LoadingState } from '../../ui/states';
import { SummaryText } from '../ai-documents';
import { fromProvidersApi, fromProvidersKeys, shareKindLabels } from './api';
import { CarePlanView } from './CarePlanView';
import classes from './from-providers.module.css';

/** One shared item, exactly the version the provider shared. */
export function SharedItemView({ shareId }: { shareId: string }) {
  const item = useQuery({
    queryKey: fromProvidersKeys.item(shareId),
    queryFn: ({ signal }) => fromProvidersApi.item(shareId, signal),
  });
  if (item.isPending) return <LoadingState label="Loading..." />;
  if (item.isError)
    return (
      <ErrorState
        title="Unable to open this item"
        message={errorMessage(item.error)}
        onRetry={() => void item.refetch()}
      />
    );
  const share = item.data;
  return (
    <Stack gap="md" className={classes.doc}>
      <Text fz="sm" c="dimmed">
        {shareKindLabels[share.kind]} from {share.providerName || 'your provider'} · shared{' '}
        {formatDate(share.sharedAt)}
      </Text>
      {share.kind === 'carePlan' ? (
        <CarePlanView plan={share.carePlan} headingLevel={2} />
      ) : (
        <SummaryText
          text={share.noteSum}
          headingLevel={2}
          disclaimer={notesSummaryMessages.clientDisclaimer}
        />
      )}
    </Stack>
  );
}

import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { fromProvidersApi, fromProvidersKeys, shareKindLabels, type ProviderShare } from './api';
import { SharedItemView } from './SharedItemView';
import classes from './from-providers.module.css';

export const fromProvidersPath = '/user/from-providers';

/**
 * /user/from-providers: the summaries and care plans the client's providers chose to share, each
 * exactly as shared. `?share={id}` (the link of the in-app notification) opens one.
 */
export function FromProvidersPage() {
  const [params] = useSearchParams();
  const shareId = params.get('share');
  return (
    <Stack gap="lg">
      <PageTitle
        title="From My Providers"
        description="Summaries and care plans your providers chose to share with you."
      />
      {shareId ? (
        <Stack gap="md">
          <Anchor component={Link} to={fromProvidersPath} fz="sm" underline="hover">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden="true" />
              All shared items
            </Group>
          </Anchor>
          <Card withBorder radius="lg" padding="lg">
            <SharedItemView shareId={shareId} />
          </Card>
        </Stack>
      ) : (
        <ShareList />
      )}
    </Stack>
  );
}

function ShareList() {
  const shares = useQuery({
    queryKey: fromProvidersKeys.list(),
    queryFn: ({ signal }) => fromProvidersApi.list(signal),
  });
  if (shares.isPending) return <LoadingState label="Loading what was shared with you..." />;
  if (shares.isError)
    return (
      <ErrorState
        title="Unable to load what was shared with you"
        message={errorMessage(shares.error)}
        onRetry={() => void shares.refetch()}
      />
    );
  if (shares.data.length === 0)
    return (
      <Card withBorder radius="lg" padding="lg">
        <EmptyState title="Nothing has been shared with you yet.">
          When a provider shares a notes summary or a care plan with you, it appears here.
        </EmptyState>
      </Card>
    );
  return (
    <ul className={classes.list} aria-label="Shared with you">
      {shares.data.map((share) => (
        <ShareRow key={share.id} share={share} />
      ))}
    </ul>
  );
}

function ShareRow({ share }: { share: ProviderShare }) {
  const kind = shareKindLabels[share.kind];
  const provider = share.providerName || 'Your provider';
  const when = formatDate(share.sharedAt);
  return (
    <li>
      <Link to={`${fromProvidersPath}?share=${encodeURIComponent(share.id)}`} className={classes.row}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm">
              {provider}
            </Text>
            <Text fz="xs" c="dimmed">
              Shared {when}
            </Text>
          </Stack>
          <Badge size="sm" variant="light" color={share.kind === 'carePlan' ? 'indigo' : 'teal'}>
            {kind}
          </Badge>
        </Group>
      </Link>
    </li>
  );
}

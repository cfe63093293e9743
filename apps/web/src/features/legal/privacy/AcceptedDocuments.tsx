import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { legalDocuments } from '@mindledger/domain';
import { formatDate } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { useLegalAcceptance } from '../LegalGate';
import { Section } from './Section';

/** The versions of the Terms of Service and the Privacy Policy the user accepted, with dates and links. */
export function AcceptedDocuments({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useLegalAcceptance(userId);
  return (
    <Section
      id="accepted-documents"
      title="Documents you accepted"
      description="Each version you accepted and when. The documents themselves are always readable here."
    >
      {isPending ? (
        <LoadingState label="Loading your documents..." />
      ) : isError ? (
        <ErrorState message="Your accepted documents could not be loaded." onRetry={() => void refetch()} />
      ) : data.accepted.length === 0 ? (
        <EmptyState title="You have not accepted any documents yet." />
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.accepted.map((row) => (
            <li key={`${row.document}-${row.version}`}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={legalDocuments[row.document].path} fw={600}>
                    {row.title}
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    Version {row.version} · accepted {formatDate(row.acceptedAt, 'MMMM D, YYYY [at] h:mm A')}
                  </Text>
                </Stack>
                <Badge variant="light" color={row.current ? 'green' : 'gray'}>
                  {row.current ? 'Current version' : 'Earlier version'}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Text fz="sm">
        Other documents:{' '}
        <Anchor component={Link} to={legalDocuments['hipaa-notice'].path} inherit>
          {legalDocuments['hipaa-notice'].title}
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to={legalDocuments['marketing-authorization'].path} inherit>
          {legalDocuments['marketing-authorization'].title}
        </Anchor>
      </Text>
    </Section>
  );
}

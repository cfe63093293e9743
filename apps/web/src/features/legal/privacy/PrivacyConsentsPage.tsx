import { Anchor, Breadcrumbs, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { homeForRole, type Role } from '@mindledger/domain';
import { PageTitle } from '../../../ui/PageTitle';
import { ErrorState, LoadingState } from '../../../ui/states';
import { useCurrentUser } from '../../auth';
import { AcceptedDocuments } from './AcceptedDocuments';
import { ConsentHistory } from './ConsentHistory';
import { MarketingAuthorization } from './MarketingAuthorization';
import { ResearchConsent } from './ResearchConsent';
import { useConsents } from './useConsents';
import { YourData } from './YourData';

function PrivacyBreadcrumbs({ role }: { role: Role }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm" separatorMargin={6}>
        <Anchor component={Link} to={homeForRole(role)} fz="sm">
          Home
        </Anchor>
        <Anchor component={Link} to="/profile" fz="sm">
          My Profile
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          Privacy and consents
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

/** A client's research and marketing consents, with their loading and error states. */
function ClientConsents({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useConsents(userId);
  if (isPending) return <LoadingState label="Loading your consents..." />;
  if (isError)
    return <ErrorState message="Your consents could not be loaded." onRetry={() => void refetch()} />;
  return (
    <>
      <ResearchConsent userId={userId} consents={data} />
      <MarketingAuthorization userId={userId} consents={data} />
      <ConsentHistory consents={data} />
    </>
  );
}

/** /profile/privacy: Privacy and consents (issue 17). */
export function PrivacyConsentsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  const client = user.userRole === 'patient';
  return (
    <Stack gap={0}>
      <PrivacyBreadcrumbs role={user.userRole} />
      <PageTitle
        title="Privacy and consents"
        description="What you agreed to, what you allow, and how to take your data with you."
      />
      <Stack gap="lg">
        {client && <ClientConsents userId={user.id} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AcceptedDocuments userId={user.id} />
          <YourData role={user.userRole} />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

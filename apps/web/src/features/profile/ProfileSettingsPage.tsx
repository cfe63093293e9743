import { SimpleGrid, Stack } from '@mantine/core';
import { PageTitle } from '../../ui/PageTitle';
import { useCurrentUser } from '../auth';
import { MyRecordActions } from '../clinical-export';
import { ThemeSettingsPanel } from '../theme';
import { ProfileBreadcrumbs } from './ProfileBreadcrumbs';
import { AvatarSection } from './sections/AvatarSection';
import { DeleteAccountSection } from './sections/DeleteAccountSection';
import { EmailSection } from './sections/EmailSection';
import { PasswordSection } from './sections/PasswordSection';
import { PersonalInfoSection } from './sections/PersonalInfoSection';
import { SettingsCard } from './sections/SettingsCard';
import { TwoFactorSection } from './sections/TwoFactorSection';

/** /profile/edit-profile: Profile Settings. */
export function ProfileSettingsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap={0}>
      <ProfileBreadcrumbs role={user.userRole} current="settings" />
      <PageTitle title="Profile Settings" />
      <Stack gap="lg">
        <PersonalInfoSection
          key={`${user.id}-${user.firstName}-${user.lastName}-${user.timezone}`}
          user={user}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AvatarSection user={user} />
          <SettingsCard id="appearance" title="Appearance" description="Color mode, direction and layout.">
            <ThemeSettingsPanel role={user.userRole} />
          </SettingsCard>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PasswordSection />
          <EmailSection key={user.email} user={user} />
        </SimpleGrid>
        <TwoFactorSection />
        {user.userRole === 'patient' && (
          <SettingsCard
            id="my-record"
            title="Your record"
            description="A copy of your record, yours to keep or to take to another service."
          >
            <MyRecordActions />
          </SettingsCard>
        )}
        <DeleteAccountSection />
      </Stack>
    </Stack>
  );
}

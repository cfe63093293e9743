import { useEffect } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
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

/** A link to one section (e.g. #delete-account-title from Privacy and consents) lands on it. */
function useSectionFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

/** /profile/edit-profile: Profile Settings. */
export function ProfileSettingsPage() {
  const user = useCurrentUser();
  useSectionFromHash();
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

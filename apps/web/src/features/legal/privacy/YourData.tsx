import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Role } from '@mindledger/domain';
import { useLegalPublicInfo } from '../useLegalDocument';
import { Section } from './Section';

interface DataLink {
  to: string;
  label: string;
  text: string;
  roles: readonly Role[];
}

const links: readonly DataLink[] = [
  {
    to: '/user/access-history',
    label: 'Access history',
    text: 'See which providers opened your information, and when.',
    roles: ['patient'],
  },
  {
    to: '/profile/backup',
    label: 'Backup',
    text: 'Download a copy of your data, or bring a copy back.',
    roles: ['patient', 'provider', 'admin'],
  },
  {
    to: '/profile/edit-profile#delete-account-title',
    label: 'Delete account',
    text: 'Permanently delete your account and its data. Your password is asked first.',
    roles: ['patient', 'provider', 'admin'],
  },
];

/** Where the user's other rights are used: access history, backup, account deletion, the privacy contact. */
export function YourData({ role }: { role: Role }) {
  const { data } = useLegalPublicInfo();
  return (
    <Section id="your-data" title="Your data">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {links
          .filter((link) => link.roles.includes(role))
          .map((link) => (
            <li key={link.to}>
              <Anchor component={Link} to={link.to} fw={600}>
                {link.label}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {link.text}
              </Text>
            </li>
          ))}
      </Stack>
      <Text fz="sm">
        For anything else (a correction, a restriction, an accounting of disclosures, a paper copy of a
        notice), write to our Privacy Officer
        {data ? (
          <>
            {' '}
            at{' '}
            <Anchor href={`mailto:${data.privacyEmail}`} inherit>
              {data.privacyEmail}
            </Anchor>
          </>
        ) : null}
        . We answer within 30 days.
      </Text>
    </Section>
  );
}

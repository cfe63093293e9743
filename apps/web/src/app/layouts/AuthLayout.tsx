import { useEffect } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { crisisCountryFor } from '@mindledger/domain';
import { authStore } from '../../features/auth';
import { LegalFooterLinks } from '../../features/legal';
import { Logo } from '../../ui/Logo';

/** The browser's time zone: before sign-in there is no profile to pick the crisis lines by. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Ruling 12 before sign-in: the emergency number and first crisis line of the browser's time zone's
 * country (packages/domain/src/safety/crisis-lines.ts), or findahelpline.com where it is unknown.
 */
export function CrisisFootnote() {
  const country = crisisCountryFor({ timeZone: browserTimeZone() });
  const line = country.lines.find((l) => l.kind === 'call') ?? country.lines[0];
  const emergency = country.emergency.map((e) => e.number).join(' or ');
  return (
    <Text ta="center" fz="xs" c="dimmed">
      MindLedger is for adults 18 or older and does not replace professional care. In a crisis, call your
      local emergency number ({emergency})
      {line?.kind === 'web' ? (
        <>
          {' '}
          or find a crisis line at{' '}
          <Anchor href={line.href} target="_blank" rel="noopener noreferrer" inherit>
            {line.number}
          </Anchor>
          .
        </>
      ) : line ? (
        <>
          {' '}
          or{' '}
          <Anchor href={line.href} inherit>
            {line.name.includes(line.number) ? line.name : `${line.name} ${line.number}`}
          </Anchor>
          .
        </>
      ) : (
        '.'
      )}
    </Text>
  );
}

/** Centered card for the sign-in, registration and code pages (wider for the signup plan step). */
export function AuthLayout({ width = 460 }: { width?: number }) {
  useEffect(() => authStore.consumeSignedOutTo(), []);
  return (
    <Box mih="100dvh" className="auth-background" py="xl" px="md">
      <Center>
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <Logo />
          </Center>
          <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Outlet />
          </Paper>
          <CrisisFootnote />
          <LegalFooterLinks />
        </Stack>
      </Center>
    </Box>
  );
}

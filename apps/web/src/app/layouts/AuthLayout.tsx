import { useEffect } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { authStore } from '../../features/auth';
import { LegalFooterLinks } from '../../features/legal';
import { Logo } from '../../ui/Logo';

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
          <Text ta="center" fz="xs" c="dimmed">
            MindLedger is for adults 18 or older and does not replace professional care. In a crisis, call
            your local emergency number or a crisis line such as{' '}
            <Anchor href="tel:988" inherit>
              988
            </Anchor>{' '}
            in the US.
          </Text>
          <LegalFooterLinks />
        </Stack>
      </Center>
    </Box>
  );
}

import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '../features/auth';
import { applyThemeSettings, colorSchemeOf, effectiveMixLayout, useThemeSettings } from '../features/theme';
import { ModalsHost } from '../ui/ModalsHost';
import { NotificationsHost } from '../ui/NotificationsHost';
import { queryClient as defaultQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/**
 * Query client, Mantine (light/dark from the theme settings), the toast container and the modals
 * manager (both mount on first use, see ui/NotificationsHost and ui/ModalsHost).
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
  env = 'default',
}: AppProvidersProps) {
  const settings = useThemeSettings();
  const role = useAuth().user?.userRole;
  const scheme = colorSchemeOf(effectiveMixLayout(settings, role));

  useEffect(() => applyThemeSettings(settings, role), [settings, role]);

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={scheme}
        env={env}
      >
        <NotificationsHost />
        <ModalsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

import { AppShell, Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { OutboxSync } from '../../features/journal';
import { LegalGate } from '../../features/legal';
import { SessionTimers } from '../../features/session';
import { effectiveMixLayout, useThemeSettings } from '../../features/theme';
import { mainNavItems, visibleItems } from '../nav-items';
import { AppHeader } from './AppHeader';
import { MainNav } from './MainNav';
import { ScrollToTop } from './ScrollToTop';

/** The signed-in shell for every role: header, the role's navigation, the page and the session timers. */
export function AppLayout() {
  const user = useCurrentUser();
  const settings = useThemeSettings();
  if (!user) return null;

  const nav = visibleItems(mainNavItems, user.userRole);
  const vertical = nav.length > 0 && settings.layout === 'compact-wrapper';
  const darkSidebar = effectiveMixLayout(settings, user.userRole) === 'dark-sidebar';
  const boxed = settings.layoutType === 'box';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={vertical ? { width: 230, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      padding="md"
    >
      <ScrollToTop />
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <AppShell.Header>
        <AppHeader user={user} />
      </AppShell.Header>
      {vertical && (
        <AppShell.Navbar p="sm" className={darkSidebar ? 'sidebar-dark' : undefined}>
          <MainNav items={nav} orientation="vertical" dark={darkSidebar} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1}>
        {nav.length > 0 && (
          <Box
            hiddenFrom={vertical ? 'sm' : undefined}
            mb="md"
            p={4}
            className={darkSidebar ? 'sidebar-dark topnav' : 'topnav'}
          >
            <MainNav items={nav} orientation="horizontal" dark={darkSidebar} />
          </Box>
        )}
        <Container
          size={boxed ? 'md' : 'xl'}
          px={boxed ? 'md' : 0}
          py={boxed ? 'md' : 0}
          className={boxed ? 'boxed-content' : undefined}
        >
          <LegalGate userId={user.id}>
            <Outlet />
          </LegalGate>
        </Container>
      </AppShell.Main>
      <SessionTimers />
      {user.userRole === 'patient' && <OutboxSync userId={user.id} />}
    </AppShell>
  );
}

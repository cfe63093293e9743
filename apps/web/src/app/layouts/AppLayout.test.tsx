import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../../features/auth/auth-store';
import { RequireAuth, RoleGate } from '../guards';
import { registerPaths } from '../route-registry';
import { AppLayout } from './AppLayout';

function renderApp(path: string) {
  return renderRoutes(
    [
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          {
            element: <RoleGate roles={['patient']} />,
            children: [{ path: '/user/home', element: <p>Patient home</p> }],
          },
          {
            element: <RoleGate roles={['provider']} />,
            children: [{ path: '/provider/dashboard', element: <p>Provider home</p> }],
          },
          {
            element: <RoleGate roles={['admin']} />,
            children: [{ path: '/admin/all-users', element: <p>Admin home</p> }],
          },
          { path: '/profile', element: <p>My profile page</p> },
        ],
      },
      { path: '/auth/login', element: <p>Provider login page</p> },
      { path: '/auth/login/client', element: <p>Client login page</p> },
    ],
    path,
  );
}

function signInAs(role: Role) {
  authStore.signIn(makeJwt(900), makeUser({ userRole: role, firstName: 'Robin', lastName: 'Shaw' }));
}

describe('app shell', () => {
  beforeEach(() => {
    registerPaths([
      '/user/home',
      '/provider/dashboard',
      '/admin/all-users',
      '/profile',
      '/profile/edit-profile',
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('sends signed-out visitors to the right login page', async () => {
    authStore.reset({ status: 'anonymous' });
    const { router } = renderApp('/provider/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    const second = renderApp('/user/home?m=1');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/auth/login/client'));
    expect(second.router.state.location.search).toBe('?m=1');
  });

  it('sends a user of another role to their own home', async () => {
    signInAs('patient');
    const { router } = renderApp('/admin/all-users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(screen.getByText('Patient home')).toBeInTheDocument();
  });

  it('patient: dark mode is disabled with "Coming Soon", and the profile menu has the profile links', async () => {
    signInAs('patient');
    renderApp('/user/home');
    expect(screen.getByRole('link', { name: 'MindLedger home' })).toHaveAttribute('href', '/user/home');
    const toggle = screen.getByRole('button', { name: 'Toggle dark mode' });
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(toggle);
    expect(await screen.findByText('Coming Soon')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(document.body.getAttribute('data-theme')).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Profile menu: Robin Shaw' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Robin Shaw')).toBeInTheDocument();
    expect(within(menu).getByText('Client')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute(
      'href',
      '/profile/edit-profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    // Notification Settings and Weekly Automation show once their routes exist.
    expect(within(menu).queryByRole('menuitem', { name: 'Notification Settings' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('patient links to notification settings once that route is registered', async () => {
    registerPaths(['/user/home', '/profile', '/profile/notification-settings', '/profile/weekly-automation']);
    signInAs('patient');
    renderApp('/user/home');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/notification-settings',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu: Robin Shaw' }));
    expect(await screen.findByRole('menuitem', { name: 'Notification Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Weekly Automation' })).toBeInTheDocument();
  });

  it('provider: the dark-mode toggle works', async () => {
    signInAs('provider');
    renderApp('/provider/dashboard');
    const toggle = screen.getByRole('button', { name: 'Toggle dark mode' });
    expect(toggle).not.toHaveAttribute('aria-disabled');
    await userEvent.click(toggle);
    await waitFor(() => expect(document.body.getAttribute('data-theme')).toBe('dark'));
    expect(localStorage.getItem('mix_layout')).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    await userEvent.click(toggle);
    await waitFor(() => expect(document.body.getAttribute('data-theme')).toBe('light'));
  });

  it('admin: a Logout button, no profile menu, and the Users navigation', () => {
    signInAs('admin');
    renderApp('/admin/all-users');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Profile menu/ })).toBeNull();
    const navs = screen.getAllByRole('navigation', { name: 'Main navigation' });
    const users = within(navs[0]!).getByRole('link', { name: 'Users' });
    expect(users).toHaveAttribute('href', '/admin/all-users');
    expect(users).toHaveAttribute('aria-current', 'page');
    expect(within(navs[0]!).queryByRole('link', { name: 'Promo Codes' })).toBeNull();
  });
});

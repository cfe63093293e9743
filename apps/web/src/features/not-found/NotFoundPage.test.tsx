import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@mindledger/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { NotFoundPage } from './NotFoundPage';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/user/home', element: <p>Patient home</p> },
      { path: '/provider/dashboard', element: <p>Provider home</p> },
      { path: '/admin/all-users', element: <p>Admin home</p> },
      { path: '/auth/login/client', element: <p>Client login</p> },
      { path: '*', element: <NotFoundPage /> },
    ],
    path,
  );
}

describe('not found page', () => {
  afterEach(() => authStore.reset());

  it.each<[Role, string]>([
    ['patient', '/user/home'],
    ['provider', '/provider/dashboard'],
    ['admin', '/admin/all-users'],
  ])("'BACK TO HOME PAGE' takes a %s to %s", async (role, home) => {
    authStore.signIn(makeJwt(600), makeUser({ userRole: role }));
    const { router } = renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'BACK TO HOME PAGE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('takes a signed-out visitor to the client login', async () => {
    authStore.reset({ status: 'anonymous' });
    const { router } = renderAt('/missing');
    await userEvent.click(screen.getByRole('button', { name: 'BACK TO HOME PAGE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/client'));
  });
});

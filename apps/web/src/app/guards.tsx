import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homeForRole, type Role } from '@mindledger/domain';
import { audit } from '../api/audit';
import { returnPath, useAuth, withMobileFlag } from '../features/auth';
import { FullPageLoader } from '../ui/FullPageLoader';

/** The login page for a guarded path: providers and admins use /auth/login, everyone else the client login. */
export function loginPathFor(pathname: string, search = ''): string {
  const base = /^\/(provider|admin)(\/|$)/.test(pathname) ? '/auth/login' : '/auth/login/client';
  return new URLSearchParams(search).get('m') === '1' ? `${base}?m=1` : base;
}

/** Signed-out visitors go to the right login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutTo } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'anonymous') {
    if (signedOutTo) return <Navigate to={signedOutTo} replace />;
    // Remember where the visitor was going (e.g. a consent link from an email) for after login.
    const from = location.pathname + location.search;
    return <Navigate to={loginPathFor(location.pathname, location.search)} state={{ from }} replace />;
  }
  return children;
}

function WrongRoleRedirect({ role, path }: { role: Role; path: string }) {
  useEffect(() => {
    audit('AUTHORIZATION_FAILURE', { resourceType: 'route', metadata: { path, role } });
  }, [path, role]);
  return <Navigate to={homeForRole(role)} replace />;
}

/** A signed-in user of another role goes to their own home. */
export function RoleGate({ roles }: { roles: readonly Role[] }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return null;
  if (!roles.includes(user.userRole))
    return <WrongRoleRedirect role={user.userRole} path={location.pathname} />;
  return <Outlet />;
}

/** Auth pages: a signed-in user goes home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'authenticated' && user) {
    // Same target as the login page's own navigation, so the two never race to different places
    // (the mobile app's ?m=1 included).
    const mobile = new URLSearchParams(location.search).get('m') === '1';
    return (
      <Navigate
        to={returnPath(location.state) ?? withMobileFlag(homeForRole(user.userRole), mobile)}
        replace
      />
    );
  }
  return children;
}

/** '/': the home of the role, or the client login. */
export function RootRedirect() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (user) return <Navigate to={homeForRole(user.userRole)} replace />;
  return <Navigate to={loginPathFor('/user/home', location.search)} replace />;
}

export const roles = ['patient', 'provider', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The home route of each role (Part 1 §2, Part 2 §2). */
export function homeForRole(role: Role | undefined | null): string {
  switch (role) {
    case 'provider':
      return '/provider/dashboard';
    case 'admin':
      return '/admin/all-users';
    default:
      return '/user/home';
  }
}

/** Human name of a role as the header's profile dropdown shows it. */
export function roleLabel(role: Role): string {
  return role === 'patient' ? 'Client' : role === 'provider' ? 'Provider' : 'Admin';
}

/**
 * Where logout goes (Part 2 §4 Logout): mobile, ?m=1 or Patient go to the client login (keeping
 * ?m=1); others go to /auth/login (with ?m=1 on mobile); Admin always to /auth/login.
 */
export function logoutRedirect(role: Role | undefined | null, mobile: boolean): string {
  const suffix = mobile ? '?m=1' : '';
  if (role === 'admin') return '/auth/login';
  if (mobile || role === 'patient') return `/auth/login/client${suffix}`;
  return `/auth/login${suffix}`;
}

import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { homeForRole, type Role } from '@mindledger/domain';

interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs for the profile routes (Part 2 §2). The last crumb is the current page. */
export function ProfileBreadcrumbs({
  role,
  current,
}: {
  role: Role;
  /** 'profile', 'settings', or the title of another page under My Profile. */
  current: 'profile' | 'settings' | { title: string };
}) {
  const crumbs: Crumb[] = [{ label: 'Home', to: homeForRole(role) }];
  if (current === 'profile') crumbs.push({ label: 'My Profile' });
  else
    crumbs.push(
      { label: 'My Profile', to: '/profile' },
      { label: current === 'settings' ? 'Profile Settings' : current.title },
    );
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm" separatorMargin={6}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} fz="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} fz="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

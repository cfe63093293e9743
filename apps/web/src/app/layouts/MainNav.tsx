import { Box, Group, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '../nav-items';

interface MainNavProps {
  items: NavItem[];
  orientation: 'vertical' | 'horizontal';
  dark?: boolean;
}

/** The role's navigation, as a sidebar (compact-wrapper) or a bar under the header (horizontal-sidebar). */
export function MainNav({ items, orientation, dark = false }: MainNavProps) {
  const { pathname } = useLocation();
  const links = items.map((item) => {
    const Icon = item.icon;
    const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        active={active}
        aria-current={active ? 'page' : undefined}
        leftSection={Icon ? <Icon size={18} stroke={1.6} /> : undefined}
        variant={dark ? 'filled' : 'light'}
        c={dark && !active ? 'gray.3' : undefined}
        w={orientation === 'horizontal' ? 'auto' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
  });
  return (
    <nav aria-label="Main navigation">
      {orientation === 'vertical' ? (
        <Stack gap={4}>{links}</Stack>
      ) : (
        <Box style={{ overflowX: 'auto' }}>
          <Group gap={4} wrap="nowrap" className="topnav-links">
            {links}
          </Group>
        </Box>
      )}
    </nav>
  );
}

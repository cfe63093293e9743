import { ActionIcon, Button, Group } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { homeForRole } from '@mindledger/domain';
import type { User } from '../../api/types';
import { logout } from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { ColorSchemeToggle } from '../../features/theme';
import { Hint } from '../../ui/Hint';
import { Logo } from '../../ui/Logo';
import { headerLinks, visibleItems } from '../nav-items';
import { ProfileMenu } from './ProfileMenu';

/**
 * Header (Part 1 §6, Part 2 §2): logo, notification bell, dark-mode toggle, Settings (Patient), Logout
 * (Admin) or profile menu.
 */
export function AppHeader({ user }: { user: User }) {
  const role = user.userRole;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Logo to={homeForRole(role)} />
      <Group gap="xs" wrap="nowrap">
        <NotificationBell role={role} />
        {visibleItems(headerLinks, role).map((item) => {
          const Icon = item.icon ?? IconSettings;
          return (
            <Hint key={item.to} label={item.label}>
              <ActionIcon component={Link} to={item.to} variant="default" size="lg" aria-label={item.label}>
                <Icon size={18} stroke={1.6} />
              </ActionIcon>
            </Hint>
          );
        })}
        <ColorSchemeToggle role={role} />
        {role === 'admin' ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} stroke={1.6} />}
            onClick={() => void logout({ clearDrafts: true })}
          >
            Logout
          </Button>
        ) : (
          <ProfileMenu user={user} />
        )}
      </Group>
    </Group>
  );
}

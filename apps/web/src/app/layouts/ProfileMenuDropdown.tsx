import { Avatar, Group, Menu, Stack, Text } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { roleLabel } from '@mindledger/domain';
import type { User } from '../../api/types';
import { logout } from '../../features/auth';
import { confirmSignOut } from '../../features/journal';
import { initialsOf } from '../../ui/names';
import { profileMenuItems, visibleItems } from '../nav-items';
import { ProfileTrigger } from './ProfileTrigger';

const defaultIcons: Record<string, typeof IconUser> = {
  '/profile': IconUser,
  '/profile/edit-profile': IconSettings,
};

/** The profile menu itself (Part 2 §2), loaded on the first click of its trigger. */
export default function ProfileMenuDropdown({ user, defaultOpened }: { user: User; defaultOpened: boolean }) {
  const fullName = `${user.firstName} ${user.lastName}`;
  const items = visibleItems(profileMenuItems, user.userRole);
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <ProfileTrigger user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="sm" wrap="nowrap">
          <Avatar src={user.avatar.url} alt="" radius="xl" size={42} color="blue">
            {initialsOf(user)}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {fullName}
            </Text>
            <Text fz="sm" c="dimmed">
              {roleLabel(user.userRole)}
            </Text>
          </Stack>
        </Group>
        <Menu.Divider />
        {items.map((item) => {
          const Icon = item.icon ?? defaultIcons[item.to] ?? IconUser;
          return (
            <Menu.Item
              key={item.to}
              component={Link}
              to={item.to}
              leftSection={<Icon size={16} stroke={1.6} />}
            >
              {item.label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        {/* red.9: the theme's readable red in both schemes (plain "red" is shade 6, 3.3:1 on white) */}
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          onClick={() =>
            void (async () => {
              if (user.userRole === 'patient' && !(await confirmSignOut(user.id))) return;
              await logout({ clearDrafts: true });
            })()
          }
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

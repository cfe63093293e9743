import type { ComponentPropsWithRef } from 'react';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { User } from '../../api/types';

/** The header's profile button: avatar, first name and a chevron. */
export function ProfileTrigger({ user, ...props }: { user: User } & ComponentPropsWithRef<'button'>) {
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <UnstyledButton
      aria-label={`Profile menu: ${fullName}`}
      className="profile-trigger"
      aria-haspopup="menu"
      {...props}
    >
      <Group gap={8} wrap="nowrap">
        {/* No initials here: the trigger's accessible name must contain all of its visible text. */}
        <Avatar src={user.avatar.url} alt="" radius="xl" size={34} color="blue" aria-hidden="true" />
        <Text fw={500} fz="sm" visibleFrom="sm" maw={140} truncate>
          {user.firstName}
        </Text>
        <IconChevronDown size={16} stroke={1.6} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}

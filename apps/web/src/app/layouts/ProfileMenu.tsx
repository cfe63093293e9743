import { lazy, Suspense, useState } from 'react';
import type { User } from '../../api/types';
import { ProfileTrigger } from './ProfileTrigger';

const loadDropdown = () => import('./ProfileMenuDropdown');
const ProfileMenuDropdown = lazy(loadDropdown);

/**
 * Profile dropdown (Part 2 §2): avatar, first and last name, role, profile links and Logout. The
 * menu (and the floating-ui engine under it) loads when the pointer or focus reaches the button and
 * opens on the first click, so it stays out of the first load of every page.
 */
export function ProfileMenu({ user }: { user: User }) {
  const [opened, setOpened] = useState(false);
  if (!opened) {
    return (
      <ProfileTrigger
        user={user}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={() => setOpened(true)}
      />
    );
  }
  return (
    <Suspense fallback={<ProfileTrigger user={user} aria-busy="true" />}>
      <ProfileMenuDropdown user={user} defaultOpened />
    </Suspense>
  );
}

import { lazy, Suspense, useState } from 'react';
import type { Role } from '@mindledger/domain';
import { BellButton } from './BellButton';
import { useNotificationStream } from './useNotificationStream';
import { useUnreadCount } from './useUnreadCount';

const loadDropdown = () => import('./NotificationDropdown');
const NotificationDropdown = lazy(loadDropdown);

/**
 * The header's notification bell for every signed-in role (Part 2 §2): the unread badge is live (the
 * tab's stream opens here); the dropdown, its list and the floating-ui engine under it load when the
 * pointer or focus reaches the bell, so they stay out of the first load.
 */
export function NotificationBell({ role }: { role: Role }) {
  useNotificationStream();
  const unread = useUnreadCount() ?? 0;
  const [loaded, setLoaded] = useState(false);
  const [opened, setOpened] = useState(false);

  if (!loaded) {
    return (
      <BellButton
        unread={unread}
        aria-expanded={false}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<BellButton unread={unread} aria-busy="true" aria-expanded={false} />}>
      <NotificationDropdown role={role} unread={unread} opened={opened} onChange={setOpened} />
    </Suspense>
  );
}

import { useId, type ComponentPropsWithRef } from 'react';
import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { badgeText } from '@mindledger/domain';

interface BellButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> {
  unread: number;
}

/** The header's bell: accessible name 'Notifications', the unread badge (99+ above 99, none at 0). */
export function BellButton({ unread, ...props }: BellButtonProps) {
  const describedBy = useId();
  const count = Math.max(0, unread);
  return (
    <Indicator
      inline
      label={<span aria-hidden="true">{badgeText(count)}</span>}
      size={18}
      offset={4}
      color="red.8"
      disabled={count === 0}
      data-testid="notification-badge"
    >
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Notifications"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        {...props}
      >
        <IconBell size={18} stroke={1.6} aria-hidden="true" />
        <VisuallyHidden id={describedBy}>
          {count === 0 ? 'No unread notifications' : `${badgeText(count)} unread`}
        </VisuallyHidden>
      </ActionIcon>
    </Indicator>
  );
}

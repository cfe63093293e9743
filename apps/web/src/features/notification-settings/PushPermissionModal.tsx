import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { notificationTexts } from '@mindledger/domain';
import { settingsTexts } from './texts';

interface PushPermissionModalProps {
  opened: boolean;
  onAccept: () => void;
  onLater: () => void;
}

/** 'Stay Connected to Your Wellness': asked before the browser's own permission prompt. */
export function PushPermissionModal({ opened, onAccept, onLater }: PushPermissionModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onLater}
      title={notificationTexts.permissionTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={44} radius="xl" aria-hidden="true">
            <IconBellRinging size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fz="sm">{settingsTexts.permissionBody}</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLater}>
            {notificationTexts.permissionLater}
          </Button>
          <Button onClick={onAccept} data-autofocus>
            {notificationTexts.permissionAccept}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

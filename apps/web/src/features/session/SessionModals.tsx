import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { formatCountdown } from './monitor';

interface WarningModalProps {
  opened: boolean;
  remainingMs: number;
  totalMs: number;
  busy?: boolean;
  onContinue: () => void;
  onLogout: () => void;
}

const noop = () => undefined;

/** 'Session Timeout Warning' (Part 1 §2): the idle countdown. */
export function SessionTimeoutWarningModal({
  opened,
  remainingMs,
  busy,
  onContinue,
  onLogout,
}: WarningModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={noop}
      title="Session Timeout Warning"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Stack gap="md">
        <Text>You have been inactive for a while. For your security you will be logged out in:</Text>
        <Text fz={32} fw={700} ta="center" role="timer" aria-label="Time left before logout">
          {formatCountdown(remainingMs)}
        </Text>
        <WarningButtons busy={busy} onContinue={onContinue} onLogout={onLogout} />
      </Stack>
    </Modal>
  );
}

/** 'Session Expiring Soon' (Part 1 §2): the second guard, with a progress bar. */
export function SessionExpiringSoonModal({
  opened,
  remainingMs,
  totalMs,
  busy,
  onContinue,
  onLogout,
}: WarningModalProps) {
  const percent = totalMs > 0 ? Math.max(0, Math.min(100, (remainingMs / totalMs) * 100)) : 0;
  return (
    <Modal
      opened={opened}
      onClose={noop}
      title="Session Expiring Soon"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Stack gap="md">
        <Text>Your session is about to expire for security reasons. It ends in:</Text>
        <Text fz={32} fw={700} ta="center" role="timer" aria-label="Time left before the session expires">
          {formatCountdown(remainingMs)}
        </Text>
        <Progress
          value={percent}
          color={percent < 30 ? 'red' : 'yellow'}
          aria-label="Time left in the session"
        />
        <WarningButtons busy={busy} onContinue={onContinue} onLogout={onLogout} />
      </Stack>
    </Modal>
  );
}

function WarningButtons({
  busy,
  onContinue,
  onLogout,
}: Pick<WarningModalProps, 'busy' | 'onContinue' | 'onLogout'>) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onLogout} disabled={busy}>
        Logout Now
      </Button>
      <Button onClick={onContinue} loading={busy} data-autofocus>
        Continue Session
      </Button>
    </Group>
  );
}

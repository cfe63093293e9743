import { Text } from '@mantine/core';
import { clearOutbox, outboxItems } from './outbox';

/**
 * Before a client signs out: entries still waiting in the outbox would be deleted from this device
 * with the session, so the client is asked first (issue 18). Answers whether to go on.
 */
export async function confirmSignOut(userId: string): Promise<boolean> {
  const waiting = await outboxItems(userId).catch(() => []);
  if (waiting.length === 0) return true;
  const { openConfirm } = await import('../../../ui/confirm');
  const n = waiting.length;
  return new Promise((resolve) => {
    let confirmed = false;
    void openConfirm({
      title: 'Entries not sent yet',
      children: (
        <Text fz="sm">
          {n === 1 ? 'One entry you wrote offline has' : `${n} entries you wrote offline have`} not reached
          the server yet. If you sign out now, {n === 1 ? 'it is' : 'they are'} deleted from this device. Stay
          signed in and connect to send {n === 1 ? 'it' : 'them'}.
        </Text>
      ),
      labels: { confirm: 'Sign out and delete them', cancel: 'Stay signed in' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        confirmed = true;
        void clearOutbox(userId).then(() => resolve(true));
      },
      // closing follows a confirmation too: only a close without one stays
      onClose: () => {
        if (!confirmed) resolve(false);
      },
    });
  });
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import { journalKeys } from '../api';
import { syncOutbox } from './outbox';
import { useOutbox } from './useOutbox';

/** How often a waiting outbox is tried again while the app is open (besides 'online' events). */
const retryMs = 30_000;

/**
 * Sends the client's waiting entries when the app starts, when the browser says it is online
 * again, and every 30 s while some wait; tells the client when they were saved. Renders nothing.
 */
export function OutboxSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const waiting = useOutbox(userId).filter((i) => !i.error).length;
  useEffect(() => {
    if (waiting === 0) return;
    const send = () =>
      void syncOutbox(userId).then(async (saved) => {
        if (saved === 0) return;
        await queryClient.invalidateQueries({ queryKey: journalKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['goals'] });
        toast.success(
          saved === 1
            ? 'Your entry written offline is saved.'
            : `${saved} entries written offline are saved.`,
        );
      });
    send();
    window.addEventListener('online', send);
    const timer = setInterval(send, retryMs);
    return () => {
      window.removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [userId, waiting, queryClient]);
  return null;
}

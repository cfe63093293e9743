import { useEffect, useState } from 'react';
import { onOutboxChange, outboxItems, type OutboxItem } from './outbox';

/** The user's outbox, kept current as items are queued, sent or discarded. */
export function useOutbox(userId: string | undefined): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      void outboxItems(userId).then(
        (list) => live && setItems(list),
        () => undefined,
      );
    read();
    const stop = onOutboxChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return userId ? items : [];
}

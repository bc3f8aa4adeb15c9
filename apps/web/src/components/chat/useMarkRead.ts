import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';

/** A conversation's state as a badge colour, on both sides. */
export const STATE_COLOR = { open: 'blue', waiting: 'orange', resolved: 'gray' } as const;

/**
 * Marks the other side's messages read while the thread is shown and has unread ones (the read
 * mark the other side sees), then `onRead` (refresh what shows the counts).
 */
export function useMarkRead(unread: number, markRead: () => Promise<unknown>, onRead: () => unknown) {
  const { mutate, isPending } = useMutation({ mutationFn: markRead, onSuccess: onRead });
  useEffect(() => {
    if (unread > 0 && !isPending) mutate();
  }, [unread, isPending, mutate]);
}

import { useEffect, useRef } from 'react';
import { announce } from './announcer';

/**
 * Announces `message` when it is shown and again whenever `occasion` changes (a new quote's id):
 * a result that arrives while the user waits. Nothing while `message` is null.
 */
export function useAnnounce(message: string | null, occasion: unknown = message) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words follow the occasion; a language switch alone says nothing again
  useEffect(() => {
    if (message) announce(message);
  }, [occasion]);
}

/**
 * Announces `message` when `occasion` changes after it was first known (a chat's latest reply:
 * what was there when the thread opened is read on screen, a reply arriving later is said).
 */
export function useAnnounceArrival(message: string | null, occasion: unknown) {
  const first = useRef<unknown>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as useAnnounce, the occasion decides
  useEffect(() => {
    if (occasion === undefined || occasion === null) return;
    if (first.current === undefined) {
      first.current = occasion;
      return;
    }
    if (occasion !== first.current && message) announce(message);
  }, [occasion]);
}

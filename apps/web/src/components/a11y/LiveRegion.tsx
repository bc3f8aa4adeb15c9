import { VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { onAnnouncement } from './announcer';

/**
 * Screen readers speak a change of a live region's text only when the region was already in the
 * page: one waits, empty, in every layout. A message replaces the one before; the region is
 * emptied first and filled a moment later, so the same words said twice are spoken twice. No
 * role="status": a page's own status message keeps that role to itself.
 */
const REFILL_MS = 50;

/**
 * While a modal dialog is open, VoiceOver hears nothing outside it, live regions included: the
 * region is lent to the dialog on top (its aria-owns) before it speaks, as a failed save in a
 * dialog must be said too. A dialog that closes takes the loan with it.
 */
function lendToOpenDialog(region: HTMLElement) {
  const dialog = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].at(-1);
  if (!dialog) return;
  const owned = dialog.getAttribute('aria-owns')?.split(/\s+/).filter(Boolean) ?? [];
  if (!owned.includes(region.id)) dialog.setAttribute('aria-owns', [...owned, region.id].join(' '));
}

export function LiveRegion() {
  const [message, setMessage] = useState('');
  const id = useId();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onAnnouncement((next) => {
      clearTimeout(timer);
      setMessage('');
      if (region.current) lendToOpenDialog(region.current);
      timer = setTimeout(() => setMessage(next), REFILL_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
  return (
    <VisuallyHidden ref={region} id={id} aria-live="polite" aria-atomic="true" data-testid="live-region">
      {message}
    </VisuallyHidden>
  );
}

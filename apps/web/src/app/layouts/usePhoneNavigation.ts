import { useMantineTheme } from '@mantine/core';
import { useDisclosure, useId, useMediaQuery } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from '../../components/a11y/SkipLink';

/**
 * The customer and admin areas' navigation: beside the page from the sm breakpoint up, behind the
 * burger below it. Closed on a phone it waits off the screen, where Tab and a screen reader would
 * still find its links, so there it is inert. Opened, it covers the page: focus goes to its first
 * link and the page under it is inert until it closes. Escape closes it and gives focus back to the
 * burger; a link followed closes it and focus goes to the new page's main content, as the link
 * it was on has gone from reach.
 */
export function usePhoneNavigation() {
  const theme = useMantineTheme();
  // Read at once, as the support button does, so a phone's first paint already has the navigation inert.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);
  const navbarId = useId();
  const open = opened && !wide;
  const away = !opened && !wide;

  useEffect(() => {
    if (open) navbar.current?.querySelector<HTMLElement>('a[href], button:not(:disabled)')?.focus({ preventScroll: true });
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close();
    burger.current?.focus();
  };

  /** For each link of the navigation. */
  const followed = () => {
    if (!open) return;
    close();
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  };

  return {
    followed,
    /** The page under the open navigation: inert while the navigation covers it. */
    covered: open,
    burgerProps: {
      ref: burger,
      opened,
      onClick: toggle,
      onKeyDown,
      'aria-expanded': opened,
      'aria-controls': navbarId,
    },
    navbarProps: {
      ref: navbar,
      id: navbarId,
      // Inert also takes it out of what a screen reader is given: no aria-hidden needed.
      inert: away,
      onKeyDown,
      // A list longer than the window scrolls on its own, so a link tabbed to below the fold is
      // brought into view instead of staying hidden under the window's edge.
      style: { overflowY: 'auto' as const },
    },
    /** AppShell's navbar setting: collapsed on a phone until opened. */
    collapsed: { mobile: !opened },
  };
}

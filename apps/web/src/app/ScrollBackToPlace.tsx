import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

/** How long the page may take to grow back to the reader's place before the attempt is given up. */
const SETTLE_MS = 1500;

/** What a reader does to move the page, after which the page is theirs and is not scrolled again. */
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * React Router's ScrollRestoration scrolls back to the reader's place (Back, Forward) as soon as
 * its own component is drawn. When the page below it is drawn later, the page is still short at
 * that moment and the scroll stops above the place: a list whose rows come a moment after, or a
 * renderer that commits each updated component on its own, top first (Preact does; React commits
 * the whole update at once). This finishes the job as the page grows, until the place is reached,
 * the reader moves the page, or SETTLE_MS has passed.
 */
export function ScrollBackToPlace() {
  const place = useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition;
  const { key } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) is a new attempt, even to the same place.
  useEffect(() => {
    if (typeof place !== 'number' || place <= 0 || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const reached = () => Math.abs(window.scrollY - place) <= 1;
    const tryAgain = () => {
      if (!reached()) window.scrollTo(0, place);
      if (reached()) stop();
    };
    const grown = new ResizeObserver(tryAgain);
    const timer = window.setTimeout(stop, SETTLE_MS);
    function stop() {
      grown.disconnect();
      window.clearTimeout(timer);
      window.cancelAnimationFrame(frame);
      for (const move of READER_MOVES) window.removeEventListener(move, stop, true);
    }
    for (const move of READER_MOVES) window.addEventListener(move, stop, { capture: true, passive: true });
    grown.observe(document.body);
    frame = window.requestAnimationFrame(tryAgain);
    return stop;
  }, [key, place]);

  return null;
}

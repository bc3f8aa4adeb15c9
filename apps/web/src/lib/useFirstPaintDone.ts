import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * React Router's key of the location a page load starts on (a later entry, pushed by the router,
 * has a key of its own).
 */
const FIRST_LOCATION_KEY = 'default';

/**
 * Whether the browser has painted the page the portal opened on; true at once on a page reached
 * from another. A heavy screen (the quote form) draws its frame, title and notices first and its
 * body in the next render: on a slow phone the first paint then comes half a second sooner, and the
 * body is drawn about when it would have been (bench/README.md, "Signed-in pages"). Reached from
 * another page, the body is drawn at once, so no loading indicator flashes between two screens.
 */
export function useFirstPaintDone(): boolean {
  const { key } = useLocation();
  const [done, setDone] = useState(key !== FIRST_LOCATION_KEY);
  useEffect(() => {
    if (done) return;
    // A frame's callback runs just before the browser paints; a task it queues runs after.
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setDone(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [done]);
  return done;
}

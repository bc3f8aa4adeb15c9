import { Loader } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * How far below (or above) the screen a part starts loading: about a screen's scroll ahead, so it is
 * usually drawn by the time it comes into view.
 */
const AHEAD = '800px';

/**
 * Renders a lazily loaded part (its `children`) once its place on the page comes within a scroll
 * of the screen: a part far down a page (the dashboard's charts) costs a first visit nothing. Its
 * place keeps `height` meanwhile, so nothing above or below it moves when it arrives. Where the
 * browser cannot tell (no IntersectionObserver), it renders at once.
 */
export function LoadWhenNearView({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const at = place.current;
    if (near || !at) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: AHEAD });
    observer.observe(at);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={place} style={{ minHeight: height }} />;
  return (
    <Suspense
      fallback={
        <div style={{ minHeight: height }}>
          <Loader size="sm" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

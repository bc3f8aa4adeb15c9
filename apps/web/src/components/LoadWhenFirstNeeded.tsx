import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Renders a lazily loaded part (its `children`) from the first time it is `needed`, and keeps it
 * afterwards (so it can close with its transition): until then its chunk is never fetched.
 */
export function LoadWhenFirstNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (needed) setWanted(true);
  }, [needed]);
  if (!wanted && !needed) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

import type { ReactNode } from 'react';
import { useFirstPaintDone } from '../lib/useFirstPaintDone';

/**
 * Draws its children one paint after it is first drawn, on the page the portal opened on: what a
 * page shows below its first screen then costs nothing before that screen is shown. As a component
 * of its own, its second render is its children's alone, not the page's again.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useFirstPaintDone() ? children : null;
}

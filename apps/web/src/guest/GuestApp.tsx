import type { ComponentType } from 'react';
import { CoreProviders } from '../app/coreProviders';
import { LanguageSync } from '../app/LanguageSync';
import { PublicFrame } from '../components/PublicFrame';

/** A guest page (an entry of its own: no router, no portal) in the public frame. */
export function GuestApp({ page: Page }: { page: ComponentType }) {
  return (
    <CoreProviders>
      <LanguageSync />
      <PublicFrame>
        <Page />
      </PublicFrame>
    </CoreProviders>
  );
}

import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** The developers' API reference is a server page (/api/docs), not a route of this app: a plain link, in a new tab. */
export function ApiDocsLink({ children }: { children: ReactNode }) {
  return (
    <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer" size="sm">
      {children}
    </Anchor>
  );
}

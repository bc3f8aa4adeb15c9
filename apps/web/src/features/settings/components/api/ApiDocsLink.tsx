import { Anchor, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** The developers' API reference is a server page (/api/docs), not a route of this app: a plain link, in a new tab. */
export function ApiDocsLink({ children, c }: { children: ReactNode; c?: MantineColor }) {
  return (
    <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer" size="sm" c={c}>
      {children}
    </Anchor>
  );
}

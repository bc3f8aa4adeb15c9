import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a page, in a bordered box, named for assistive tech by its title. */
export function Section({ title, label, children, testId }: { title: ReactNode; label?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label ?? (typeof title === 'string' ? title : undefined)} data-testid={testId}>
      <Title order={2} size="h3" fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

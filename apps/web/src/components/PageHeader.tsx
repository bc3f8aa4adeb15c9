import { Title } from '@mantine/core';
import { usePageTitle } from './usePageTitle';

/** The page heading, which is also the document title. */
export function PageHeader({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Title order={1} size="h2" mb="md">
      {title}
    </Title>
  );
}

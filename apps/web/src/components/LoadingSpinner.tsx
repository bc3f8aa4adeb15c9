import type { CenterProps } from '@mantine/core';
import { Center, Loader } from '@mantine/core';

/**
 * A spinner that says it is loading (progressbar, aria-busy, a label in the reader's language):
 * a screen reader hears what is happening, and the scenarios' accessibility check knows the page
 * is not finished, so it does not yet ask it for its title.
 */
export function LoadingSpinner({ label, ...layout }: { label: string } & Pick<CenterProps, 'h' | 'py'>) {
  return (
    <Center {...layout} role="progressbar" aria-busy="true" aria-label={label}>
      <Loader />
    </Center>
  );
}

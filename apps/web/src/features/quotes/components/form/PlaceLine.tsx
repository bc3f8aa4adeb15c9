import { Text } from '@mantine/core';

/**
 * The line under a postal code: the place it names, what is said while it is looked up, or an
 * empty line. The line stays while empty because the place appearing would otherwise push the
 * fields below down just as the shipper reaches for them.
 */
export function PlaceLine({ found, pending, testId }: { found: string | null; pending?: string; testId: string }) {
  if (found)
    return (
      <Text span size="xs" c="teal.8" fw={500} data-testid={testId}>
        {found}
      </Text>
    );
  // One line's height and no text, so the field's accessible description stays as it is.
  return pending ?? <span style={{ display: 'inline-block', height: '1lh' }} />;
}

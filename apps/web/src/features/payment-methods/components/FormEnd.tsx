import { Button, Group, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';

/** The end of a form that saves a method: the processor's or portal's refusal, any other failure, and its button. */
export function FormEnd({ refused, failure, busy, label }: { refused: string | null; failure: unknown; busy: boolean; label: string }) {
  return (
    <>
      {refused && (
        <Text size="sm" c="red" role="alert">
          {refused}
        </Text>
      )}
      <ErrorAlert error={failure} />
      <Group>
        <Button type="submit" loading={busy}>
          {label}
        </Button>
      </Group>
    </>
  );
}

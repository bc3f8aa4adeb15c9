import { Alert, List } from '@mantine/core';
import { isApiError } from '../lib/api';
import { type FormFields, splitServerErrors } from '../lib/forms';
import { ErrorAlert } from './ErrorAlert';

/**
 * A form's alert for a failed call: the failure itself when it is about no field (a conflict, a
 * record gone, the network), or the messages of a 422 that no field of the form shows, so none is
 * lost. The fields' own messages are theirs (setServerErrors).
 */
export function FormAlert({
  error,
  fields,
  rename,
}: {
  error: unknown;
  fields: FormFields;
  rename?: (errors: Record<string, string>) => Record<string, string>;
}) {
  if (!error) return null;
  if (!isApiError(error) || error.status !== 422) return <ErrorAlert error={error} />;
  const { rest } = splitServerErrors(error, fields, rename);
  if (!rest.length) return null;
  return (
    <Alert color="red" role="alert">
      {rest.length === 1 ? (
        rest[0]
      ) : (
        <List size="sm">
          {rest.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

import { serverFieldErrors } from '../../lib/forms';
import { ErrorAlert } from '../ErrorAlert';

/** A failed save above the form's buttons, unless its messages already sit at their fields (422). */
export function FormFailure({ error }: { error: unknown }) {
  if (Object.keys(serverFieldErrors(error)).length > 0) return null;
  return <ErrorAlert error={error} />;
}

import { quoteRequest } from '@freight/contracts';
import type { FormValues, ShipmentRequest } from './model';
import { formPath } from './validate';

/**
 * The contract's own verdict on the built request (anything the checks above let through),
 * item paths mapped back to form lines through `lineKeys`.
 */
export function contractErrors(request: ShipmentRequest, lineKeys: readonly string[], values: FormValues): Record<string, string> {
  const result = quoteRequest.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = formPath(issue.path.map(String), lineKeys, values);
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A request's field errors keyed by the form's fields: an amount typed in dollars is sent in
 * cents under another name (`wire`), and its error belongs under the form's field.
 */
export function onFormField(errors: Record<string, string>, wire: string, field: string): Record<string, string> {
  const { [wire]: message, ...rest } = errors;
  return message ? { ...rest, [field]: message } : rest;
}

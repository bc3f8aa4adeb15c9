/** Errors by form path, placed: under the fields the form has, the others above the Book button. */
export interface PlacedErrors {
  fields: Record<string, string>;
  other: string[];
}

/** The client checks' errors (already by form path): what has no field here (the quote or rate ids) goes above the button. */
export function placeChecked(errors: Record<string, string>, formFields: ReadonlySet<string>): PlacedErrors {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, text] of Object.entries(errors)) {
    if (formFields.has(path)) fields[path] = text;
    else other.push(text);
  }
  return { fields, other };
}

/**
 * A 422's errors by wire path: each mapped to its form field (`toFormPath`) with its messages
 * translated and joined; with none at all, the answer's own message is said.
 */
export function placeServer(
  errors: Record<string, string[]>,
  formFields: ReadonlySet<string>,
  toFormPath: (wirePath: string) => string,
  translate: (message: string) => string,
  message: string,
): PlacedErrors {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [wirePath, messages] of Object.entries(errors)) {
    const path = toFormPath(wirePath);
    const text = messages.map(translate).join(' ');
    if (formFields.has(path)) fields[path] = text;
    else other.push(text);
  }
  if (Object.keys(fields).length === 0 && other.length === 0) other.push(message);
  return { fields, other };
}

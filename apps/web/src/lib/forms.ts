import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from './api';

/** Translate an i18n key (contracts messages are keys) or pass a server message through. */
export function translateMessage(t: TFunction, message: string): string {
  return /^[a-z_]+\.[a-z_.]+$/.test(message) ? t(message, { defaultValue: message }) : message;
}

/**
 * Validate form values with a contracts schema; returns Mantine form errors keyed by dotted path,
 * messages translated. `toPayload` maps form values to the request shape first.
 */
export function zodErrors<V>(schema: z.ZodType, t: TFunction, values: V, toPayload: (v: V) => unknown = (v) => v): Record<string, string> {
  const result = schema.safeParse(toPayload(values));
  if (result.success) return {};
  const grouped: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    const text = translateMessage(t, issue.message);
    const list = grouped[key] ?? [];
    if (!list.includes(text)) list.push(text);
    grouped[key] = list;
  }
  return Object.fromEntries(Object.entries(grouped).map(([k, v]) => [k, v.join(' · ')]));
}

/** 422 field errors of an ApiError as Mantine form errors (dotted paths kept). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 422) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')]));
}

/**
 * Put a failed call's 422 messages on the fields the form has (what is left is its FormAlert's);
 * true when there were any.
 */
export function setServerErrors(
  form: { setErrors: (errors: Record<string, string>) => void; getValues: () => unknown },
  error: unknown,
  rename?: (errors: Record<string, string>) => Record<string, string>,
): boolean {
  const { fields } = splitServerErrors(error, form, rename);
  if (!Object.keys(fields).length) return false;
  form.setErrors(fields);
  return true;
}

/** What a failed call leaves for a form: the messages of its own fields, and those no field of it shows. */
export interface SplitServerErrors {
  /** The 422 messages of the form's fields, keyed as the form keys them. */
  fields: Record<string, string>;
  /**
   * A 422's messages that no field of the form shows (a key the form does not have, or a 422
   * without field errors: its message), already in the user's language as the server words them.
   * Empty when the call did not answer 422: that failure is the form's alert as it is.
   */
  rest: string[];
}

/** The form's fields: a list of names, or the form's values, where a 422 key is a dotted path ('items.0.weight'). */
export type FormFields = readonly string[] | { getValues: () => unknown };

function hasField(fields: FormFields, key: string): boolean {
  if ('getValues' in fields) {
    let value: unknown = fields.getValues();
    for (const part of key.split('.')) {
      if (value === null || typeof value !== 'object' || !(part in value)) return false;
      value = (value as Record<string, unknown>)[part];
    }
    return true;
  }
  return fields.includes(key);
}

/**
 * Splits a failed call's 422 between the fields a form has and the rest, which would otherwise be
 * set on no field and never seen. `rename` first moves a wire key onto the form's field (an
 * amount sent in cents under another name).
 */
export function splitServerErrors(
  error: unknown,
  fields: FormFields,
  rename: (errors: Record<string, string>) => Record<string, string> = (errors) => errors,
): SplitServerErrors {
  if (!isApiError(error) || error.status !== 422) return { fields: {}, rest: [] };
  const all = rename(serverFieldErrors(error));
  const own: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(all)) {
    if (hasField(fields, key)) own[key] = message;
    else if (!rest.includes(message)) rest.push(message);
  }
  if (!Object.keys(all).length) rest.push(error.message);
  return { fields: own, rest };
}

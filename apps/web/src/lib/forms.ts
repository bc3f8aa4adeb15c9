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

/** Put a failed call's 422 field errors on the form; true when there were any. */
export function setServerErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown): boolean {
  const fields = serverFieldErrors(error);
  if (!Object.keys(fields).length) return false;
  form.setErrors(fields);
  return true;
}

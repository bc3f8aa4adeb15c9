import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../lib/forms';
import { splitErrors } from './errorPlacement';
import type { FormKind, FormValues } from './model';
import { formPath } from './validate';

/**
 * Where the form's errors go: under their fields, the others in a list above the submit button
 * (`generalErrors`, focused through `generalErrorsRef` when no field took one). The server's 422
 * errors are placed as each answer comes, its item paths mapped back to the lines that were sent.
 */
export function useErrorPlacement(form: UseFormReturnType<FormValues>, kind: FormKind, serverErrors?: Record<string, string[]>) {
  const { t } = useTranslation();
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  /** Form key of each request item sent last, to place the server's `items.N` errors. */
  const sentLineKeys = useRef<string[]>([]);
  const generalErrorsRef = useRef<HTMLDivElement>(null);
  /** Set when a send's errors went under no field: the list takes the focus once it is drawn. */
  const focusGeneralErrors = useRef(false);

  /** Translated errors by form path; returns whether any went under a field. */
  const placeErrors = (errors: Record<string, string>) => {
    const { fields, general } = splitErrors(errors, form.getValues(), kind);
    form.setErrors(fields);
    setGeneralErrors(general);
    return Object.keys(fields).length > 0;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once per answer
  useEffect(() => {
    if (!serverErrors) {
      // The same list when already empty: a new one would render the whole form again (on its mount, before its first paint).
      setGeneralErrors((shown) => (shown.length ? [] : shown));
      return;
    }
    const current = form.getValues();
    const errors: Record<string, string> = {};
    for (const [path, messages] of Object.entries(serverErrors)) {
      errors[formPath(path.split('.'), sentLineKeys.current, current)] = messages.map((m) => translateMessage(t, m)).join(' ');
    }
    placeErrors(errors);
  }, [serverErrors]);

  // After the commit that draws the list, not at the next frame: on a busy device the render of
  // errors set after an await can come later than a frame, and the list was then never focused.
  useEffect(() => {
    if (!focusGeneralErrors.current || generalErrors.length === 0) return;
    focusGeneralErrors.current = false;
    generalErrorsRef.current?.focus();
  }, [generalErrors]);

  /** The fields in error are focused and counted by the submit's watch; errors of no field, by their list. */
  const showErrors = (errors: Record<string, string>) => {
    const underFields = placeErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateMessage(t, v)])));
    focusGeneralErrors.current = !underFields;
  };

  /** A request goes out: its lines are remembered for the answer's errors, and the old list goes. */
  const sent = (lineKeys: string[]) => {
    sentLineKeys.current = lineKeys;
    setGeneralErrors([]);
  };

  return { generalErrors, generalErrorsRef, showErrors, sent };
}

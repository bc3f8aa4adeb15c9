import type { QuoteMode, QuoteRequestInput } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useAuthUser } from '../../../../lib/auth';
import { pickFromPreference } from './eligibility';
import { type Defaults, defaultValues, type FormValues, fromRequest } from './model';

/**
 * The form's values: the user's defaults or `initial` (reloaded when a new one comes), every
 * edit of the user's reported through `onEdit`.
 */
export function useQuoteForm(initial: QuoteRequestInput | undefined, onEdit: () => void) {
  const user = useAuthUser();
  const defaults: Defaults = {
    unit_system: user?.settings?.unit_system ?? DEFAULT_SETTINGS.unit_system,
    currency: user?.settings?.currency ?? DEFAULT_SETTINGS.currency,
    mode_pick: pickFromPreference(user?.settings?.preferred_mode),
  };

  // Loading `initial` is not an edit of the user's: onValuesChange runs synchronously inside setValues.
  const loading = useRef(false);
  /** The answer to 'LTL or parcel?', kept until the next edit so Re-rate does not ask again. */
  const modeAnswer = useRef<QuoteMode | null>(null);
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  }, [onEdit]);
  const form = useForm<FormValues>({
    initialValues: initial ? fromRequest(initial, defaults) : defaultValues(defaults),
    onValuesChange: () => {
      modeAnswer.current = null;
      if (!loading.current) onEditRef.current();
    },
  });

  const loadedInitial = useRef(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new `initial` reloads the form
  useEffect(() => {
    if (!initial || initial === loadedInitial.current) return;
    loadedInitial.current = initial;
    loading.current = true;
    form.setValues(fromRequest(initial, defaults));
    form.clearErrors();
    loading.current = false;
  }, [initial]);

  /** The server's first quotable date for the origin: the form's own value, not an edit of the user's. */
  const proposePickupDate = (date: string) => {
    loading.current = true;
    form.setFieldValue('pickup_date', date);
    form.clearFieldError('pickup_date');
    loading.current = false;
  };

  return { form, modeAnswer, proposePickupDate };
}

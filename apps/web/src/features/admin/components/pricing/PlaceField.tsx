import type { PlaceMatch } from '@freight/domain/pricing';
import { NativeSelect, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlaceKind, type ProgramFormValues, placeKind, placeList } from './programForm';

type Form = UseFormReturnType<ProgramFormValues>;

const split = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

/**
 * One end of a lane: by states or provinces, or by US ZIP3 zones (one kind or the other), or, for
 * a rule, anywhere: the kind's field and, unless anywhere, the list's (two cells of the fields' grid).
 * The list is typed as text (commas or spaces between codes) and kept as the
 * codes; the text stays as typed, so a comma just typed is not taken away.
 */
export function PlaceField({ form, path, label, optional }: { form: Form; path: string; label: string; optional?: boolean }) {
  const { t } = useTranslation();
  const value = form.getInputProps(path).value as PlaceMatch | undefined;
  const kind = placeKind(value);
  const [text, setText] = useState(placeList(value).join(', '));
  const set = (k: PlaceKind, codes: string[]) =>
    form.setFieldValue(path, k === 'any' ? undefined : k === 'states' ? { states: codes } : { zip3: codes });
  // The place's own error (both kinds, none) or the first of its list's.
  const error =
    form.errors[path] ??
    Object.entries(form.errors)
      .filter(([k]) => k.startsWith(`${path}.`))
      .map(([, e]) => e)[0];
  const kinds: PlaceKind[] = optional ? ['any', 'states', 'zip3'] : ['states', 'zip3'];
  return (
    <>
      <NativeSelect
        size="xs"
        label={label}
        data={kinds.map((k) => ({ value: k, label: t(`admin.pricing.place_kinds.${k}`) }))}
        value={kind}
        onChange={(e) => set(e.currentTarget.value as PlaceKind, split(text))}
      />
      {kind !== 'any' && (
        <TextInput
          size="xs"
          label={t(`admin.pricing.place_lists.${kind}`, { place: label })}
          placeholder={kind === 'states' ? 'IL, WI' : '606, 607'}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            set(kind, split(e.currentTarget.value));
          }}
        />
      )}
    </>
  );
}

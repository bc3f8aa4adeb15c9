import { PART_SUGGESTION_MIN_CHARS, type PartSuggestion } from '@freight/contracts';
import { Combobox, Loader, Stack, Text, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestParts } from './partSuggestionsApi';

export interface PartDescriptionInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  /** A part was picked: its description is already in the box; fill the other fields from it. */
  onPick: (part: PartSuggestion) => void;
}

/** 'NMFC 149980-01 · Class 55 · Hazardous' */
export function usePartFacts() {
  const { t } = useTranslation();
  return (p: PartSuggestion) =>
    [
      t('parts.suggest.nmfc', { nmfc: p.nmfc }),
      p.density_based ? t('parts.suggest.density_based') : t('parts.suggest.class', { class: p.freight_class }),
      ...(p.hazardous ? [t('parts.suggest.hazardous')] : []),
    ].join(' · ');
}

/**
 * A description box that suggests parts of the staff's part catalog as the user types (from 2
 * characters, debounced 250 ms, in the user's language): the text stays free, and picking a
 * suggestion puts its description in the box and hands the part to `onPick` (NMFC, class,
 * hazardous). Arrow keys walk the list; Enter picks only a highlighted suggestion.
 */
export function PartDescriptionInput({ value, onChange, onPick, onFocus, onBlur, ...input }: PartDescriptionInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const facts = usePartFacts();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  /** The description put in the box by the last pick: not searched again. */
  const [picked, setPicked] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(value.trim(), 250);
  const enabled = debounced.length >= PART_SUGGESTION_MIN_CHARS && debounced !== picked;
  const query = useQuery({
    queryKey: ['part-suggestions', language, debounced],
    queryFn: ({ signal }) => suggestParts(debounced, language, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const parts = enabled ? (query.data ?? []) : [];
  const byId = new Map(parts.map((p) => [p.id, p]));

  const pick = (id: string) => {
    const part = byId.get(id);
    if (!part) return;
    setPicked(part.description);
    onChange(part.description);
    combobox.closeDropdown();
    onPick(part);
  };

  // hideDetached off: the list stays with its box (and jsdom, which has no layout, can show it).
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={pick}
      transitionProps={{ duration: 0 }}
      hideDetached={false}
      keepMounted={false}
      withinPortal
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          {...input}
          value={value}
          autoComplete="off"
          onChange={(e) => {
            onChange(e.currentTarget.value);
            setPicked(null);
            combobox.openDropdown();
          }}
          onFocus={(e) => {
            if (enabled) combobox.openDropdown();
            onFocus?.(e);
          }}
          onBlur={(e) => {
            combobox.closeDropdown();
            onBlur?.(e);
          }}
          rightSection={enabled && query.isFetching ? <Loader size={14} /> : input.rightSection}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={parts.length === 0}>
        <Combobox.Header>
          <Text size="xs" c="dimmed">
            {t('parts.suggest.header')}
          </Text>
        </Combobox.Header>
        <Combobox.Options aria-label={t('parts.suggest.label')}>
          {parts.map((p) => (
            <Combobox.Option value={p.id} key={p.id}>
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {p.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {facts(p)}
                </Text>
              </Stack>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

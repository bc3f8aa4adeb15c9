import { Combobox, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Searches start at this many characters. */
const MIN_CHARS = 2;

export interface SearchPickerProps<T> {
  label: string;
  placeholder: string;
  /** react-query key of the search ('address-picker', 'product-picker'). */
  queryKey: string;
  search: (q: string, signal: AbortSignal) => Promise<T[]>;
  idOf: (item: T) => string;
  /** The suggestion: its name (put in the box once picked) and a line of detail. */
  describe: (item: T) => { title: string; detail: string };
  onPick: (item: T) => void;
  /** What was picked and is still in the form, shown under the box. */
  chosen?: ReactNode;
  /** 'No address matches' */
  emptyText: string;
}

/**
 * A search box with suggestions from the server (debounced 250 ms, from 2 characters): picking one
 * hands it to `onPick`, which fills the form. Typing here is not an edit of the form, and Enter
 * never submits it. An optional helper: the fields it fills can still be typed into.
 */
export function SearchPicker<T>({ label, placeholder, queryKey, search, idOf, describe, onPick, chosen, emptyText }: SearchPickerProps<T>) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  /** The name put in the box by the last pick: not searched again. */
  const [picked, setPicked] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const enabled = debounced.length >= MIN_CHARS && debounced !== picked;
  const query = useQuery({
    queryKey: [queryKey, debounced],
    queryFn: ({ signal }) => search(debounced, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const items = enabled ? (query.data ?? []) : [];
  const byId = new Map(items.map((i) => [idOf(i), i]));

  // Fresh suggestions open the list (with the first one ready for Enter).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new answer only
  useEffect(() => {
    if (enabled && query.data && !query.isPlaceholderData) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    }
  }, [query.data, query.isPlaceholderData]);

  const pick = (id: string) => {
    const item = byId.get(id);
    if (!item) return;
    const name = describe(item).title;
    setPicked(name);
    setText(name);
    combobox.closeDropdown();
    onPick(item);
  };

  const showList = enabled && (items.length > 0 || !query.isFetching);

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
          type="search"
          label={label}
          placeholder={placeholder}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPicked(null);
            combobox.openDropdown();
          }}
          onFocus={() => enabled && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          // Enter picks a suggestion (the combobox), never submits the form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          rightSection={enabled && query.isFetching ? <Loader size={14} /> : null}
          description={chosen}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showList}>
        <Combobox.Options aria-label={label}>
          {!showList ? null : items.length === 0 ? (
            <Combobox.Empty>{query.isError ? t('quotes.form.pickers.failed') : emptyText}</Combobox.Empty>
          ) : (
            items.map((item) => {
              const { title, detail } = describe(item);
              return (
                <Combobox.Option value={idOf(item)} key={idOf(item)}>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {detail}
                    </Text>
                  </Stack>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

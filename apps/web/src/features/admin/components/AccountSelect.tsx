import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountOptionsQuery } from '../api/notificationsApi';

export interface AccountOption {
  value: string;
  label: string;
}

/**
 * One account, found by a search over GET /api/admin/accounts as staff type; `onChange` gets its
 * id and name. `exclude` leaves out accounts already chosen elsewhere.
 */
export function AccountSelect({
  label,
  placeholder,
  value,
  onChange,
  initial = null,
  exclude = [],
  error,
  description,
  withAsterisk,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null, account: AccountOption | null) => void;
  initial?: { id: string; name: string } | null;
  exclude?: string[];
  error?: ReactNode;
  description?: ReactNode;
  withAsterisk?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(initial?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const accounts = useQuery(accountOptionsQuery(debounced));
  // The chosen account stays an option while a new search lists others, so the field keeps showing it.
  const [picked, setPicked] = useState<AccountOption | null>(initial ? { value: initial.id, label: initial.name } : null);
  const data = [
    ...(picked ? [picked] : []),
    ...(accounts.data ?? []).filter((a) => a.id !== picked?.value && !exclude.includes(a.id)).map((a) => ({ value: a.id, label: a.name })),
  ];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      description={description}
      withAsterisk={withAsterisk}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      nothingFoundMessage={accounts.isFetching ? t('admin.account_select.searching') : t('admin.account_select.none')}
      value={value}
      error={error}
      onChange={(v, option) => {
        const account = v ? option : null;
        setPicked(account);
        onChange(v, account);
      }}
    />
  );
}

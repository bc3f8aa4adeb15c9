import type { CurrentUser } from '@freight/contracts';
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../lib/auth';
import type { ListParams } from './useListParams';

/**
 * Whose records a list starts with: a shipper their own (what they booked or quoted), an account
 * admin, billing or a viewer the whole account's (they look after the team's).
 */
export const mineByDefault = (user: Pick<CurrentUser, 'account'> | null | undefined) => user?.account?.role === 'shipper';

/**
 * The 'Mine / Whole account' choice of an account's list, kept in the URL (`mine=true` or
 * `mine=false`; without it, the role's default). `filtered` says whether it narrows the list;
 * `clearFilters` clears the list's other filters too and shows the whole account.
 */
export function useMineFilter(list: Pick<ListParams, 'params' | 'update' | 'setSearch'>) {
  const user = useAuthUser();
  const param = list.params.get('mine');
  const mineFirst = mineByDefault(user);
  const mine = param === 'true' ? true : param === 'false' ? false : mineFirst;
  return {
    mine,
    setMine: (value: boolean) => list.update({ mine: String(value), page: null }),
    clearFilters: (...others: string[]) => {
      list.setSearch('');
      const wholeAccount = mineFirst ? 'false' : null;
      list.update({ q: null, ...Object.fromEntries(others.map((name) => [name, null])), mine: wholeAccount, page: null });
    },
  };
}

/** The list's 'Mine / Whole account' switch, under a visible label ('Show') that names the group. */
export function MineSwitch({
  mineLabel,
  mine,
  onChange,
}: {
  /** 'Mine' in the list's words (Spanish agrees with the records' gender). */
  mineLabel: string;
  mine: boolean;
  onChange: (mine: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={0}>
      {/* A field's label, as the search and the filters beside it have; it names the radio group. */}
      <Input.Label labelElement="div" id={labelId}>
        {t('list.show')}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={labelId}
        value={mine ? 'mine' : 'account'}
        onChange={(value) => onChange(value === 'mine')}
        // Each choice as wide as its words (Mantine shares the width equally, which wraps the longer one).
        styles={{ control: { flex: '1 1 auto' } }}
        data={[
          { value: 'mine', label: mineLabel },
          { value: 'account', label: t('list.whole_account') },
        ]}
      />
    </Stack>
  );
}

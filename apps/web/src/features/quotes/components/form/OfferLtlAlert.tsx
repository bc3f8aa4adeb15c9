import { Alert, Button, Group, List, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParcelProblem } from './eligibility';
import type { ItemValues } from './model';

export interface OfferLtlAlertProps {
  /** Why the cargo does not go by parcel, by request item. */
  problems: readonly ParcelProblem[];
  /** The form key of each request item's base line, to number the problems as the lines show. */
  lineKeys: readonly string[];
  items: readonly ItemValues[];
  onUseLtl: () => void;
  /** The submit points here when parcel was asked for. */
  ref?: Ref<HTMLDivElement>;
}

/** Parcel was asked for and the cargo does not fit it: why, and LTL rates at one click. */
export function OfferLtlAlert({ problems, lineKeys, items, onUseLtl, ref }: OfferLtlAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('quotes.form.offer_ltl.title')} role="alert" ref={ref} tabIndex={-1}>
      <Stack gap="xs">
        <List size="sm">
          {problems.map((p) => (
            <List.Item key={`${p.item}-${p.reason}`}>
              {t('quotes.form.offer_ltl.problem', {
                n: lineKeys[p.item] ? items.findIndex((l) => l.key === lineKeys[p.item]) + 1 : p.item + 1,
                problem: t(`quotes.form.parcel_problem.${p.reason}`),
              })}
            </List.Item>
          ))}
        </List>
        <Group>
          <Button variant="filled" color="orange" onClick={onUseLtl}>
            {t('quotes.form.offer_ltl.use_ltl')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

import { APPROVAL_RULES, type ApprovalRule, CUSTOMER_ROLES, type CustomerRole } from '@freight/domain';
import { Checkbox, NativeSelect, type NativeSelectProps, NumberInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../../lib/auth';

/** A booking limit as typed (major units; '' for none) and the approval rules ticked. */
export interface RightsValues {
  booking_limit: number | string;
  approval_required_for: ApprovalRule[];
}

/** The typed limit in integer cents, null for none. */
export const limitCents = (v: number | string): number | null => (v === '' || v === null ? null : Math.round(Number(v) * 100));
/** A limit in cents as the form shows it. */
export const limitValue = (cents: number | null): number | string => (cents === null ? '' : cents / 100);

/** The server's field names onto the form's (the limit is sent in cents). */
export const onRightsFields = (errors: Record<string, string>) => {
  const { booking_limit_cents, ...rest } = errors;
  return booking_limit_cents ? { ...rest, booking_limit: booking_limit_cents } : rest;
};

/** The role select, each role named and explained. */
export function RoleSelect(props: Omit<NativeSelectProps, 'data' | 'description'>) {
  const { t } = useTranslation();
  const value = CUSTOMER_ROLES.includes(props.value as CustomerRole) ? (props.value as CustomerRole) : 'shipper';
  return (
    <NativeSelect
      {...props}
      description={t(`team.role_help.${value}`)}
      data={CUSTOMER_ROLES.map((r) => ({ value: r, label: t(`team.roles.${r}`) }))}
    />
  );
}

/**
 * The booking limit (a money input in the user's currency, empty for none) and the approval rules.
 * An account admin's bookings never wait, so the fields are for the other roles.
 */
export function RightsFields<V extends RightsValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const currency = useAuthUser()?.settings.currency ?? 'USD';
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('team.rights.limit')}
        description={t('team.rights.limit_hint', { currency })}
        min={0}
        decimalScale={2}
        allowNegative={false}
        thousandSeparator=","
        prefix={currency === 'MXN' ? 'MX$' : currency === 'CAD' ? 'CA$' : '$'}
        {...form.getInputProps('booking_limit')}
      />
      <Checkbox.Group
        label={t('team.rights.rules')}
        description={t('team.rights.rules_hint')}
        {...form.getInputProps('approval_required_for')}
      >
        <Stack gap={6} mt={6}>
          {APPROVAL_RULES.map((rule) => (
            <Checkbox key={rule} value={rule} label={t(`team.rules.${rule}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

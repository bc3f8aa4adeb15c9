import type { AccountAddress } from '@freight/contracts';
import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Contact, company and postal address of an account address, or 'no address yet'. */
export function AddressSummary({ value }: { value: AccountAddress | null }) {
  const { t } = useTranslation();
  if (!value) return <Text c="dimmed">{t('settings.account.no_address')}</Text>;
  return (
    <Stack gap={2}>
      <Text>
        {value.first_name} {value.last_name}
        {value.company ? ` · ${value.company}` : ''}
      </Text>
      <Text size="sm">
        {value.email} · {value.phone}
      </Text>
      <Text size="sm">
        {value.street1}
        {value.street2 ? `, ${value.street2}` : ''}
      </Text>
      <Text size="sm">
        {value.city}, {value.state} {value.postal_code} · {t(`countries.${value.country}`)}
      </Text>
    </Stack>
  );
}

/** A bordered card: title, the address summary, then `children` (actions). */
export function AddressCard({ title, value, children }: { title: string; value: AccountAddress | null; children?: ReactNode }) {
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">
          {title}
        </Title>
        <AddressSummary value={value} />
        {children}
      </Stack>
    </Card>
  );
}

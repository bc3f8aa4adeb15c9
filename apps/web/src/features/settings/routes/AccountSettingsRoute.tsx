import type { AccountAddress } from '@freight/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../../lib/auth';
import { updateAccountAddress, updateBillingAddress } from '../api/settingsApi';
import { AddressModal } from '../components/AddressModal';

function AddressSummary({ value }: { value: AccountAddress | null }) {
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

/** Account name and status; account and billing address modals. */
export function AccountSettingsRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const [open, setOpen] = useState<'address' | 'billing' | null>(null);
  const account = user?.account;
  if (!account) return <Text>{t('settings.account.none')}</Text>;
  return (
    <Stack maw={900}>
      <Group>
        <Title order={3}>{account.name}</Title>
        <Badge color={account.status === 'active' ? 'green' : 'red'}>{t(`account_status.${account.status}`)}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Stack>
            <Title order={4}>{t('settings.account.account_address')}</Title>
            <AddressSummary value={account.account_address} />
            <div>
              <Button variant="light" onClick={() => setOpen('address')}>
                {t('settings.account.edit_account_address')}
              </Button>
            </div>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={4}>{t('settings.account.billing_address')}</Title>
            <AddressSummary value={account.billing_address} />
            <div>
              <Button variant="light" onClick={() => setOpen('billing')}>
                {t('settings.account.edit_billing_address')}
              </Button>
            </div>
          </Stack>
        </Card>
      </SimpleGrid>
      {open === 'address' && (
        <AddressModal
          opened
          onClose={() => setOpen(null)}
          title={t('settings.account.account_address')}
          value={account.account_address}
          save={updateAccountAddress}
        />
      )}
      {open === 'billing' && (
        <AddressModal
          opened
          onClose={() => setOpen(null)}
          title={t('settings.account.billing_address')}
          value={account.billing_address}
          save={updateBillingAddress}
        />
      )}
    </Stack>
  );
}

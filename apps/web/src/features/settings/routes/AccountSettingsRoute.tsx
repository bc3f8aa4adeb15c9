import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressCard } from '../../../components/AddressSummary';
import { useAuthUser } from '../../../lib/auth';
import { useCan } from '../../../lib/permissions';
import { updateAccountAddress, updateBillingAddress } from '../api/settingsApi';
import { AddressModal } from '../components/AddressModal';
import { UsmcaCertificationCard } from '../components/UsmcaCertificationCard';

/** The two addresses of an account: where each is kept, its titles and how it is saved. */
const ADDRESSES = [
  { kind: 'account_address', save: updateAccountAddress },
  { kind: 'billing_address', save: updateBillingAddress },
] as const;
type Kind = (typeof ADDRESSES)[number]['kind'];

/** Account name and status; account and billing addresses and the USMCA certification, changed by those whose role keeps the account's settings. */
export function AccountSettingsRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const [open, setOpen] = useState<Kind | null>(null);
  const mayEdit = useCan('account.manage');
  const account = user?.account;
  if (!account) return <Text>{t('settings.account.none')}</Text>;
  const editing = ADDRESSES.find((a) => a.kind === open);
  return (
    <Stack maw={900}>
      <Group>
        <Title order={2} size="h3">
          {account.name}
        </Title>
        <Badge color={account.status === 'active' ? 'green' : 'red'}>{t(`account_status.${account.status}`)}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {ADDRESSES.map(({ kind }) => (
          <AddressCard key={kind} title={t(`settings.account.${kind}`)} value={account[kind]}>
            {mayEdit && (
              <div>
                <Button variant="light" onClick={() => setOpen(kind)}>
                  {t(`settings.account.edit_${kind}`)}
                </Button>
              </div>
            )}
          </AddressCard>
        ))}
      </SimpleGrid>
      <UsmcaCertificationCard />
      {editing && (
        <AddressModal
          key={editing.kind}
          opened
          onClose={() => setOpen(null)}
          title={t(`settings.account.${editing.kind}`)}
          value={account[editing.kind]}
          save={editing.save}
        />
      )}
    </Stack>
  );
}

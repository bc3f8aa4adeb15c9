import type { PartnerView } from '@freight/contracts';
import { Anchor, Badge, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { Section } from '../../../../components/Section';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { afterPartnerChange, grantAccount, removeAccount } from '../../api/integrationsApi';
import { AccountSelect } from '../AccountSelect';

type Granted = PartnerView['accounts'][number];

/**
 * The accounts a partner may act for, each let in by staff or by the account's own consent, and
 * since when; staff add one by finding it, and take one away after a confirmation.
 */
export function PartnerAccounts({ partner }: { partner: PartnerView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const onChanged = (view: PartnerView) => afterPartnerChange(client, view);
  const [picked, setPicked] = useState<string | null>(null);
  const [picker, setPicker] = useState(0);
  const grant = useMutation({
    mutationFn: (accountId: string) => grantAccount(partner.id, accountId),
    onSuccess: async (view) => {
      setPicked(null);
      setPicker((n) => n + 1);
      await onChanged(view);
    },
  });
  const remove = useMutation({ mutationFn: (a: Granted) => removeAccount(partner.id, a.id), onSuccess: onChanged });
  const confirmRemove = (a: Granted) =>
    modals.openConfirmModal({
      title: t('admin.partners.remove_account_title', { name: a.name }),
      children: <Text size="sm">{t('admin.partners.remove_account_body', { partner: partner.name, account: a.name })}</Text>,
      labels: { confirm: t('admin.partners.remove_account'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(a),
    });

  return (
    <Section title={t('admin.partners.accounts_title')}>
      <Stack gap="md">
        <ErrorAlert error={grant.error ?? remove.error} />
        {partner.accounts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.partners.no_accounts')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Caption>{t('admin.partners.accounts_caption', { name: partner.name })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.partners.account')}</Table.Th>
                  <Table.Th>{t('admin.partners.granted_by')}</Table.Th>
                  <Table.Th>{t('admin.partners.granted_at')}</Table.Th>
                  <ActionsTh />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {partner.accounts.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Anchor component={Link} to={paths.admin.account(a.id)} size="sm">
                          {a.name}
                        </Anchor>
                        {a.disabled && (
                          <Badge size="sm" color="gray" variant="light" styles={WHOLE_LABEL}>
                            {t('admin.partners.switched_off')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{t(`admin.partners.granted.${a.granted_by}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(a.granted_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables?.id === a.id}
                        onClick={() => confirmRemove(a)}
                        aria-label={t('admin.partners.remove_account_named', { name: a.name })}
                      >
                        {t('admin.partners.remove_account')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <Box flex={1} maw={460}>
            <AccountSelect
              // A new field after each grant: the search starts empty again.
              key={picker}
              label={t('admin.partners.add_account')}
              placeholder={t('admin.account_select.placeholder')}
              description={t('admin.partners.add_account_hint')}
              exclude={partner.accounts.map((a) => a.id)}
              value={picked}
              onChange={setPicked}
            />
          </Box>
          <Button variant="light" disabled={!picked} loading={grant.isPending} onClick={() => picked && grant.mutate(picked)}>
            {t('admin.partners.grant')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

import type { AccountPartners, PartnerSummary } from '@freight/contracts';
import { Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { grantPartner, partnersQuery, withdrawPartner } from '../../api/apiAccessApi';
import { ConfirmModal } from './ConfirmModal';

/** A partner's name, linked to its website when that is a full web address (staff may type a bare domain). */
function PartnerName({ partner }: { partner: PartnerSummary }) {
  if (!/^https?:\/\//i.test(partner.website)) return <Text size="sm">{partner.name}</Text>;
  return (
    <Anchor href={partner.website} target="_blank" rel="noopener noreferrer" size="sm">
      {partner.name}
    </Anchor>
  );
}

/** The partners that may act for the account (let in by staff or by the account), withdrawing one, letting one in. */
export function PartnersSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const partners = useQuery(partnersQuery());
  const [withdrawing, setWithdrawing] = useState<PartnerSummary | null>(null);
  // Both answers are the account's partners after the change, so the list needs no second call.
  const keep = (answer: AccountPartners) => queryClient.setQueryData(partnersQuery().queryKey, answer);
  const withdraw = useMutation({
    mutationFn: (partner: PartnerSummary) => withdrawPartner(partner.id),
    onSuccess: (answer) => {
      keep(answer);
      setWithdrawing(null);
      notifications.show({ color: 'green', message: t('settings.api.partners.withdrawn') });
    },
  });
  const data = partners.data;
  return (
    <Section title={t('settings.api.partners.title')}>
      <Stack>
        <Text size="sm" c="dimmed" maw={640}>
          {t('settings.api.partners.intro')}
        </Text>
        <QueryStatus query={partners} />
        {data?.granted.length === 0 && <Text size="sm">{t('settings.api.partners.empty')}</Text>}
        {data && data.granted.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  {['partner', 'granted_by', 'since', 'actions'].map((key) => (
                    <Table.Th key={key}>{t(`settings.api.partners.columns.${key}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.granted.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <PartnerName partner={p} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`settings.api.partners.granted_by.${p.granted_by}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{f.date(p.granted_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          withdraw.reset();
                          setWithdrawing(p);
                        }}
                      >
                        {t('settings.api.partners.withdraw')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && <LetPartnerIn available={data.available} onDone={keep} />}
      </Stack>
      {withdrawing && (
        <ConfirmModal
          title={t('settings.api.partners.withdraw_confirm.title', { name: withdrawing.name })}
          body={t('settings.api.partners.withdraw_confirm.body', { name: withdrawing.name })}
          confirmLabel={t('settings.api.partners.withdraw_confirm.submit')}
          onCancel={() => setWithdrawing(null)}
          onConfirm={() => withdraw.mutate(withdrawing)}
          pending={withdraw.isPending}
          error={withdraw.error}
        />
      )}
    </Section>
  );
}

function LetPartnerIn({ available, onDone }: { available: PartnerSummary[]; onDone: (answer: AccountPartners) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: grantPartner,
    onSuccess: (answer, partnerId) => {
      onDone(answer);
      setChosen(null);
      const name = answer.granted.find((p) => p.id === partnerId)?.name ?? '';
      notifications.show({ color: 'green', message: t('settings.api.partners.let_in_done', { name }) });
    },
  });
  if (available.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('settings.api.partners.none_available')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('settings.api.partners.let_in')}
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('settings.api.partners.choose')}
          placeholder={t('settings.api.partners.choose_placeholder')}
          data={available.map((p) => ({ value: p.id, label: p.name }))}
          value={chosen}
          onChange={setChosen}
          searchable
          w={320}
        />
        <Button variant="light" disabled={!chosen} loading={grant.isPending} onClick={() => chosen && grant.mutate(chosen)}>
          {t('settings.api.partners.let_in_submit')}
        </Button>
      </Group>
      <ErrorAlert error={grant.error} />
    </Stack>
  );
}

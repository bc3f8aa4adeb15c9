import type { UsmcaCertificationView } from '@freight/contracts';
import { Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { getUsmcaCertification, USMCA_CERTIFICATION_KEY } from '../api/usmcaApi';
import { UsmcaCertificationModal } from './UsmcaCertificationModal';

/** A calendar day (YYYY-MM-DD) at noon UTC, so no time zone moves it to the day before or after. */
const calendarDay = (day: string) => `${day}T12:00:00Z`;

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Saved({ value }: { value: UsmcaCertificationView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const words = (key: string) => t(`settings.usmca.${key}`);
  const blanket =
    value.blanket_from && value.blanket_to
      ? t('settings.usmca.blanket_range', { from: fmt.date(calendarDay(value.blanket_from)), to: fmt.date(calendarDay(value.blanket_to)) })
      : words('no_blanket');
  const date = fmt.date(value.updated_at);
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0} verticalSpacing="xs">
        <Fact label={words('certifier_role')}>{words(`role.${value.certifier_role}`)}</Fact>
        <Fact label={words('name')}>{value.name}</Fact>
        <Fact label={words('job_title')}>{value.title}</Fact>
        <Fact label={words('company')}>{value.company}</Fact>
        <Fact label={words('address')}>{value.address}</Fact>
        <Fact label={words('phone')}>{value.phone}</Fact>
        <Fact label={words('email')}>{value.email}</Fact>
        <Fact label={words('producer')}>{words(`producer_choice.${value.producer}`)}</Fact>
        <Fact label={words('blanket')}>{blanket}</Fact>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {value.updated_by
          ? t('settings.usmca.updated', { name: value.updated_by.name, date })
          : t('settings.usmca.updated_unknown', { date })}
      </Text>
    </Stack>
  );
}

/**
 * What the account's USMCA certifications of origin say, shipment after shipment: read by every
 * team member who sees shipments (the server's rule), changed by those who keep the account's settings.
 */
export function UsmcaCertificationCard() {
  const { t } = useTranslation();
  const mayRead = useCan('shipments.view');
  const mayEdit = useCan('account.manage');
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  const query = useQuery({ queryKey: USMCA_CERTIFICATION_KEY, queryFn: getUsmcaCertification, enabled: mayRead });
  if (!mayRead) return null;
  const saved = query.data ?? null;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Box>
          <Title order={3} size="h4" id={titleId}>
            {t('settings.usmca.title')}
          </Title>
          <Text size="sm">{t('settings.usmca.intro')}</Text>
        </Box>
        {query.error && <ErrorAlert error={query.error} />}
        {query.isPending && !query.error ? (
          <LoadingBlock height={120} label={t('settings.usmca.loading')} />
        ) : saved ? (
          <Saved value={saved} />
        ) : (
          !query.error && <Text>{t('settings.usmca.none')}</Text>
        )}
        {mayEdit && query.isSuccess && (
          <div>
            <Button variant="light" onClick={() => setEditing(true)}>
              {t(saved ? 'settings.usmca.edit' : 'settings.usmca.set_up')}
            </Button>
          </div>
        )}
      </Stack>
      {editing && <UsmcaCertificationModal value={saved} onClose={() => setEditing(false)} />}
    </Card>
  );
}

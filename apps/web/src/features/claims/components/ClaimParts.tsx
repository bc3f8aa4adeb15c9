import type { ClaimClockView, ClaimView } from '@freight/contracts';
import type { ClaimStatus } from '@freight/domain';
import { Alert, Anchor, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { Section } from '../../../components/Section';
import { localDate, major } from '../../../components/shipment/format';
import { WRAPPING_BUTTON_STYLES } from '../../../components/wrappingButton';
import { useFormat } from '../../../lib/useFormat';
import { attachmentUrl, type ClaimCreditMemo, packetPath } from '../api/claimsApi';

const STATUS_COLOR: Record<ClaimStatus, string> = {
  filed: 'blue',
  acknowledged: 'cyan',
  decided: 'violet',
  paid: 'green',
  closed: 'gray',
};

/**
 * What happened: the claim's status, its facts (the shipment linked where the reader opens it,
 * `before` and `after` for the facts only staff see) and the shipper's account of it.
 */
export function ClaimFactsSection({
  claim,
  shipmentHref,
  before,
  after,
}: {
  claim: ClaimView;
  shipmentHref: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const day = useDay();
  return (
    <Section title={t('claims.what_happened')}>
      <Stack gap="sm">
        <Group gap="xs">
          <ClaimStatusBadge status={claim.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {before}
          <Fact label={t('claims.facts.shipment')}>
            <Anchor component={Link} to={shipmentHref}>
              {t('claims.bol', { number: claim.bol_number })}
            </Anchor>
          </Fact>
          <Fact label={t('claims.facts.carrier')}>{claim.carrier_name}</Fact>
          <Fact label={t('claims.facts.kind')}>{t(`claims.kinds.${claim.kind}`)}</Fact>
          <Fact label={t('claims.facts.filed')}>{fmt.dateTime(claim.filed_at)}</Fact>
          {claim.delivered_on ? (
            <Fact label={t('claims.facts.delivered')}>{day(claim.delivered_on)}</Fact>
          ) : (
            claim.expected_delivery_on && <Fact label={t('claims.facts.expected_delivery')}>{day(claim.expected_delivery_on)}</Fact>
          )}
          {claim.carrier_claim_number && <Fact label={t('claims.facts.carrier_claim_number')}>{claim.carrier_claim_number}</Fact>}
          {after}
        </SimpleGrid>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{claim.description}</Text>
      </Stack>
    </Section>
  );
}

/** A claim's status in words (never by colour alone). */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`claims.statuses.${status}`)}
    </Badge>
  );
}

/** A clock's state as the reader sees it: one met after its last day is late. */
export type ClockShown = 'open' | 'due_soon' | 'overdue' | 'met' | 'late';
export const clockShown = (c: ClaimClockView): ClockShown => (c.state === 'met' && c.late ? 'late' : c.state);
const CLOCK_COLOR: Record<ClockShown, string> = { open: 'gray', due_soon: 'yellow', overdue: 'red', met: 'green', late: 'orange' };

export function ClockBadge({ clock }: { clock: ClaimClockView }) {
  const { t } = useTranslation();
  const shown = clockShown(clock);
  return (
    <Badge color={CLOCK_COLOR[shown]} variant="light">
      {t(`claims.clocks.states.${shown}`)}
    </Badge>
  );
}

/** 'YYYY-MM-DD' (a day at the delivery place) in the reader's format. */
export function useDay() {
  const fmt = useFormat();
  return (day: string | null | undefined) => (day ? fmt.date(localDate(day)) : '');
}

const CLOCKS = ['notice', 'filing', 'acknowledgement', 'decision'] as const;

/** The claim's clocks: each one's state, last day and the day it was met. */
export function ClaimClocks({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const day = useDay();
  const rows = CLOCKS.flatMap((name) => {
    const clock = claim.clocks[name];
    return clock ? [{ name, clock }] : [];
  });
  return (
    <Section title={t('claims.clocks.title')}>
      <Stack gap="sm">
        <ResponsiveTable minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Caption>{t('claims.clocks.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims.clocks.clock')}</Table.Th>
                <Table.Th>{t('claims.clocks.state')}</Table.Th>
                <Table.Th>{t('claims.clocks.last_day')}</Table.Th>
                <Table.Th>{t('claims.clocks.met_on')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ name, clock }) => (
                <Table.Tr key={name} data-testid={`clock-${name}`}>
                  <Table.Td>{t(`claims.clocks.names.${name}`)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <ClockBadge clock={clock} />
                      {clock.state !== 'met' && clock.days_left !== null && clock.days_left >= 0 && (
                        <Text size="sm">{t('claims.clocks.days_left', { count: clock.days_left })}</Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{day(clock.due_on)}</Table.Td>
                  <Table.Td>{clock.met_on ? day(clock.met_on) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
        {claim.notice_late && (
          <Alert color="orange" variant="light">
            {t('claims.clocks.late_notice')}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/** A label above its value, as the shipment pages show their facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** The goods line by line, and how the total is made (goods, freight back, salvage off), with the carrier's liability. */
export function ClaimAmounts({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(major(cents), claim.currency);
  return (
    <Section title={t('claims.lines.title')}>
      <Stack gap="md">
        <ResponsiveTable minWidth={520}>
          <Table verticalSpacing="xs">
            <Table.Caption>{t('claims.lines.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims.lines.description')}</Table.Th>
                <Table.Th ta="right">{t('claims.lines.pieces')}</Table.Th>
                <Table.Th ta="right">{t('claims.lines.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {claim.lines.map((line, i) => (
                // Lines have no id: their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
                <Table.Tr key={i}>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{fmt.number(line.pieces)}</Table.Td>
                  <Table.Td ta="right">{money(line.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
        <Title order={3} size="h4" fz="sm">
          {t('claims.totals.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label={t('claims.totals.goods')}>{money(claim.goods_cents)}</Fact>
          <Fact label={t('claims.totals.freight')}>{money(claim.freight_cents)}</Fact>
          <Fact label={t('claims.totals.salvage')}>{money(claim.salvage_cents)}</Fact>
          <Fact label={t('claims.totals.total')}>
            <Text fw={700} data-testid="claim-total">
              {money(claim.amount_cents)}
            </Text>
          </Fact>
          {claim.commercial_invoice_cents !== null && (
            <Fact label={t('claims.totals.commercial_invoice')}>{money(claim.commercial_invoice_cents)}</Fact>
          )}
          <Fact label={t('claims.totals.liability')}>
            {t('claims.totals.liability_value', {
              amount: money(claim.liability_cents),
              basis: t(`claims.totals.liability_basis.${claim.liability_basis}`),
            })}
          </Fact>
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

/** The carrier's decision, its payment, and the credit the account received for it. */
export function ClaimOutcome({
  claim,
  credit,
  creditHref,
  staff = false,
}: {
  claim: ClaimView;
  credit?: ClaimCreditMemo | null;
  /** Where the credit memo opens, for a reader who may open it. */
  creditHref?: string;
  staff?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number, currency = claim.currency) => fmt.money(major(cents), currency);
  const d = claim.decision;
  return (
    <Section title={t('claims.outcome.title')} testId="claim-outcome">
      <Stack gap="xs">
        {!d && <Text>{t('claims.outcome.waiting')}</Text>}
        {d && (
          <>
            <Text fw={600}>
              {t('claims.outcome.decided_on', { decision: t(`claims.outcome.decisions.${d.decision}`), date: fmt.date(d.decided_at) })}
            </Text>
            {d.amount_cents !== null && d.decision !== 'declined' && (
              <Text>{t('claims.outcome.decided_amount', { amount: money(d.amount_cents) })}</Text>
            )}
            {d.reason && <Text>{t('claims.outcome.reason', { reason: d.reason })}</Text>}
          </>
        )}
        {claim.payment && (
          <Text>
            {t('claims.outcome.paid', {
              amount: money(claim.payment.amount_cents),
              date: fmt.date(claim.payment.paid_at),
              reference: claim.payment.reference,
            })}
          </Text>
        )}
        {credit && (
          <Alert color="green" variant="light" title={t('claims.outcome.credit_title')} data-testid="claim-credit">
            <Text size="sm">
              {t(staff ? 'claims.outcome.staff_credit' : 'claims.outcome.credit', {
                number: credit.number,
                amount: money(credit.amount_cents, credit.currency),
              })}
            </Text>
            {creditHref && (
              <Anchor component={Link} to={creditHref} size="sm">
                {t('claims.outcome.open_credit', { number: credit.number })}
              </Anchor>
            )}
            {!staff && <Text size="sm">{t('claims.outcome.credit_hint')}</Text>}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/** The claim packet (claim form, BOL, delivery receipt, invoice, photos) as one PDF in the reader's language. */
export function PacketDownload({ claim, staff = false }: { claim: ClaimView; staff?: boolean }) {
  const { t, i18n } = useTranslation();
  const { download, downloading } = useFileDownload();
  const path = packetPath(claim.id, staff);
  return (
    <Button
      variant="default"
      loading={downloading === path}
      // The label is long in Spanish: on a phone it wraps rather than being cut off.
      styles={WRAPPING_BUTTON_STYLES}
      onClick={() =>
        void download(path, {
          fileName: t('claims.packet.file_name', { number: claim.number }),
          query: { language: i18n.language === 'es' ? 'es' : 'en' },
        })
      }
    >
      {t('claims.packet.download')}
    </Button>
  );
}

const isImage = (type: string) => type.startsWith('image/');

/** The claim's thread, oldest first: who wrote (the carrier's words recorded by staff said so), when, and the files. */
export function ClaimMessages({ claim, staff = false }: { claim: ClaimView; staff?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!claim.messages.length) return <Text c="dimmed">{t('claims.thread.empty')}</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('claims.thread.label')}>
      {claim.messages.map((m) => (
        <Paper
          key={m.id}
          component="li"
          withBorder
          p="sm"
          radius="md"
          bg={m.author === 'shipper' ? undefined : m.author === 'carrier' ? 'yellow.0' : 'blue.0'}
          data-testid="claim-message"
        >
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {m.name || t(`claims.thread.authors.${m.author}`)}
              </Text>
              <Badge size="sm" variant="light" color={m.author === 'carrier' ? 'yellow' : m.author === 'staff' ? 'blue' : 'gray'}>
                {m.author === 'carrier' ? t('claims.thread.recorded') : t(`claims.thread.authors.${m.author}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {fmt.dateTime(m.created_at)}
            </Text>
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.body}
          </Text>
          {m.attachments.length > 0 && (
            <Group gap="sm" mt="xs" align="flex-start">
              {m.attachments.map((a) => {
                const url = attachmentUrl(claim.id, a.id, staff);
                return isImage(a.content_type) ? (
                  <Anchor key={a.id} href={url} target="_blank" rel="noopener noreferrer">
                    <Image
                      src={url}
                      alt={t('claims.thread.image_alt', { name: a.file_name })}
                      mah={140}
                      w="auto"
                      fit="contain"
                      radius="sm"
                    />
                  </Anchor>
                ) : (
                  <Anchor key={a.id} href={url} download={a.file_name} size="sm">
                    {t('claims.thread.attachment', { name: a.file_name, size: fmt.number(Math.max(1, Math.round(a.size / 1024))) })}
                  </Anchor>
                );
              })}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

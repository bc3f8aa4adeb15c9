import type { AuditEntryView } from '@freight/contracts';
import { Anchor, Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../components/Section';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';

/** A record's values as 'field: value' lines, plain text (never HTML); nested values as JSON. */
function asLines(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

/** The email inside a user's label ('Ada Admin <ada@example.com>'), to find them in Role Management. */
const emailOf = (label: string | null) => label?.match(/<([^<>]+)>$/)?.[1] ?? label ?? '';

/** The admin page of each kind of record that has one (the list page where records have no page of their own). */
const RECORD_PAGES: Record<string, (e: AuditEntryView) => string | null> = {
  shipment: (e) => paths.admin.shipment(e.entity_id),
  account: (e) => paths.admin.account(e.entity_id),
  carrier: (e) => paths.admin.carrier(e.entity_id),
  // A program's page is its account's id, or 'default' for the one without an account.
  pricing_program: (e) => paths.admin.pricingProgram(e.account_id ?? 'default'),
  // A customer's user is on their account's page; staff are found in Role Management.
  user: (e) =>
    e.account_id ? paths.admin.account(e.account_id) : `${paths.admin.page('roles')}?q=${encodeURIComponent(emailOf(e.target_label))}`,
  integration_partner: (e) => `${paths.admin.page('integrationPartners')}/${encodeURIComponent(e.entity_id)}`,
  api_incident: (e) => `${paths.admin.page('incidents')}/${encodeURIComponent(e.entity_id)}`,
  site_notification: (e) => paths.admin.editNotification(e.entity_id),
  oauth_client: () => paths.admin.page('oauth'),
  partner_account: () => paths.admin.page('integrations'),
  webhook_subscription: () => paths.admin.page('integrations'),
  ebay_store: () => paths.admin.page('integrations'),
  part: () => paths.admin.page('partCatalog'),
  scac_alias: () => paths.admin.page('scacAliases'),
  equipment_type: () => paths.admin.page('truckloadEquipment'),
  diesel_price: () => paths.admin.page('carriers'),
  support_conversation: () => paths.admin.page('support'),
  support_canned_answer: () => paths.admin.page('support'),
};

/** The page of the record an entry is about, when it has one; else its account's. */
export function recordLink(e: AuditEntryView): string | null {
  const page = RECORD_PAGES[e.entity_type];
  return page ? page(e) : e.account_id ? paths.admin.account(e.account_id) : null;
}

/** The record in words: its kind, then its name (recorded, or read for an older entry), else its id. */
function RecordCell({ entry: e }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  const link = recordLink(e);
  const kind = t(`admin.audit.types.${e.entity_type}`, { defaultValue: e.entity_type });
  const name = e.target_label ?? e.entity_id;
  return (
    <>
      <Text size="xs" c="dimmed">
        {kind}
      </Text>
      {link ? (
        <Anchor component={Link} to={link} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      )}
    </>
  );
}

/** The header cells of an audit table; `withRecord` adds the record each entry is about. */
export function AuditHead({ withRecord = false }: { withRecord?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{t('admin.audit.when')}</Table.Th>
      <Table.Th>{t('admin.audit.who')}</Table.Th>
      <Table.Th>{t('admin.audit.action')}</Table.Th>
      {withRecord && <Table.Th>{t('admin.audit.record')}</Table.Th>}
      <Table.Th>{t('admin.audit.before')}</Table.Th>
      <Table.Th>{t('admin.audit.after')}</Table.Th>
    </>
  );
}

export function AuditRow({ entry: e, withRecord = false }: { entry: AuditEntryView; withRecord?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.created_at)}</Table.Td>
      <Table.Td>
        {e.actor_email}
        {e.ip && (
          <Text size="xs" c="dimmed">
            {e.ip}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{t(`admin.audit.actions.${e.action}`, { defaultValue: e.action })}</Table.Td>
      {withRecord && (
        <Table.Td maw={280}>
          <RecordCell entry={e} />
        </Table.Td>
      )}
      <Table.Td maw={260}>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {asLines(e.before)}
        </Code>
      </Table.Td>
      <Table.Td maw={260}>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {asLines(e.after)}
        </Code>
      </Table.Td>
    </Table.Tr>
  );
}

/** What staff did to a record (its page's audit section): who, when, from where, before and after. */
export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin.audit.title')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.audit.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <AuditHead />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <AuditRow key={e.id} entry={e} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

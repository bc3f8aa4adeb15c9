import type { AutomationDryRun, AutomationDryRunRow } from '@freight/contracts';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/useFormat';
import { actionsWords } from './ruleWords';

const STATUS_COLOR: Record<AutomationDryRunRow['status'], string> = { unchanged: 'gray', rated: 'blue', no_rate: 'orange', error: 'red' };

/** A dry run's rows: what each shipment or order would get and what it would cost, with the rule that set it. */
export function DryRunPanel({ run }: { run: AutomationDryRun }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (cents: number | null, currency: string) => (cents == null ? '—' : f.money(cents / 100, currency));
  return (
    <Stack gap="xs" data-testid="dry-run">
      <Text fw={600} role="status">
        {t('rules.dry_run.summary', {
          count: run.rows.length,
          changed: run.changed,
          difference: f.money(run.difference_cents / 100, run.currency),
        })}
      </Text>
      {run.rows.length === 0 ? (
        <Text c="dimmed">{t(`rules.dry_run.empty.${run.source}`)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rules.dry_run.columns.reference')}</Table.Th>
                <Table.Th>{t('rules.dry_run.columns.lane')}</Table.Th>
                <Table.Th>{t('rules.dry_run.columns.changes')}</Table.Th>
                <Table.Th ta="right">{t('rules.dry_run.columns.before')}</Table.Th>
                <Table.Th ta="right">{t('rules.dry_run.columns.after')}</Table.Th>
                <Table.Th>{t('rules.dry_run.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.rows.map((r) => {
                const sources = [...new Set(Object.values(r.outcome.sources).map((s) => s?.name))].filter(Boolean);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.reference}</Table.Td>
                    <Table.Td>
                      {r.lane}
                      <Text size="xs" c="dimmed">
                        {f.weight(r.weight_lb)}
                        {r.mode_before ? ` · ${t(`shipping_modes.${r.mode_before}`)}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {actionsWords(t, r.outcome.actions).join('; ') || t('rules.dry_run.no_change')}
                      {sources.length > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('rules.set_by', { names: sources.join(', ') })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(r.before_cents, r.currency)}</Table.Td>
                    <Table.Td ta="right">
                      {money(r.after_cents, r.currency)}
                      {r.after_carrier && (
                        <Text size="xs" c="dimmed">
                          {r.after_carrier}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[r.status]} variant="light">
                        {t(`rules.dry_run.status.${r.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

import type { TariffVersionView } from '@freight/contracts';
import { Badge, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { useFormat } from '../../../../lib/useFormat';

interface Props {
  /** Newest first (a carrier tariff's or a pricing program's: one shape). */
  versions: TariffVersionView[];
  /** The table's caption, which names whose versions they are. */
  caption: string;
  today: string;
  onView: (v: TariffVersionView) => void;
  /** Left out for a reader who may not write (a sales rep): no restore buttons. */
  onRestore?: (v: TariffVersionView) => void;
}

/** Every version, newest first: which is in force, which are scheduled, who wrote and published each; view any, restore an earlier one. */
export function VersionsTable({ versions, caption, today, onView, onRestore }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const badge = (v: TariffVersionView) => {
    if (v.state === 'draft') return <Badge color="yellow">{t('admin.versions.states.draft')}</Badge>;
    if (v.in_force) return <Badge color="teal">{t('admin.versions.in_force')}</Badge>;
    if ((v.effective_date ?? '') > today) return <Badge color="blue">{t('admin.versions.scheduled')}</Badge>;
    return (
      <Badge color="gray" variant="light">
        {t('admin.versions.past')}
      </Badge>
    );
  };
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder miw={880} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.versions.number')}</Table.Th>
            <Table.Th>{t('admin.versions.state')}</Table.Th>
            <Table.Th>{t('admin.versions.effective')}</Table.Th>
            <Table.Th>{t('admin.versions.note')}</Table.Th>
            <Table.Th>{t('admin.versions.written')}</Table.Th>
            <Table.Th>{t('admin.versions.published')}</Table.Th>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td fw={600}>{v.number}</Table.Td>
              <Table.Td>{badge(v)}</Table.Td>
              <Table.Td>{v.effective_date ? fmt.date(`${v.effective_date}T12:00:00Z`) : '–'}</Table.Td>
              <Table.Td>
                <Text size="sm">{v.note}</Text>
                {v.restored_from_number && (
                  <Text size="xs" c="dimmed">
                    {t('admin.versions.restored_from', { number: v.restored_from_number })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{fmt.dateTime(v.created_at)}</Text>
                <Text size="xs" c="dimmed">
                  {v.created_by ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{v.published_at ? fmt.dateTime(v.published_at) : '–'}</Text>
                <Text size="xs" c="dimmed">
                  {v.published_by ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onView(v)}
                    aria-label={`${t('admin.versions.view')} ${v.number}`}
                  >
                    {t('admin.versions.view')}
                  </Button>
                  {onRestore && v.state === 'published' && !v.in_force && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => onRestore(v)}
                      aria-label={`${t('admin.versions.restore')} ${v.number}`}
                    >
                      {t('admin.versions.restore')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

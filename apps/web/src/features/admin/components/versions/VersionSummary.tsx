import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';

interface Props {
  /** The catalog's section of the words (version_n, no_version, draft_waiting, next_from). */
  words: string;
  row: { version_in_force: number | null; has_draft: boolean; next_effective_date: string | null };
}

/** A versioned thing's state in its list: the version in force, a draft waiting, the next version's date. */
export function VersionSummary({ words, row }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Group gap={4}>
      <Text size="sm">{row.version_in_force ? t(`${words}.version_n`, { number: row.version_in_force }) : t(`${words}.no_version`)}</Text>
      {row.has_draft && (
        <Badge size="xs" color="yellow" variant="light">
          {t(`${words}.draft_waiting`)}
        </Badge>
      )}
      {row.next_effective_date && (
        <Badge size="xs" color="blue" variant="light">
          {t(`${words}.next_from`, { date: fmt.date(`${row.next_effective_date}T12:00:00Z`) })}
        </Badge>
      )}
    </Group>
  );
}

import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous and Next for a list that says only whether another page follows. */
export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <Group gap="sm" justify="flex-end">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.pages.previous')}
      </Button>
      <Button variant="default" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('common.pages.next')}
      </Button>
    </Group>
  );
}

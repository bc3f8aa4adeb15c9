import type { AdminPageKey } from '@freight/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';

/** An admin page that shows its title. */
export function AdminTitleRoute({ page }: { page: AdminPageKey }) {
  const { t } = useTranslation();
  return <PageHeader title={t(`admin.pages.${page}`)} />;
}

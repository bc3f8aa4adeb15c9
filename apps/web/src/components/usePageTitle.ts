import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** document.title = '<page title> | Freight Portal'. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const base = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} | ${base}` : base;
  }, [title, base]);
}

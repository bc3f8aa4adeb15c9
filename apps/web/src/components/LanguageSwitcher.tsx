import { LANGUAGES, type Language } from '@freight/domain';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, setGuestLanguage } from '../lib/i18n';

/** Guest language choice on the auth pages (kept in localStorage LANGUAGE). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common.language')}
      value={isLanguage(i18n.language) ? i18n.language : 'en'}
      onChange={(v) => setGuestLanguage(v as Language)}
      data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
    />
  );
}

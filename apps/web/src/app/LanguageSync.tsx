import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../lib/auth';
import { changeLanguage, guestLanguage, isLanguage } from '../lib/i18n';

/** The UI language follows the user's settings once logged in, else the guest's choice. */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const user = useAuthUser();
  const wanted = user && isLanguage(user.settings?.language) ? user.settings.language : (guestLanguage() ?? 'en');
  useEffect(() => {
    if (i18n.language !== wanted) void changeLanguage(wanted);
  }, [wanted, i18n]);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  });
  return null;
}

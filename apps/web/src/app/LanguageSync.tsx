import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeAuth } from '../lib/authState';
import { changeLanguage, preferredLanguage } from '../lib/i18n';

/**
 * The UI language follows the user's settings once logged in, else the guest's choice. It follows
 * the stored user itself, not the rendered one: hydrating a prerendered guest page, the first
 * render has no user even when one is signed in.
 */
export function LanguageSync() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const sync = () => {
      const wanted = preferredLanguage();
      if (i18n.language !== wanted) void changeLanguage(wanted);
    };
    sync();
    return subscribeAuth(sync);
  }, [i18n]);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  });
  return null;
}

import type { CurrentUser } from '@freight/contracts';
import { isLanguage, LANGUAGES, type Language } from '@freight/domain';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { useAuthUser } from '../lib/auth';
import { setAuthUser } from '../lib/authState';
import { changeLanguage, setGuestLanguage } from '../lib/i18n';

/**
 * Each language named in itself, so a reader of either can find their own. A constant, not the
 * catalogs: a first visit loads only the words of the language it shows.
 */
const OWN_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * Language choice on the auth pages. A guest's choice is kept in localStorage LANGUAGE; a signed-in
 * (unverified) user's is saved with PUT /api/settings and the answered user stored (AUTH_STATE,
 * which every screen and LanguageSync read; the guest pages have no query cache to update). A
 * failed save puts the language back and says so beside the switch: the guest pages have no
 * notifications container.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const user = useAuthUser();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = async (language: Language) => {
    setFailed(false);
    if (!user) {
      setGuestLanguage(language);
      return;
    }
    const previous: Language = isLanguage(i18n.language) ? i18n.language : 'en';
    setSaving(true);
    void changeLanguage(language); // at once; the stored settings follow
    try {
      const res = await api.put<{ data: CurrentUser }>('/api/settings', { language });
      setAuthUser(res.data);
    } catch {
      await changeLanguage(previous);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <SegmentedControl
        size="xs"
        aria-label={t('common.language')}
        value={isLanguage(i18n.language) ? i18n.language : 'en'}
        onChange={(v) => void choose(v as Language)}
        disabled={saving}
        data={LANGUAGES.map((l) => ({ value: l, label: OWN_NAMES[l] }))}
      />
      {failed && (
        <Text size="xs" c="red" role="alert">
          {t('common.language_save_failed')}
        </Text>
      )}
    </Stack>
  );
}

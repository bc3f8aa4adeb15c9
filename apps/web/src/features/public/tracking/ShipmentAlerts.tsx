import type { ConsigneeAlertLinkResult } from '@freight/contracts';
import { isLanguage, type Language } from '@freight/domain';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, use, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { api, isApiError } from '../../../lib/api';
import appI18n from '../../../lib/i18n';
import alertsEn from '../locales/consignee-alerts.en.json';

// The consignee's alerts by mail (docs/consignee-alerts.md), a chunk of its own with its own words:
// the public tracking page is a first visit held to a script budget (the login page shares its
// first download), and only a shipment still on its way or a mailed link needs them.

/** This chunk's catalog, one language at a time as lib/i18n.ts brings the others: English comes with the chunk. */
const WORDS: Record<Language, () => Promise<object>> = {
  en: async () => alertsEn,
  es: () => import('../locales/consignee-alerts.es.json').then((m) => m.default),
};
const words = new Map<Language, Promise<void>>();
const wordsIn = new Set<Language>();

/** Adds this chunk's words in `language` (by default the one in use) to the app's catalog, once; await it before the first render. */
export function loadAlertsWords(language: Language = isLanguage(appI18n.language) ? appI18n.language : 'en') {
  let done = words.get(language);
  if (!done) {
    done = WORDS[language]().then((tree) => {
      appI18n.addResourceBundle(language, 'translation', tree, true, true);
      wordsIn.add(language);
    });
    words.set(language, done);
  }
  return done;
}

/**
 * `useTranslation` with this chunk's words in the language shown: after a switch of language the
 * component suspends until they are here (its Suspense shows nothing meanwhile, never the other
 * language's words), as the app's changeLanguage waits for the shared ones.
 */
function useAlertsTranslation() {
  const translation = useTranslation();
  const language = isLanguage(translation.i18n.language) ? translation.i18n.language : 'en';
  if (!wordsIn.has(language)) use(loadAlertsWords(language));
  return translation;
}

const post = <T,>(path: string, body: unknown) => api.post<{ data: T }>(path, body, { skipAuthRedirect: true }).then((r) => r.data);

/** A shipment's alerts for an address: a neutral 202 whether or not it was subscribed. */
export const subscribeToAlerts = (number: string, email: string, language: string) =>
  post<{ status: 'pending' }>(`/api/public/tracking/${encodeURIComponent(number)}/alert-subscriptions`, { email, language });

const MAX_EMAIL = 254;

/** "Get alerts for this shipment by email": an address, the neutral answer, the server's field error in place. */
export function ShipmentAlertsForm({ number }: { number: string }) {
  const { t, i18n } = useAlertsTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSent(false);
    if (!email.trim()) {
      setFieldError(t('validation.email_required'));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await subscribeToAlerts(number, email.trim(), i18n.language === 'es' ? 'es' : 'en');
      setSent(true);
    } catch (caught) {
      const own = isApiError(caught) && caught.status === 422 ? caught.errors.email?.join(' ') : undefined;
      if (own) setFieldError(own);
      else setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const notFound = isApiError(error) && error.status === 404;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h4" id={`${id}-title`} mb="xs">
        {t('public_tracking.alerts.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('public_tracking.alerts.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="email"
            name="email"
            label={t('public_tracking.alerts.email')}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            maxLength={MAX_EMAIL}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
          />
          <Group>
            <Button type="submit" loading={busy} w={{ base: '100%', xs: 'auto' }}>
              {t('public_tracking.alerts.submit')}
            </Button>
          </Group>
          <div aria-live="polite">
            {sent && (
              <Alert color="teal" role="status">
                {t('public_tracking.alerts.sent')}
              </Alert>
            )}
          </div>
          {notFound ? (
            <Alert color="yellow" role="alert">
              {t('public_tracking.alerts.not_found')}
            </Alert>
          ) : (
            <ErrorAlert error={error} />
          )}
        </Stack>
      </form>
    </Card>
  );
}

type LinkKind = 'confirm' | 'unsubscribe';

/**
 * A link from a mail (`alerts_confirm` or `alerts_unsubscribe` in the page's query): one click does
 * what it says, so a mail scanner that opens links changes nothing; then the outcome in words.
 */
export function AlertLink({ kind, token, number }: { kind: LinkKind; token: string; number: string }) {
  const { t } = useAlertsTranslation();
  const id = useId();
  const [result, setResult] = useState<ConsigneeAlertLinkResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await post<ConsigneeAlertLinkResult>(`/api/public/alert-subscriptions/${kind}`, { token }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    const expired = result.status === 'expired';
    return (
      <Alert color={expired ? 'yellow' : 'teal'} role="status">
        {t(`public_tracking.alerts.${result.status}`, { number: result.number })}
      </Alert>
    );
  }
  if (isApiError(error) && error.status === 404)
    return (
      <Alert color="yellow" role="alert">
        {t('public_tracking.alerts.bad_link')}
      </Alert>
    );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {t(`public_tracking.alerts.${kind}_title`, { number })}
      </Title>
      <Text size="sm" mb="sm">
        {t(`public_tracking.alerts.${kind}_intro`)}
      </Text>
      <Stack gap="sm">
        <Group>
          <Button onClick={act} loading={busy} color={kind === 'unsubscribe' ? 'red' : undefined} w={{ base: '100%', xs: 'auto' }}>
            {t(`public_tracking.alerts.${kind}_action`)}
          </Button>
        </Group>
        <ErrorAlert error={error} />
      </Stack>
    </Card>
  );
}

import { AWAITING_PAYMENT_MINUTES } from '@freight/domain';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSupportHours } from '../../../components/support/supportHours';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';

/** When the statement was last checked against the portal; change it with every review. */
const LAST_REVIEWED = new Date(2026, 10, 25); // a local date (months count from 0): no time zone moves it a day

/** The statement's lists, each entry a key under statement.<list>.; the team keeps them true. */
const MET = ['keyboard', 'scroll', 'phone_navigation', 'contrast', 'announcements', 'forms', 'timing', 'resize', 'motion'] as const;
const TESTED = ['axe', 'every_page', 'keyboard', 'forms', 'resize', 'phone', 'contrast', 'scroll'] as const;
const LIMITS = ['pdf', 'carrier_texts', 'manual'] as const;

/**
 * The accessibility statement (public: guests and signed-in users read it in the public frame):
 * the standard, what is met and how it is tested, the known limitations, and how to report a
 * problem (the support email from the server's configuration, the chat).
 */
export function AccessibilityStatementRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const contact = useSupportHours();
  usePageTitle(t('statement.title'));
  const email = contact.data?.email;
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('statement.title')}
      </Title>
      <Text>{t('statement.intro', { app: t('app.name') })}</Text>
      <Section title={t('statement.met_title')}>
        <List spacing="xs">
          {MET.map((k) => (
            <List.Item key={k}>{t(`statement.met.${k}`, { minutes: AWAITING_PAYMENT_MINUTES })}</List.Item>
          ))}
        </List>
      </Section>
      <Section title={t('statement.tested_title')}>
        <List spacing="xs">
          {TESTED.map((k) => (
            <List.Item key={k}>{t(`statement.tested.${k}`)}</List.Item>
          ))}
        </List>
      </Section>
      <Section title={t('statement.limits_title')}>
        <Text>{t('statement.limits_intro')}</Text>
        <List spacing="xs" data-testid="statement-limitations">
          {LIMITS.map((k) => (
            <List.Item key={k}>{t(`statement.limits.${k}`)}</List.Item>
          ))}
        </List>
      </Section>
      <Section title={t('statement.report_title')}>
        <Text>
          {t('statement.report_body')} {email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : '…'}.
        </Text>
        <Text>
          {t('statement.report_chat')}{' '}
          <Anchor component={Link} to={paths.support}>
            {t('statement.open_chat')}
          </Anchor>
        </Text>
      </Section>
      <Text size="sm">{t('statement.reviewed', { date: fmt.date(LAST_REVIEWED) })}</Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

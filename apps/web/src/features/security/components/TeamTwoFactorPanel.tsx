import { Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { isApiError } from '../../../lib/api';
import { useAuthUser } from '../../../lib/auth';
import { saveTwoFactorRule, TWO_FACTOR_RULE_KEY, twoFactorRuleQuery } from '../api/twoFactorRuleApi';

/**
 * The account admin requires a second factor of every user of the account: those without one
 * are led to set one up at their next sign-in. Only the server knows who the admin is (the
 * account's first user): for anyone else its 403 hides the panel.
 */
export function TeamTwoFactorPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const hasAccount = Boolean(useAuthUser()?.account);
  const rule = useQuery({ ...twoFactorRuleQuery(), enabled: hasAccount });
  const save = useMutation({
    mutationFn: saveTwoFactorRule,
    onSuccess: (saved) => {
      qc.setQueryData(TWO_FACTOR_RULE_KEY, saved);
      showNotice({ color: 'green', message: { key: saved.required ? 'security.team.required_on' : 'security.team.required_off' } });
    },
  });
  if (!hasAccount || (isApiError(rule.error) && rule.error.status === 403)) return null;
  return (
    <Section title={t('security.team.title')} testId="team-two-factor">
      <Stack gap="sm">
        <Text size="sm" id="team-two-factor-help">
          {t('security.team.require_help')}
        </Text>
        <QueryStatus query={rule} />
        {rule.data && (
          <Switch
            label={t('security.team.require')}
            aria-describedby="team-two-factor-help"
            checked={rule.data.required}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.currentTarget.checked)}
          />
        )}
        <ErrorAlert error={save.error} />
        <Text size="sm" c="dimmed">
          {t('security.team.staff_note')}
        </Text>
      </Stack>
    </Section>
  );
}

import type { DashboardPausedCarrier } from '@freight/contracts';
import { canOpenAdminPage } from '@freight/domain';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { pauseReasonText } from '../carriers/QuotingPause';

/**
 * The carriers the circuit breaker keeps out of quoting, since when and why; each opens its page
 * for those who may open the Carriers page (super_admin), who can resume it there.
 */
export function PausedCarriers({ carriers }: { carriers: DashboardPausedCarrier[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const linked = Boolean(user && canOpenAdminPage(user.roles, 'carriers'));
  if (!carriers.length) return null;
  const title = t('admin.dashboard_page.paused_carriers', { count: carriers.length });
  return (
    // A region, not an alert: it is there when the page opens, nothing to interrupt a reader for.
    <Paper withBorder p="md" component="section" aria-label={title} bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-4)' }}>
      <Title order={2} size="h3" fz="md" mb="sm">
        {title}
      </Title>
      <Stack gap="xs">
        {carriers.map((c) => (
          <div key={c.id}>
            <Text size="sm" fw={600}>
              {linked ? (
                <Anchor component={Link} to={paths.admin.carrier(c.id)} inherit>
                  {c.name}
                </Anchor>
              ) : (
                c.name
              )}{' '}
              <Text span size="xs" c="dimmed">
                {c.scac} · {t('admin.carriers.pause.since', { at: fmt.dateTime(c.paused_at) })}
              </Text>
            </Text>
            <Text size="sm">{pauseReasonText(t, c.reason)}</Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

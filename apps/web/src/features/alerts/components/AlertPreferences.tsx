import { ALERT_CHANNELS, ALERT_KINDS, type AlertChannel, type AlertKind, type AlertPreference } from '@freight/contracts';
import { Alert, Button, Checkbox, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { showNotice } from '../../../components/notices/showNotice';
import { isApiError } from '../../../lib/api';
import { serverFieldErrors, translateMessage } from '../../../lib/forms';
import { ALERT_PREFERENCES_KEY, getAlertPreferences, putAlertPreferences } from '../api/alertsApi';

type Choices = Record<AlertKind, Record<AlertChannel, boolean>>;

/** The server's list as a grid by kind; a kind it leaves out gets the default (portal and mail on, SMS off). */
export function toChoices(list: readonly AlertPreference[]): Choices {
  const out = Object.fromEntries(ALERT_KINDS.map((k) => [k, { portal: true, mail: true, sms: false }])) as Choices;
  for (const p of list) out[p.kind] = { portal: p.portal, mail: p.mail, sms: p.sms };
  return out;
}

const toList = (choices: Choices): AlertPreference[] => ALERT_KINDS.map((kind) => ({ kind, ...choices[kind] }));

/** A 422 of PUT /api/settings/alerts, by the kind and channel it is about ('preferences.2.sms'); the rest as said. */
function placeErrors(error: unknown): { cells: Map<string, string>; rest: string[] } {
  const cells = new Map<string, string>();
  const rest: string[] = [];
  for (const [key, message] of Object.entries(serverFieldErrors(error))) {
    const m = /^preferences\.(\d+)\.(portal|mail|sms)$/.exec(key);
    const kind = m ? ALERT_KINDS[Number(m[1])] : undefined;
    if (m && kind) cells.set(`${kind}.${m[2]}`, message);
    else rest.push(message);
  }
  // A refusal without field messages is said as the server words it.
  if (isApiError(error) && error.status === 422 && !cells.size && !rest.length) rest.push(error.message);
  return { cells, rest };
}

/**
 * The settings' Alerts section: a table of the alert kinds by channel (portal, mail, SMS), one
 * checkbox each, saved on its own. SMS needs a mobile number on the profile: without one its
 * column says so and only lets a box be cleared. The server's refusals show at their boxes and
 * below the table, in the server's words.
 */
export function AlertPreferences() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ALERT_PREFERENCES_KEY, queryFn: getAlertPreferences });
  const [edited, setEdited] = useState<Choices | null>(null);
  const save = useMutation({
    mutationFn: (choices: Choices) => putAlertPreferences(toList(choices)),
    onSuccess: (data) => {
      client.setQueryData(ALERT_PREFERENCES_KEY, data);
      setEdited(null);
      showNotice({ color: 'green', message: { key: 'alerts.settings.saved' } });
    },
  });
  const errorsId = useId();
  const smsNoteId = useId();
  const saved = query.data ? toChoices(query.data.preferences) : null;
  const choices = edited ?? saved;
  const smsAvailable = query.data?.sms_available ?? false;
  const dirty = !!edited && !!saved && JSON.stringify(edited) !== JSON.stringify(saved);
  const { cells, rest } = placeErrors(save.error);
  const set = (kind: AlertKind, channel: AlertChannel, on: boolean) => {
    if (!choices) return;
    setEdited({ ...choices, [kind]: { ...choices[kind], [channel]: on } });
  };
  return (
    <Stack gap="xs" data-testid="alert-preferences">
      <Title order={2} size="h3">
        {t('alerts.settings.title')}
      </Title>
      <Text size="sm">{t('alerts.settings.intro')}</Text>
      {query.error && <ErrorAlert error={query.error} />}
      {!choices && !query.error && <LoadingBlock height={220} maw={640} label={t('alerts.settings.loading')} />}
      {choices && (
        <form
          aria-label={t('alerts.settings.title')}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(choices);
          }}
        >
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" withTableBorder>
                <Table.Caption>{t('alerts.settings.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('alerts.settings.kind')}</Table.Th>
                    {ALERT_CHANNELS.map((c) => (
                      <Table.Th key={c} scope="col" ta="center">
                        {t(`alerts.channels.${c}`)}
                        {c === 'sms' && !smsAvailable && (
                          <Text size="xs" fw={400} id={smsNoteId} data-testid="sms-note">
                            {t('alerts.settings.sms_needs_mobile')}
                          </Text>
                        )}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ALERT_KINDS.map((kind) => (
                    <Table.Tr key={kind}>
                      <Table.Th scope="row" fw={400}>
                        <Text size="sm" fw={600}>
                          {t(`alerts.kinds.${kind}`)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`alerts.kind_help.${kind}`)}
                        </Text>
                      </Table.Th>
                      {ALERT_CHANNELS.map((channel) => {
                        const error = cells.get(`${kind}.${channel}`);
                        const on = choices[kind][channel];
                        // Without a mobile number SMS can only be turned off (a choice made before the number went).
                        const locked = channel === 'sms' && !smsAvailable && !on;
                        return (
                          <Table.Td key={channel} ta="center">
                            <Checkbox
                              styles={{ body: { justifyContent: 'center' } }}
                              aria-label={t('alerts.settings.box', {
                                channel: t(`alerts.channels.${channel}`),
                                kind: t(`alerts.kinds.${kind}`),
                              })}
                              checked={on}
                              disabled={locked}
                              error={!!error}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? errorsId : channel === 'sms' && !smsAvailable ? smsNoteId : undefined}
                              onChange={(e) => set(kind, channel, e.currentTarget.checked)}
                            />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {(cells.size > 0 || rest.length > 0) && (
              <Alert color="red" role="alert" id={errorsId} title={t('alerts.settings.not_saved')}>
                <List size="sm">
                  {[...cells].map(([key, message]) => {
                    const [kind, channel] = key.split('.');
                    return (
                      <List.Item key={key}>
                        {t('alerts.settings.cell_error', {
                          kind: t(`alerts.kinds.${kind}`),
                          channel: t(`alerts.channels.${channel}`),
                          message: translateMessage(t, message),
                        })}
                      </List.Item>
                    );
                  })}
                  {rest.map((message) => (
                    <List.Item key={message}>{translateMessage(t, message)}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {save.error && !(isApiError(save.error) && save.error.status === 422) && <ErrorAlert error={save.error} />}
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                {t('alerts.settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

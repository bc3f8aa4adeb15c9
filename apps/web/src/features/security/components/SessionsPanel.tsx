import type { UserSession } from '@freight/contracts';
import { Badge, Box, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { useAuthUser } from '../../../lib/auth';
import { localeOf } from '../../../lib/format';
import { useFormat } from '../../../lib/useFormat';
import { endOtherSessions, endSession, listSessions, SESSIONS_KEY } from '../api/sessionsApi';

/** "Chrome 131 on macOS"; "Unknown browser" when the server could not tell. */
export function deviceWords(t: TFunction, s: Pick<UserSession, 'browser' | 'device'>) {
  if (s.browser && s.device) return t('security.sessions.browser_on', { browser: s.browser, device: s.device });
  if (s.browser) return s.browser;
  if (s.device) return t('security.sessions.unknown_browser_on', { device: s.device });
  return t('security.sessions.unknown_browser');
}

/** The country's name in the reader's language ("Estados Unidos"); the code when the browser has no name for it. */
function countryName(code: string, language: string) {
  try {
    return new Intl.DisplayNames(localeOf(language), { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where a session is: the local network, its place, or an unknown place. */
function placeWords(t: TFunction, s: UserSession, language: string) {
  if (s.local_network) return t('security.sessions.local_network');
  const p = s.place;
  const words = p ? [p.city, p.region, p.country && countryName(p.country, language)].filter(Boolean).join(', ') : '';
  return words || t('security.sessions.unknown_place');
}

/**
 * The user's signed-in sessions: on what and where each signed in, when it started and was last
 * active, this device marked. Any other one can be signed out, or all of them at once (after
 * asking); this one ends by logging out. Hidden while a second factor must be set up first.
 */
export function SessionsPanel() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const qc = useQueryClient();
  const mustEnrol = Boolean(useAuthUser()?.two_factor_enrolment_required);
  const list = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions, enabled: !mustEnrol });
  const [ending, setEnding] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // A signed-out session's button goes with it: focus moves to the list, never to the page's start.
  const listRef = useRef<HTMLUListElement & HTMLOListElement>(null);

  if (mustEnrol) return null;

  const afterChange = async (notice: { key: string; params?: Record<string, unknown> }) => {
    showNotice({ color: 'green', message: notice });
    await qc.invalidateQueries({ queryKey: SESSIONS_KEY });
    listRef.current?.focus();
  };

  const signOut = async (session: UserSession) => {
    setFailure(null);
    setEnding(session.id);
    try {
      await endSession(session.id);
      await afterChange({ key: 'security.sessions.signed_out' });
    } catch (e) {
      setFailure(e);
      // Gone already (ended elsewhere): the list shows what is left.
      void qc.invalidateQueries({ queryKey: SESSIONS_KEY });
    } finally {
      setEnding(null);
    }
  };

  const sessions = [...(list.data?.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current).length;

  return (
    <Section title={t('security.sessions.title')} testId="sessions">
      <Stack>
        <Text size="sm">{t('security.sessions.intro')}</Text>
        <QueryStatus query={list} />
        {list.data && (
          <List
            ref={listRef}
            tabIndex={-1}
            listStyleType="none"
            spacing="md"
            aria-label={t('security.sessions.list')}
            styles={{ itemWrapper: { display: 'block' }, itemLabel: { display: 'block' } }}
          >
            {sessions.map((session) => {
              const device = deviceWords(t, session);
              const where = `${placeWords(t, session, i18n.language)} · ${
                session.ip ? t('security.sessions.ip', { ip: session.ip }) : t('security.sessions.ip_unknown')
              }`;
              return (
                <List.Item key={session.id} data-testid="session">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                      <Group gap="xs">
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {device}
                        </Text>
                        {session.current && (
                          <Badge variant="light" size="sm">
                            {t('security.sessions.this_device')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {where}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('security.sessions.dates', {
                          started: format.dateTime(session.created_at),
                          seen: format.dateTime(session.last_seen_at),
                        })}
                      </Text>
                      {session.current && (
                        <Text size="sm" c="dimmed">
                          {t('security.sessions.current_hint')}
                        </Text>
                      )}
                    </Stack>
                    {!session.current && (
                      <Box>
                        <Button
                          variant="default"
                          color="red"
                          size="xs"
                          loading={ending === session.id}
                          aria-label={t('security.sessions.sign_out_named', { device, where })}
                          onClick={() => void signOut(session)}
                        >
                          {t('security.sessions.sign_out')}
                        </Button>
                      </Box>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
        {others > 0 && (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirmAll(true)}>
              {t('security.sessions.sign_out_others')}
            </Button>
          </Group>
        )}
        <ErrorAlert error={failure} />
      </Stack>
      {confirmAll && (
        <ConfirmActionDialog
          title={t('security.sessions.sign_out_others_title')}
          warning={t('security.sessions.sign_out_others_warning')}
          action={t('security.sessions.sign_out_others')}
          onCancel={() => setConfirmAll(false)}
          onConfirm={async () => {
            setFailure(null);
            try {
              const { data } = await endOtherSessions();
              setConfirmAll(false);
              await afterChange({ key: 'security.sessions.signed_out_others', params: { count: data.ended } });
            } catch (e) {
              setConfirmAll(false);
              setFailure(e);
            }
          }}
        />
      )}
    </Section>
  );
}

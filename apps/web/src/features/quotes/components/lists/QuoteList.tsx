import { QUOTE_MODES, type QuoteMode } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Badge, Button, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { listQuotes, QUOTES_KEY, type QuoteSummary } from '../../api/quotesApi';
import { localDate } from '../results/localDate';

const isMode = (v: string | null): v is QuoteMode => !!v && (QUOTE_MODES as readonly string[]).includes(v);

/** Rewrite some search params; an empty value removes the param. */
function withParams(old: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(old);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/**
 * Quote history or saved quotes (spec section 2): a server-paginated table with a search and a
 * mode filter. Page, search and mode live in the URL, so back and forward restore them.
 */
export function QuoteList({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = params.get('q') ?? '';
  const modeParam = params.get('mode');
  const mode = isMode(modeParam) ? modeParam : undefined;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;

  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // The URL wins when it changes by itself (back/forward): the box follows it.
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    if (q !== search.trim()) setSearch(q);
  }
  useEffect(() => {
    if (debounced !== q && debounced === search.trim()) setParams((p) => withParams(p, { q: debounced, page: null }), { replace: true });
  }, [debounced, q, search, setParams]);

  const query = useQuery({
    queryKey: [...QUOTES_KEY, 'list', { saved, page, perPage, q, mode }],
    queryFn: () => listQuotes({ saved, page, per_page: perPage, q: q || undefined, mode }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const filtered = !!q || !!mode;
  const lastPage = data?.meta.last_page;

  // A page past the end (an old link, or quotes deleted since) goes to the last page instead of an empty table.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage && !query.isPlaceholderData) {
      setParams((p) => withParams(p, { page: lastPage > 1 ? String(lastPage) : null }), { replace: true });
    }
  }, [lastPage, page, query.isPlaceholderData, setParams]);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={t('quotes.lists.search')}
          placeholder={t('quotes.lists.search_hint')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={64}
          w={320}
          maw="100%"
        />
        <NativeSelect
          label={t('quotes.lists.mode')}
          value={mode ?? ''}
          onChange={(e) => setParams((p) => withParams(p, { mode: e.currentTarget.value, page: null }))}
          data={[
            { value: '', label: t('quotes.lists.mode_all') },
            ...QUOTE_MODES.map((m) => ({ value: m, label: t(`shipping_modes.${m}`) })),
          ]}
          w={180}
        />
      </Group>

      <QueryStatus query={query} />

      {data && data.data.length > 0 && (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption>{t(saved ? 'quotes.lists.caption_saved' : 'quotes.lists.caption_history')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quotes.lists.columns.created')}</Table.Th>
                <Table.Th>{t('quotes.lists.columns.origin')}</Table.Th>
                <Table.Th>{t('quotes.lists.columns.destination')}</Table.Th>
                <Table.Th>{t('quotes.lists.columns.load')}</Table.Th>
                <Table.Th ta="right">{t('quotes.lists.columns.lowest')}</Table.Th>
                <Table.Th>{t('quotes.lists.columns.mode')}</Table.Th>
                <Table.Th>{t('quotes.lists.columns.client_ref')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('quotes.lists.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((row) => (
                <QuoteRow
                  key={row.id}
                  row={row}
                  showSaved={!saved}
                  onRerun={() => void navigate(paths.rerunQuote(row.id, row.mode))}
                  fmt={fmt}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {data && data.meta.total === 0 && (
        <Stack gap="sm" align="flex-start" py="md">
          {filtered ? (
            <>
              <Text>{t('quotes.lists.empty_filtered')}</Text>
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setParams((p) => withParams(p, { q: null, mode: null, page: null }));
                }}
              >
                {t('quotes.lists.clear_filters')}
              </Button>
            </>
          ) : (
            <>
              <Text>{t(saved ? 'quotes.lists.empty_saved' : 'quotes.lists.empty_history')}</Text>
              <Button component={Link} to={paths.quote}>
                {t('quotes.lists.get_quote')}
              </Button>
            </>
          )}
        </Stack>
      )}

      {data && data.meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('quotes.lists.total', { count: data.meta.total, formatted: fmt.number(data.meta.total) })}
          </Text>
          {data.meta.last_page > 1 && (
            <Pagination
              total={data.meta.last_page}
              value={Math.min(page, data.meta.last_page)}
              onChange={(p) => setParams((old) => withParams(old, { page: p > 1 ? String(p) : null }))}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

function QuoteRow({
  row,
  showSaved,
  onRerun,
  fmt,
}: {
  row: QuoteSummary;
  showSaved: boolean;
  onRerun: () => void;
  fmt: ReturnType<typeof useFormat>;
}) {
  const { t } = useTranslation();
  const place = (p: QuoteSummary['origin']) => t('quotes.lists.place', { postal_code: p.postal_code, country: p.country });
  const site = (p: QuoteSummary['origin']) => t(`quotes.form.site_types.${p.site_type}`, { defaultValue: p.site_type });
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{fmt.dateTime(row.created_at)}</Text>
        {showSaved && row.saved && (
          <Badge size="sm" variant="light" color="green" mt={4}>
            {t('quotes.lists.saved_badge')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{place(row.origin)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{place(row.destination)}</Table.Td>
      <Table.Td>
        <Text size="sm">{t('quotes.lists.load_sites', { origin: site(row.origin), destination: site(row.destination) })}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('quotes.lists.pickup', { date: fmt.date(localDate(row.pickup_date)) })}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {row.lowest_total_cents === null ? (
          <>
            <Text size="sm" span title={t('quotes.lists.no_rates')} aria-hidden>
              —
            </Text>
            <VisuallyHidden>{t('quotes.lists.no_rates')}</VisuallyHidden>
          </>
        ) : (
          <>
            <Text size="sm" fw={600}>
              {fmt.money(row.lowest_total_cents / 100, row.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('quotes.lists.rates', { count: row.rates_count })}
            </Text>
          </>
        )}
      </Table.Td>
      <Table.Td>{t(`shipping_modes.${row.mode}`)}</Table.Td>
      <Table.Td>{row.client_ref ?? ''}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" onClick={onRerun} title={t('quotes.lists.rerun_hint')}>
          {t('quotes.lists.rerun')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

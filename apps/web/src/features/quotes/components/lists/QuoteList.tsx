import { QUOTE_MODES, type QuoteMode } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ExportMenu } from '../../../../components/export/ExportMenu';
import { ListTable } from '../../../../components/list/ListTable';
import { MineSwitch, useMineFilter } from '../../../../components/list/MineSwitch';
import { PlaceText } from '../../../../components/list/PlaceText';
import { useListParams } from '../../../../components/list/useListParams';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { useCan } from '../../../../lib/permissions';
import { useFormat } from '../../../../lib/useFormat';
import { listQuotes, QUOTES_KEY, type QuoteSummary, unsaveQuote } from '../../api/quotesApi';
import { localDate } from '../results/localDate';

const isMode = (v: string | null): v is QuoteMode => !!v && (QUOTE_MODES as readonly string[]).includes(v);

/**
 * Quote history or saved quotes, the account's or the caller's own ('Mine'), each naming who ran
 * it: a server-paginated table with a search and a mode filter. Page, search, mode and 'Mine' live
 * in the URL, so back and forward restore them.
 */
export function QuoteList({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const user = useAuthUser();
  // Re-running and unsaving are quoting: a role that only reads quotes gets the list alone.
  const mayRun = useCan('quotes.run');
  const list = useListParams();
  const { page, q, search, setSearch } = list;
  const modeParam = list.params.get('mode');
  const mode = isMode(modeParam) ? modeParam : undefined;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const { mine, setMine, clearFilters } = useMineFilter(list);
  // Narrowed to the caller's own and nothing else: the way out is the whole account.
  const onlyMine = mine && !q && !mode;

  const query = useQuery({
    queryKey: [...QUOTES_KEY, 'list', { saved, page, perPage, q, mode, mine }],
    queryFn: () => listQuotes({ saved, page, per_page: perPage, q: q || undefined, mode, mine }),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const unsave = useMutation({ mutationFn: unsaveQuote, onSuccess: () => queryClient.invalidateQueries({ queryKey: QUOTES_KEY }) });

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
          onChange={(e) => list.update({ mode: e.currentTarget.value, page: null })}
          data={[
            { value: '', label: t('quotes.lists.mode_all') },
            ...QUOTE_MODES.map((m) => ({ value: m, label: t(`shipping_modes.${m}`) })),
          ]}
          w={180}
        />
        <MineSwitch mineLabel={t('quotes.lists.mine')} mine={mine} onChange={setMine} />
        <ExportMenu
          path="/api/quotes/export"
          query={{ saved: saved ? '1' : undefined, q: q || undefined, mode, mine: mine ? 'true' : undefined }}
          fileName={saved ? 'saved-quotes' : 'quotes'}
        />
      </Group>

      <ListTable
        list={{ ...list, clearFilters }}
        query={query}
        minWidth={960}
        caption={t(saved ? 'quotes.lists.caption_saved' : 'quotes.lists.caption_history')}
        head={
          <>
            <Table.Th>{t('quotes.lists.columns.created')}</Table.Th>
            <Table.Th>{t('quotes.lists.columns.origin')}</Table.Th>
            <Table.Th>{t('quotes.lists.columns.destination')}</Table.Th>
            <Table.Th>{t('quotes.lists.columns.load')}</Table.Th>
            <Table.Th ta="right">{t('quotes.lists.columns.lowest')}</Table.Th>
            <Table.Th>{t('quotes.lists.columns.mode')}</Table.Th>
            <Table.Th>{t('quotes.lists.columns.client_ref')}</Table.Th>
            {mayRun && (
              <Table.Th>
                <VisuallyHidden>{t('quotes.lists.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </>
        }
        row={(row) => (
          <QuoteRow
            key={row.id}
            row={row}
            showSaved={!saved}
            onRerun={mayRun ? () => void navigate(paths.rerunQuote(row.id, row.mode)) : undefined}
            onUnsave={mayRun && saved ? () => unsave.mutate(row.id) : undefined}
            fmt={fmt}
          />
        )}
        total={(count, formatted) => t('quotes.lists.total', { count, formatted })}
        empty={
          <>
            <Text>{t(saved ? 'quotes.lists.empty_saved' : 'quotes.lists.empty_history')}</Text>
            {mayRun && (
              <Button component={Link} to={paths.quote}>
                {t('quotes.lists.get_quote')}
              </Button>
            )}
          </>
        }
        emptyFiltered={t(onlyMine ? 'quotes.lists.empty_mine' : 'quotes.lists.empty_filtered')}
        clearLabel={t(onlyMine ? 'list.show_whole_account' : 'quotes.lists.clear_filters')}
        filtered={!!q || !!mode || mine}
        clears={['mode']}
      />
    </Stack>
  );
}

function QuoteRow({
  row,
  showSaved,
  onRerun,
  onUnsave,
  fmt,
}: {
  row: QuoteSummary;
  showSaved: boolean;
  /** Rate the quote's shipment again; without it (a role that does not quote) the row has no actions. */
  onRerun?: () => void;
  /** Saved Quotes only: take the quote out of them. */
  onUnsave?: () => void;
  fmt: ReturnType<typeof useFormat>;
}) {
  const { t } = useTranslation();
  const place = (p: QuoteSummary['origin']) =>
    p.city
      ? t('quotes.lists.place_named', { city: p.city, state: p.state, postal_code: p.postal_code })
      : t('quotes.lists.place', { postal_code: p.postal_code, country: p.country });
  const site = (p: QuoteSummary['origin']) => t(`quotes.form.site_types.${p.site_type}`, { defaultValue: p.site_type });
  const { load } = row;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{fmt.dateTime(row.created_at)}</Text>
        <Text size="xs" c="dimmed">
          {t('quotes.lists.number', { number: row.number })}
        </Text>
        {row.created_by && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
            {t('quotes.lists.created_by', { name: row.created_by.name })}
          </Text>
        )}
        {showSaved && row.saved && (
          <Badge size="sm" variant="light" color="green" mt={4}>
            {t('quotes.lists.saved_badge')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <PlaceText>{place(row.origin)}</PlaceText>
      </Table.Td>
      <Table.Td>
        <PlaceText>{place(row.destination)}</PlaceText>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('quotes.lists.load', { count: load.pieces, weight: fmt.weight(load.weight_lb) })}
          {load.classes.length > 0 && ` · ${t('quotes.lists.classes', { classes: load.classes.join(', '), count: load.classes.length })}`}
        </Text>
        <Text size="xs" c="dimmed">
          {t('quotes.lists.load_sites', { origin: site(row.origin), destination: site(row.destination) })}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('quotes.lists.pickup', { date: fmt.date(localDate(row.pickup_date)) })}
        </Text>
        {row.expires_at && (
          <Text size="xs" c="dimmed">
            {t(Date.parse(row.expires_at) <= Date.now() ? 'quotes.lists.expired' : 'quotes.lists.expires', {
              date: fmt.dateTime(row.expires_at),
            })}
          </Text>
        )}
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
      {onRerun && (
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Button size="xs" variant="light" onClick={onRerun} title={t('quotes.lists.rerun_hint')}>
              {t('quotes.lists.rerun')}
            </Button>
            {onUnsave && (
              <Button size="xs" variant="subtle" color="gray" onClick={onUnsave}>
                {t('quotes.lists.unsave')}
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

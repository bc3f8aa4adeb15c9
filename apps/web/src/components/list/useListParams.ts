import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation, useSearchParams } from 'react-router';

export type SortDir = 'asc' | 'desc';
type ParamChanges = Record<string, string | null>;

/** Rewrite some search params; an empty value removes the param. */
function withParams(old: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(old);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/**
 * The search params a list asked the router for last, and which of its asks the page has not shown
 * yet. A committed render that shows one of those asks is ours on its way (later asks stand); any
 * other is the URL changing by itself (back, forward, a link), and changes build on it from then.
 */
export class ParamsWriter {
  private latest: URLSearchParams;
  private pending: string[] = [];

  constructor(initial: URLSearchParams) {
    this.latest = new URLSearchParams(initial);
  }

  /** The params asked for last (what the page will show once its renders catch up). */
  asked(): URLSearchParams {
    return new URLSearchParams(this.latest);
  }

  /** The params after `changes`, remembered as asked for. */
  write(changes: ParamChanges): URLSearchParams {
    const next = withParams(this.latest, changes);
    if (next.toString() !== this.latest.toString()) this.pending.push(next.toString());
    this.latest = next;
    return new URLSearchParams(next);
  }

  /** React committed a render showing `params`. */
  committed(params: URLSearchParams) {
    const shown = params.toString();
    const ours = this.pending.indexOf(shown);
    if (ours >= 0) {
      this.pending.splice(0, ours + 1);
      return;
    }
    if (shown === this.latest.toString()) return;
    this.pending = [];
    this.latest = new URLSearchParams(params);
  }
}

/**
 * Whether the router is on its way to another page (a row or a link was followed and the page is
 * still loading). Read from the router's state directly: outside a data router (a component
 * test's MemoryRouter) there is no navigation to wait for, where `useNavigation` would throw.
 */
export function useLeavingPage(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const here = useLocation().pathname;
  const to = state?.navigation.location;
  return to !== undefined && to.pathname !== here;
}

/**
 * The state of a server-paginated list kept in the URL (`q`, `sort`, `dir`, `page`), so back and
 * forward restore it. `search` is the search box: typing reaches `q` debounced, and a `sort` not
 * in `sorts` is ignored.
 */
export function useListParams<S extends string = never>(sorts: readonly S[] = []) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort = sortParam && (sorts as readonly string[]).includes(sortParam) ? (sortParam as S) : undefined;
  const dir: SortDir | undefined = sort ? (params.get('dir') === 'desc' ? 'desc' : 'asc') : undefined;

  // Changes build on the params asked for last, not on those of the last render: a second change
  // made before the first reached the page (a quick hand, a busy machine) would drop the first.
  // What was rendered is only read once React commits it: a render can be left unfinished and an
  // older state rendered again after it (the router's updates are transitions), and reading
  // renders let such an older one undo a change on its way, so a status, then a mode, chosen at
  // once still left the status out.
  const writer = useRef<ParamsWriter | null>(null);
  writer.current ??= new ParamsWriter(params);
  const rendered = params.toString();
  useLayoutEffect(() => writer.current?.committed(new URLSearchParams(rendered)), [rendered]);
  const update = useCallback(
    (changes: ParamChanges | ((asked: URLSearchParams) => ParamChanges), options?: { replace?: boolean }) => {
      const w = writer.current as ParamsWriter;
      setParams(w.write(typeof changes === 'function' ? changes(w.asked()) : changes), { preventScrollReset: true, ...options });
    },
    [setParams],
  );
  // Page 1 stays out of the URL.
  const setPage = useCallback(
    (p: number, options?: { replace?: boolean }) => update({ page: p > 1 ? String(p) : null }, options),
    [update],
  );

  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // The URL wins when it changes by itself (back/forward): the box follows it. Our own debounced
  // write coming back is not such a change: the person may have typed on since (a pause longer
  // than the debounce, or a slow device), and following it would erase what they typed after it.
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    if (q !== debounced && q !== search.trim()) setSearch(q);
  }
  // A search that settles while the person is already leaving for a row's page is not written:
  // writing it would navigate back to the list and cancel the row they opened.
  const leaving = useLeavingPage();
  useEffect(() => {
    if (leaving) return;
    if (debounced !== q && debounced === search.trim()) update({ q: debounced, page: null }, { replace: true });
  }, [debounced, q, search, update, leaving]);

  /** Empty the search box and drop `q`, the page and any other filter params named. */
  const clearFilters = (...others: string[]) => {
    setSearch('');
    update({ q: null, ...Object.fromEntries(others.map((name) => [name, null])), page: null });
  };

  return {
    params,
    page,
    q,
    sort,
    dir,
    search,
    setSearch,
    update,
    /**
     * Sort by `column`: ascending, or descending when it is already the ascending sort. The sort
     * in force is read from the params asked for last, not from the render: a second click on a
     * header that lands before the first click's render would otherwise ask for ascending again.
     * Ascending is the default, so only `dir=desc` goes into the URL. `fallback` is the order
     * shown when the URL names none. (A method, so a list of any columns is a ListParams.)
     */
    sortBy(column: S, fallback?: { sort: S; dir: SortDir }) {
      update((asked) => {
        const askedSort = asked.get('sort');
        const named = askedSort !== null && (sorts as readonly string[]).includes(askedSort);
        const current = named ? askedSort : fallback?.sort;
        const currentDir = named ? (asked.get('dir') === 'desc' ? 'desc' : 'asc') : (fallback?.dir ?? 'asc');
        const descending = current === column && currentDir === 'asc';
        return { sort: column, dir: descending ? 'desc' : null, page: null };
      });
    },
    setPage,
    clearFilters,
  };
}

export type ListParams = ReturnType<typeof useListParams>;

/**
 * The order a list shows: the URL's sort (ascending unless `dir=desc`), else the server's
 * default; `sortBy` sorts by a column ascending, then descending, from the first page.
 */
export function sortOrder<S extends string>(
  list: { sort?: S; dir?: SortDir; sortBy: (column: S, fallback?: { sort: S; dir: SortDir }) => void },
  fallback: { sort: S; dir: SortDir },
) {
  const sort = list.sort ?? fallback.sort;
  const dir: SortDir = list.sort ? (list.dir ?? 'asc') : fallback.dir;
  const sortBy = (column: S) => list.sortBy(column, fallback);
  return { sort, dir, sortBy };
}

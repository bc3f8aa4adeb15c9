import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export type SortDir = 'asc' | 'desc';

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

  /** The params after `changes`, remembered as asked for. */
  write(changes: Record<string, string | null>): URLSearchParams {
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
    (changes: Record<string, string | null>, options?: { replace?: boolean }) =>
      setParams((writer.current as ParamsWriter).write(changes), options),
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
  useEffect(() => {
    if (debounced !== q && debounced === search.trim()) update({ q: debounced, page: null }, { replace: true });
  }, [debounced, q, search, update]);

  /** Empty the search box and drop `q`, the page and any other filter params named. */
  const clearFilters = (...others: string[]) => {
    setSearch('');
    update({ q: null, ...Object.fromEntries(others.map((name) => [name, null])), page: null });
  };

  return { params, page, q, sort, dir, search, setSearch, update, setPage, clearFilters };
}

export type ListParams = ReturnType<typeof useListParams>;

/**
 * The order a list shows: the URL's sort (ascending unless `dir=desc`), else the server's
 * default; `sortBy` sorts by a column ascending, then descending, from the first page.
 */
export function sortOrder<S extends string>(
  list: { sort?: S; dir?: SortDir; update: ListParams['update'] },
  fallback: { sort: S; dir: SortDir },
) {
  const sort = list.sort ?? fallback.sort;
  const dir: SortDir = list.sort ? (list.dir ?? 'asc') : fallback.dir;
  const sortBy = (column: S) => {
    const next = sort === column && dir === 'asc' ? 'desc' : 'asc';
    list.update({ sort: column, dir: next === 'desc' ? 'desc' : null, page: null });
  };
  return { sort, dir, sortBy };
}

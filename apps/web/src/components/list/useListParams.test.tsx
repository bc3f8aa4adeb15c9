import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, ScrollRestoration, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ParamsWriter, useListParams } from './useListParams';

/**
 * The hook on a list page inside a memory router whose navigations land `navigationDelayMs` after
 * they are asked for, as on a slow device; `seen.search` is the router's current query string.
 */
function renderList(initial: string, navigationDelayMs = 0, sorts: readonly string[] = []) {
  const seen = { search: '' };
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const hook = renderHook(
    () => {
      seen.search = useLocation().search;
      return useListParams(sorts);
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => {
        if (!router) {
          router = createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [initial] });
          const navigate = router.navigate.bind(router);
          router.navigate = ((...args: Parameters<typeof navigate>) => {
            setTimeout(() => void navigate(...args), navigationDelayMs);
            return Promise.resolve();
          }) as typeof navigate;
        }
        return <RouterProvider router={router} />;
      },
    },
  );
  return { hook, seen };
}

/** A list page that hands its hook's latest result to the test. */
function ListInto({ hook }: { hook: { list?: ReturnType<typeof useListParams> } }) {
  hook.list = useListParams();
  return null;
}

describe('the search box of a list kept in the URL', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('typing on while the debounced search is on its way to the URL keeps every character', () => {
    const { hook, seen } = renderList('/list', 100);
    act(() => hook.result.current.setSearch('06141410'));
    // A pause longer than the debounce sends the first part to the URL...
    act(() => vi.advanceTimersByTime(360));
    // ...and the person types on before that navigation lands.
    act(() => hook.result.current.setSearch('0614141009'));
    act(() => vi.advanceTimersByTime(100));
    expect(new URLSearchParams(seen.search).get('q')).toBe('06141410');
    expect(hook.result.current.search).toBe('0614141009');
    // The rest reaches the URL after its own debounce and navigation.
    act(() => vi.advanceTimersByTime(400));
    act(() => vi.advanceTimersByTime(200));
    expect(hook.result.current.search).toBe('0614141009');
    expect(new URLSearchParams(seen.search).get('q')).toBe('0614141009');
  });

  test('keys typed closer together than the debounce reach the URL once, as the whole word', () => {
    const { hook, seen } = renderList('/list');
    const searches: string[] = [];
    for (const typed of ['A', 'At', 'Atl', 'Atla', 'Atlan', 'Atlant', 'Atlanta']) {
      act(() => hook.result.current.setSearch(typed));
      act(() => vi.advanceTimersByTime(300));
      searches.push(seen.search);
    }
    expect(new Set(searches)).toEqual(new Set(['']));
    // The debounce's 350 ms after the last key, then the navigation it asks for.
    act(() => vi.advanceTimersByTime(60));
    act(() => vi.advanceTimersByTime(1));
    expect(new URLSearchParams(seen.search).get('q')).toBe('Atlanta');
  });

  test("a search that settles while a row's page is loading does not take the person back", async () => {
    let release = () => {};
    const loaded = new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
    const hook: { list?: ReturnType<typeof useListParams> } = {};
    const router = createMemoryRouter(
      [
        { path: '/list', element: <ListInto hook={hook} /> },
        { path: '/row', loader: () => loaded, element: <p>row</p> },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    act(() => hook.list?.setSearch('acme'));
    act(() => void router.navigate('/row'));
    act(() => vi.advanceTimersByTime(400));
    expect(router.state.navigation.location?.pathname).toBe('/row');
    await act(async () => {
      release();
      await loaded;
    });
    expect(router.state.location.pathname).toBe('/row');
    expect(router.state.location.search).toBe('');
  });

  test('the box follows the URL when it changes by itself (back, forward, a link)', () => {
    const { hook } = renderList('/list?q=first');
    expect(hook.result.current.search).toBe('first');
    act(() => {
      hook.result.current.update({ q: 'second' });
      vi.advanceTimersByTime(1);
    });
    expect(hook.result.current.search).toBe('second');
  });
});

describe('the sort of a list kept in the URL', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a second click on a header before the first reached the page sorts descending', () => {
    const { hook, seen } = renderList('/list?page=2', 100, ['name', 'city']);
    act(() => hook.result.current.sortBy('city'));
    act(() => hook.result.current.sortBy('city'));
    act(() => vi.advanceTimersByTime(200));
    expect(seen.search).toBe('?sort=city&dir=desc');
    act(() => hook.result.current.sortBy('city'));
    act(() => vi.advanceTimersByTime(200));
    expect(seen.search).toBe('?sort=city');
  });

  test("without a sort in the URL, the list's own order decides the first direction", () => {
    const { hook, seen } = renderList('/list', 0, ['name', 'due_date']);
    act(() => hook.result.current.sortBy('due_date', { sort: 'due_date', dir: 'asc' }));
    act(() => vi.advanceTimersByTime(1));
    expect(seen.search).toBe('?sort=due_date&dir=desc');
    act(() => hook.result.current.sortBy('name', { sort: 'due_date', dir: 'asc' }));
    act(() => vi.advanceTimersByTime(1));
    expect(seen.search).toBe('?sort=name');
  });
});

describe('the filters of a list kept in the URL', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a second filter chosen before the first reached the page keeps the first', () => {
    const { hook, seen } = renderList('/list?page=3', 100);
    // A status, then a mode, before the router has landed the first navigation.
    act(() => hook.result.current.update({ status: 'in_transit', page: null }));
    act(() => hook.result.current.update({ mode: 'ltl', page: null }));
    act(() => vi.advanceTimersByTime(200));
    const search = new URLSearchParams(seen.search);
    expect(search.get('status')).toBe('in_transit');
    expect(search.get('mode')).toBe('ltl');
    expect(search.get('page')).toBeNull();
  });

  test('filters cleared, then another chosen: the list has that one alone', () => {
    const { hook, seen } = renderList('/list?status=delivered');
    act(() => hook.result.current.update({ mode: 'parcel' }));
    act(() => vi.advanceTimersByTime(10));
    expect(new URLSearchParams(seen.search).get('mode')).toBe('parcel');
    act(() => hook.result.current.update({ status: null, mode: null }));
    act(() => vi.advanceTimersByTime(10));
    act(() => hook.result.current.update({ carrier: 'c1' }));
    act(() => vi.advanceTimersByTime(10));
    expect(seen.search).toBe('?carrier=c1');
  });
});

describe('the params a list asks the router for', () => {
  const asked = (w: ParamsWriter, changes: Record<string, string | null>) => w.write(changes).toString();

  test('the page showing an earlier ask while later ones are on their way keeps the later ones', () => {
    const w = new ParamsWriter(new URLSearchParams('page=3'));
    expect(asked(w, { status: 'in_transit', page: null })).toBe('status=in_transit');
    expect(asked(w, { mode: 'ltl' })).toBe('status=in_transit&mode=ltl');
    w.committed(new URLSearchParams('status=in_transit'));
    expect(asked(w, { carrier_id: 'c1' })).toBe('status=in_transit&mode=ltl&carrier_id=c1');
  });

  test('the URL changing by itself (back, a link) is what the next change builds on', () => {
    const w = new ParamsWriter(new URLSearchParams('status=delivered'));
    asked(w, { mode: 'parcel' });
    w.committed(new URLSearchParams('mode=parcel&status=delivered'));
    w.committed(new URLSearchParams('account=acme'));
    expect(asked(w, { mode: 'ltl' })).toBe('account=acme&mode=ltl');
  });

  test('an ask that changes nothing is not waited for', () => {
    const w = new ParamsWriter(new URLSearchParams('q=x'));
    asked(w, { q: 'x' });
    w.committed(new URLSearchParams('q=y'));
    expect(asked(w, { page: '2' })).toBe('q=y&page=2');
  });
});

describe('where the window is scrolled to', () => {
  afterEach(() => vi.restoreAllMocks());

  test("a list's filters and pages keep the reader's place; a link to another page opens at its top", async () => {
    const hook: { list?: ReturnType<typeof useListParams> } = {};
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <ScrollRestoration />
              <Outlet />
            </>
          ),
          children: [
            { path: '/list', element: <ListInto hook={hook} /> },
            { path: '/row', element: <h1>Row</h1> },
          ],
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    const scrolled = vi.spyOn(window, 'scrollTo');

    await act(async () => hook.list?.setPage(2));
    await act(async () => hook.list?.update({ status: 'delivered' }));
    expect(router.state.location.search).toBe('?page=2&status=delivered');
    expect(scrolled).not.toHaveBeenCalledWith(0, 0);

    await act(async () => router.navigate('/row'));
    expect(scrolled).toHaveBeenCalledWith(0, 0);
  });
});

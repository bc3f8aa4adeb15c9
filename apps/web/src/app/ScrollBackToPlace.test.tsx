import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ScrollBackToPlace } from './ScrollBackToPlace';

/**
 * jsdom lays nothing out, so the window here is a stand-in: a page of `height` pixels in a window
 * 800 high, where a scroll past the end stops at the end, as in a browser; the page's growth is
 * told to the ResizeObservers as a browser would.
 */
const page = { height: 800, y: 0 };
const observers: Array<() => void> = [];
const WINDOW_HEIGHT = 800;

beforeEach(() => {
  vi.useFakeTimers();
  page.height = 3000;
  page.y = 0;
  observers.length = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => page.y);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    page.y = Math.max(0, Math.min(y, page.height - WINDOW_HEIGHT));
  }) as typeof window.scrollTo);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly grown: () => void) {}
      observe() {
        observers.push(this.grown);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.grown), 1);
      }
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function grow(height: number) {
  page.height = height;
  for (const grown of [...observers]) grown();
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollRestoration />
            <ScrollBackToPlace />
            <Outlet />
          </>
        ),
        children: [
          { path: '/list', element: <p>list</p> },
          { path: '/detail', element: <p>detail</p> },
        ],
      },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** From 1500 px down the list to a detail page, then Back while the page is still 900 px tall: the list's rows come a moment after. */
async function backBeforeTheListIsDrawn() {
  const router = renderRoutes();
  page.y = 1500;
  await act(() => router.navigate('/detail'));
  expect(page.y).toBe(0);
  page.height = 900;
  await act(() => router.navigate(-1));
}

test('Back to a list drawn after the scroll ends at the reader’s place once the list is tall enough', async () => {
  await backBeforeTheListIsDrawn();
  expect(page.y).toBe(100);
  act(() => grow(3000));
  expect(page.y).toBe(1500);
});

test('a reader who moves the page before it has grown keeps it where they put it', async () => {
  await backBeforeTheListIsDrawn();
  window.dispatchEvent(new Event('wheel'));
  page.y = 40;
  act(() => grow(3000));
  expect(page.y).toBe(40);
});

test('a page that never grows is given up on', async () => {
  await backBeforeTheListIsDrawn();
  expect(observers).toHaveLength(1);
  act(() => vi.advanceTimersByTime(2000));
  expect(observers).toHaveLength(0);
});

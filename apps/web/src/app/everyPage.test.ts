import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE, REDIRECTS } from '../../../../e2e/support/every-page';
import { routes } from './router';

/** Every path the router matches, as one pattern from the root: a layout without a path adds nothing, an index is its parent's. */
function patternsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const matched = route.index || route.path !== undefined ? [own || '/'] : [];
    return [...matched, ...patternsOf(route.children ?? [], own)];
  });
}

const routerPatterns = [...new Set(patternsOf(routes))];
const walked = EVERY_PAGE.map((page) => page.pattern);
const listed = [...walked, ...REDIRECTS.map((r) => r.pattern)];

describe('the accessibility walk (e2e/support/every-page.ts)', () => {
  it('walks every route of the web router, or lists it as a redirect', () => {
    const missing = routerPatterns.filter((pattern) => !listed.includes(pattern));
    expect(missing, 'routes to add to e2e/support/every-page.ts').toEqual([]);
  });

  it('lists no pattern the router no longer has', () => {
    const stale = listed.filter((pattern) => !routerPatterns.includes(pattern));
    expect(stale, 'patterns to remove from e2e/support/every-page.ts').toEqual([]);
  });

  it('walks each pattern once', () => {
    expect(listed.filter((pattern, i) => listed.indexOf(pattern) !== i)).toEqual([]);
  });

  it('reads the router as the walk names its routes', () => {
    expect(routerPatterns).toEqual(
      expect.arrayContaining(['/', '/login', '/settings/account', '/admin/accounts/:id', '/quote/:id/:return?', '/admin/*', '/*']),
    );
  });
});

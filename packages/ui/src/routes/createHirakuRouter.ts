import { createBrowserRouter, createHashRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { buildAppRoutes } from './routeTable';

/** 'browser' for the web app, 'hash' for Electron (file:// has no history API), 'memory' for tests. */
export type RouterKind = 'browser' | 'hash' | 'memory';

export type HirakuRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Create once, at module level in the host: a router owns a history listener, and one made during
 * render would be made twice under StrictMode.
 */
export function createHirakuRouter(
  kind: RouterKind,
  options: { initialEntries?: string[]; routes?: RouteObject[] } = {},
): HirakuRouter {
  const routes = options.routes ?? buildAppRoutes();
  switch (kind) {
    case 'browser':
      return createBrowserRouter(routes);
    case 'hash':
      return createHashRouter(routes);
    case 'memory':
      return createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  }
}

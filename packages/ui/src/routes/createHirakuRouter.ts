import {
  matchRoutes,
  NavigationType,
  parsePath,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createHashHistory as createHashHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Blocker,
  type BlockerFunction,
  type Location,
  type Navigator,
  type RouteObject,
  type To,
} from 'react-router-dom';

/** 'browser' for the web app, 'hash' for Electron (file:// has no history API), 'memory' for tests. */
export type RouterKind = 'browser' | 'hash' | 'memory';

export interface HirakuRouterState {
  location: Location;
  historyAction: NavigationType;
  /** False until the first location's lazy screens have loaded. */
  initialized: boolean;
  /** Why the last navigation could not load its screens (a chunk that failed to download), shown by the error page. */
  error: unknown;
  /** A move that asked to keep the scroll position (`<Link preventScrollReset>`). */
  preventScrollReset: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

/**
 * The router of the app: react-router's history, matching and components (`<Router>`, `useRoutes`, `Link`,
 * hooks) with the little of a "data router" this app uses: routes' `lazy` screens loaded before the move
 * is shown, one blocker (the report form's leave warning), scroll positions kept per history entry, and
 * `navigate`/`state`/`subscribe` for code outside React. react-router's own data router (createRouter,
 * RouterProvider: loaders, actions, fetchers, revalidation, server rendering) is ~17 KiB gzip of the first
 * paint that nothing here uses; docs/decisions.md (web bundle).
 */
export interface HirakuRouter {
  readonly state: HirakuRouterState;
  readonly routes: RouteObject[];
  /** What `<Router navigator>` gets: links and `useNavigate` go through the blocker and the lazy loading. */
  readonly navigator: Navigator;
  subscribe(listener: (state: HirakuRouterState) => void): () => void;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  /** The route table with every loaded `lazy` screen in place (a new array each time one more has loaded). */
  resolvedRoutes(): RouteObject[];
  /** At most one blocker at a time (useBlocker); `key` tells the current one's owner apart from an old one. */
  setBlocker(key: string, shouldBlock: BlockerFunction | null): void;
  blocker(key: string): Blocker;
  subscribeBlocker(listener: () => void): () => void;
  /** Scroll positions by history entry key, kept for the session (ScrollRestoration reads and saves them). */
  readonly scrollPositions: Record<string, number>;
  /**
   * The first location is shown once its screens and `until` have settled, so a screen whose data was asked
   * for as the app started paints once, with it, instead of once empty and again filled (issue 22: LCP).
   * Ignored once the first location is shown; the caller bounds how long `until` may take.
   */
  holdFirstScreen(until: Promise<unknown>): void;
  dispose(): void;
}

/** Settles once the router has shown its first address (its lazy screens loaded): for code that renders it once, outside a browser. */
export function firstScreenShown(router: HirakuRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const IDLE_BLOCKER: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

type LazyProps = Omit<RouteObject, 'lazy' | 'children' | 'index' | 'path' | 'id'>;

/**
 * Create once, at module level in the host: a router owns a history listener, and one made during
 * render would be made twice under StrictMode. The host hands in the routes (buildAppRoutes() for the
 * web app, buildOperatorRoutes() for the desktop app): the router sits below the screens and their
 * layout, so it never imports them (importCycles.test.ts).
 */
export function createHirakuRouter(kind: RouterKind, options: { initialEntries?: string[]; routes: RouteObject[] }): HirakuRouter {
  const { routes } = options;
  const history =
    kind === 'browser' ? createBrowserHistory() : kind === 'hash' ? createHashHistory() : createMemoryHistory({ initialEntries: options.initialEntries ?? ['/'] });

  const firstScreenHolds: Promise<unknown>[] = [];
  const loaded = new Map<RouteObject, LazyProps>();
  const loading = new Map<RouteObject, Promise<void>>();
  let resolved: RouteObject[] | null = null;

  const listeners = new Set<(state: HirakuRouterState) => void>();
  const blockerListeners = new Set<() => void>();
  const scrollPositions: Record<string, number> = {};
  let blockerKey = '';
  let blockerFunction: BlockerFunction | null = null;
  let blockerState: Blocker = IDLE_BLOCKER;
  // The number of the latest move: an older one whose screens finish loading later is dropped.
  let navigationId = 0;
  // A POP this router caused itself (undoing a blocked back/forward), not the visitor.
  let ignoreNextPop: (() => void) | null = null;

  let state: HirakuRouterState = {
    location: history.location,
    historyAction: history.action,
    initialized: false,
    error: null,
    preventScrollReset: false,
  };

  const router: HirakuRouter = {
    get state() {
      return state;
    },
    routes,
    navigator: {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => void router.navigate(delta),
      push: (to, state, opts) => void router.navigate(to, { state, preventScrollReset: opts?.preventScrollReset }),
      replace: (to, state, opts) => void router.navigate(to, { replace: true, state, preventScrollReset: opts?.preventScrollReset }),
    },
    scrollPositions,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    resolvedRoutes() {
      resolved ??= withLoadedScreens(routes);
      return resolved;
    },

    async navigate(to, navigateOptions = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = typeof to === 'string' ? parsePath(to) : to;
      const action = navigateOptions.replace ? NavigationType.Replace : NavigationType.Push;
      const nextLocation: Location = {
        pathname: path.pathname ?? state.location.pathname,
        search: path.search ?? '',
        hash: path.hash ?? '',
        state: navigateOptions.state ?? null,
        key: 'pending',
      };
      if (blocks(nextLocation, action)) {
        block(nextLocation, () => go(to, action, navigateOptions));
        return;
      }
      await go(to, action, navigateOptions);
    },

    setBlocker(key, shouldBlock) {
      if (shouldBlock) {
        blockerKey = key;
        blockerFunction = shouldBlock;
      } else if (key === blockerKey) {
        blockerKey = '';
        blockerFunction = null;
        setBlockerState(IDLE_BLOCKER);
      }
    },
    blocker: (key) => (key === blockerKey ? blockerState : IDLE_BLOCKER),
    subscribeBlocker(listener) {
      blockerListeners.add(listener);
      return () => blockerListeners.delete(listener);
    },

    holdFirstScreen(until) {
      if (!state.initialized) firstScreenHolds.push(until);
    },

    dispose() {
      unlisten();
      listeners.clear();
      blockerListeners.clear();
    },
  };

  function withLoadedScreens(list: RouteObject[]): RouteObject[] {
    return list.map((route) => {
      const screen = loaded.get(route);
      const children = route.children ? withLoadedScreens(route.children) : undefined;
      return { ...route, ...screen, lazy: undefined, children } as RouteObject;
    });
  }

  /** Loads the `lazy` screens the location matches (each once); the move is shown only when they are here. */
  function loadScreens(pathname: string): Promise<unknown> {
    const matches = matchRoutes(routes, pathname) ?? [];
    return Promise.all(
      matches.map(({ route }) => {
        const lazy = route.lazy;
        if (typeof lazy !== 'function' || loaded.has(route)) return undefined;
        let promise = loading.get(route);
        if (!promise) {
          promise = Promise.resolve(lazy()).then(
            (props) => {
              loaded.set(route, props as LazyProps);
              resolved = null;
            },
            (error: unknown) => {
              // Not kept: the next visit to the route tries the download again.
              loading.delete(route);
              throw error;
            },
          );
          loading.set(route, promise);
        }
        return promise;
      }),
    );
  }

  function update(next: Partial<HirakuRouterState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  }

  async function show(id: number, action: NavigationType, location: Location, commit: () => Location, preventScrollReset = false) {
    let error: unknown = null;
    try {
      await loadScreens(location.pathname);
    } catch (failure) {
      error = failure;
    }
    if (!state.initialized) await Promise.allSettled(firstScreenHolds);
    if (id !== navigationId) return;
    if (state.initialized && typeof window !== 'undefined') scrollPositions[state.location.key] = window.scrollY;
    update({ location: commit(), historyAction: action, initialized: true, error, preventScrollReset });
    if (blockerState.state === 'proceeding') setBlockerState(IDLE_BLOCKER);
  }

  function go(to: To, action: NavigationType, navigateOptions: NavigateOptions): Promise<void> {
    navigationId += 1;
    const id = navigationId;
    const path = typeof to === 'string' ? parsePath(to) : to;
    return show(
      id,
      action,
      { ...state.location, pathname: path.pathname ?? state.location.pathname },
      () => {
        if (action === NavigationType.Replace) history.replace(to, navigateOptions.state);
        else history.push(to, navigateOptions.state);
        return history.location;
      },
      navigateOptions.preventScrollReset,
    );
  }

  function blocks(nextLocation: Location, historyAction: NavigationType): boolean {
    return blockerFunction !== null && blockerState.state === 'unblocked' && blockerFunction({ currentLocation: state.location, nextLocation, historyAction });
  }

  function setBlockerState(next: Blocker) {
    blockerState = next;
    for (const listener of blockerListeners) listener();
  }

  function block(location: Location, proceed: () => void) {
    setBlockerState({
      state: 'blocked',
      location,
      proceed() {
        setBlockerState({ state: 'proceeding', location, proceed: undefined, reset: undefined });
        proceed();
      },
      reset() {
        setBlockerState(IDLE_BLOCKER);
      },
    });
  }

  // Back and forward: the address has already changed. A blocked one is undone at once (go back the other
  // way) and, if the member then chooses to leave, redone.
  const unlisten = history.listen(({ action, location, delta }) => {
    if (ignoreNextPop) {
      ignoreNextPop();
      ignoreNextPop = null;
      return;
    }
    if (delta !== null && blocks(location, action)) {
      const undone = new Promise<void>((resolve) => {
        ignoreNextPop = resolve;
      });
      history.go(-delta);
      block(location, () => {
        void undone.then(() => history.go(delta));
      });
      return;
    }
    navigationId += 1;
    void show(navigationId, action, location, () => location);
  });

  navigationId += 1;
  void show(navigationId, history.action, history.location, () => history.location);
  return router;
}

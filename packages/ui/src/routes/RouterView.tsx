import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Router, useRoutes, type Blocker, type BlockerFunction, type Location, type RouteObject } from 'react-router-dom';
import type { HirakuRouter } from './createHirakuRouter';

/*
 * The React side of createHirakuRouter: what RouterProvider did for this app, on react-router's
 * declarative <Router> and useRoutes. Screens use react-router's Link, NavLink, Navigate and hooks as
 * before; useBlocker, useRouteError and ScrollRestoration come from here.
 */

const RouterContext = createContext<HirakuRouter | null>(null);
const RouteErrorContext = createContext<unknown>(null);

function useRouter(hook: string): HirakuRouter {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} needs HirakuRouterProvider`);
  return router;
}

/** The error that the route error page shows (a render that threw, or a screen that could not be downloaded). */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  location: Location;
  loadError: unknown;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The location the error happened at: a move elsewhere clears it, as react-router's errorElement does. */
  at: Location | null;
}

/** The root route's errorElement, shown instead of the whole layout when rendering throws. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return { at: props.location };
    return state.at === props.location ? null : { error: null, at: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route render failed', error, info.componentStack);
  }

  override render() {
    const error = this.state.error ?? this.props.loadError;
    if (error === null || error === undefined) return this.props.children;
    return <RouteErrorContext.Provider value={error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

function Routes({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}

/** Renders the router's current location; nothing until the first screen's chunk is here (a few ms from cache). */
export function HirakuRouterProvider({ router }: { router: HirakuRouter }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state, () => router.state);
  if (!state.initialized) return null;
  const routes = router.resolvedRoutes();
  return (
    <RouterContext.Provider value={router}>
      <Router location={state.location} navigationType={state.historyAction} navigator={router.navigator}>
        <RouteErrorBoundary location={state.location} loadError={state.error} fallback={routes[0]?.errorElement}>
          <Routes routes={routes} location={state.location} />
        </RouteErrorBoundary>
      </Router>
    </RouterContext.Provider>
  );
}

let blockerCount = 0;

/**
 * Holds a move inside the app while `shouldBlock` says so: the answer is `blocked` with `proceed` and
 * `reset`, as react-router's own useBlocker (one blocker at a time).
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useRouter('useBlocker');
  const [key] = useState(() => {
    blockerCount += 1;
    return String(blockerCount);
  });
  useEffect(() => {
    router.setBlocker(key, shouldBlock);
  }, [router, key, shouldBlock]);
  useEffect(() => () => router.setBlocker(key, null), [router, key]);
  const current = useCallback(() => router.blocker(key), [router, key]);
  return useSyncExternalStore(router.subscribeBlocker, current, current);
}

const STORAGE_KEY = 'react-router-scroll-positions';

/**
 * After each move: back and forward return to where the page was scrolled, a new page starts at the top
 * (or at its #anchor). Positions survive a reload in sessionStorage, under react-router's own key.
 */
export function ScrollRestoration() {
  const router = useRouter('ScrollRestoration');
  const { location, preventScrollReset } = useSyncExternalStore(router.subscribe, () => router.state, () => router.state);

  useLayoutEffect(() => {
    try {
      Object.assign(router.scrollPositions, JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}'));
    } catch {
      // A damaged entry only loses the saved positions.
    }
    window.history.scrollRestoration = 'manual';
    const save = () => {
      router.scrollPositions[router.state.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(router.scrollPositions));
      } catch {
        // Storage full or refused: positions are then kept for this page only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);

  useLayoutEffect(() => {
    const saved = router.scrollPositions[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else if (!preventScrollReset) window.scrollTo(0, 0);
  }, [router, location, preventScrollReset]);

  return null;
}

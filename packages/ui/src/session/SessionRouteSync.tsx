import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { needsSessionCheck } from './sessionCheckPaths';
import { useSession } from './SessionContext';

/** Lives inside the router: checks the session on every route change that docs/product.md §2 asks for. */
export function SessionRouteSync() {
  const { pathname } = useLocation();
  const { check, routeChanged } = useSession();
  useEffect(() => {
    routeChanged();
    if (needsSessionCheck(pathname)) void check();
  }, [pathname, check, routeChanged]);
  return null;
}

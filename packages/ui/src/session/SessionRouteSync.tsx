import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from './SessionContext';

/** Lives inside the router: tells the session of every route change (it checks where docs/product.md §2 asks). */
export function SessionRouteSync() {
  const { pathname } = useLocation();
  const { routeChanged } = useSession();
  useEffect(() => {
    routeChanged(pathname);
  }, [pathname, routeChanged]);
  return null;
}

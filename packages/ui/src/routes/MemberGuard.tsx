import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SHELL_TEXTS } from '@hiraku/shared';
import type { LoginRedirectState } from '../session/returnTo';
import { useSession } from '../session/SessionContext';
import { PATHS } from './paths';

/**
 * The one place that decides whether a visitor may see a members-only screen (docs/product.md §2 sends
 * everyone else to /login). It remembers where they were going so /login can bring them back.
 */
export function MemberGuard() {
  const { status, expired, leaving } = useSession();
  const location = useLocation();
  if (status === 'unknown') {
    return (
      <p role="status" className="session-checking">
        {SHELL_TEXTS.sessionChecking}
      </p>
    );
  }
  // Logging out or deleting the account heads for the top page; /login would be the wrong stop on the way.
  if (status === 'unauthenticated' && leaving) return null;
  if (status === 'unauthenticated') {
    const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search }, reason: expired ? 'expired' : 'required' };
    return <Navigate to={PATHS.login} replace state={state} />;
  }
  return <Outlet />;
}
